"""`jlir cfg --after inlining` on Julia 1.5.3's own print of `#719#720` after inlining (the `inlining` stage of
`scripts/check/oracle.jl`, in `tests/data/oracle/fixed-classes-1.5.3.jsonl.gz`): Julia's `ir.cfg` there lists
each union split's case first, as the inliner built it; without the option jlir lists compute_basic_blocks'
order, which is Julia's for a finished IRCode."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

from jlir.cli.app import main

DATA = Path(__file__).resolve().parents[1] / "data" / "oracle" / "fixed-classes-1.5.3.jsonl.gz"


def _stage() -> dict:
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        record = next(r for r in map(json.loads, f) if 'var"#719#720"' in r["target"])
    return next(s for s in record["stages"] if s["name"] == "inlining")


def test_after_inlining_the_successors_are_julias_ir_cfg(capsys, tmp_path):
    stage = _stage()
    path = tmp_path / "inlined.txt"
    path.write_text(stage["text"], encoding="utf-8")
    julia = [b["succs"] for b in stage["julia"]["cfg"]["blocks"]]

    assert main(["cfg", str(path), "--format", "json", "--after", "inlining"]) == 0
    assert [b["succs"] for b in json.loads(capsys.readouterr().out)["blocks"]] == julia
    assert main(["cfg", str(path), "--after", "inlining"]) == 0
    listing = capsys.readouterr().out.splitlines()
    assert listing[22] == "23\t=>\t24, 25" and len(listing) == len(julia)   # the case block first

    assert main(["cfg", str(path), "--format", "json"]) == 0
    plain = [b["succs"] for b in json.loads(capsys.readouterr().out)["blocks"]]
    assert plain != julia and [sorted(s) for s in plain] == [sorted(s) for s in julia]


def test_after_inlining_and_compact_every_union_split_lists_its_case_first(capsys, tmp_path):
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        record = next(r for r in map(json.loads, f) if 'var"#719#720"' in r["target"])
    stage = next(s for s in record["stages"] if s["name"] == "type_lift")
    path = tmp_path / "lifted.txt"
    path.write_text(stage["text"], encoding="utf-8")
    assert main(["cfg", str(path), "--format", "json", "--after", "type_lift"]) == 0
    assert [b["succs"] for b in json.loads(capsys.readouterr().out)["blocks"]] == \
        [b["succs"] for b in stage["julia"]["cfg"]["blocks"]]
