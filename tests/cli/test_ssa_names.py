"""`jlir ssa --argnames … --self NAME`: the slot numbers a slot-form print does not show, given by the user.

On Julia 1.5.3's own record of a keyword sorter (`tests/data/oracle/ssa-classes-1.5.3.jsonl.gz`, class
`named-self`): its `optimize=false` print calls slot 1 by the name `#s827` and has two unnamed arguments (`@_2`,
`@_3`) before `c`; Julia's `slot2reg` + `compact!` of it reads `(_1)(_2, _3, _4, …)`.
"""
from __future__ import annotations

import gzip
import json
from pathlib import Path

from support.cli import run_jlir

DATA = Path(__file__).resolve().parents[1] / "data" / "oracle" / "ssa-classes-1.5.3.jsonl.gz"


def _record() -> dict:
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        return next(r for r in map(json.loads, f) if r["class"] == "named-self")


def test_self_and_argnames_with_empty_places_number_the_slots_as_julia_does(tmp_path):
    record = _record()
    src = tmp_path / "kw.txt"
    src.write_text(record["unoptimized"], encoding="utf-8")
    argnames = ",".join(record["argnames"])                   # ",,c": the unnamed arguments keep their places
    done = run_jlir("ssa", src, "--argnames", argnames, "--self", record["self"], "--form", "ircode", text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.rstrip("\n") == record["ssa"].rstrip("\n")


def test_without_self_the_function_stays_named_as_printed(tmp_path):
    record = _record()
    src = tmp_path / "kw.txt"
    src.write_text(record["unoptimized"], encoding="utf-8")
    done = run_jlir("ssa", src, "--argnames", ",".join(record["argnames"]), "--form", "ircode", text=True)
    assert done.returncode == 0, done.stderr
    assert f"({record['self']})(_2, _3, _4," in done.stdout
