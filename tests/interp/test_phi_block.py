"""A `nothing` among a block's φs: Julia 1.5's `compact!` (`simple_dce!`) turns an unused φ into `nothing` where it
stands, so the φ block runs to its last φ (Julia's `eval_phi`, `src/interpreter.c`).  On Julia's own print of
`compact!` after slot2reg of `phiblock` (`tests/oracle/test_compact_generated.py`), with Julia's recorded runs."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

from jlir.interp.builtin import BaseProvider
from jlir.oracle.interp import check_interp

DATA = Path(__file__).resolve().parents[1] / "data" / "oracle" / "compact-generated-1.5.3.jsonl.gz"


def test_a_nothing_among_phis_is_part_of_the_phi_block():
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        record = next(r for r in map(json.loads, f) if "phiblock" in r["target"])
    text = record["stages"][0]["compact"]
    assert "9  5 ┄       nothing::Int32\n   │   %10 = φ (#4 => %8, #3 => _3)::Int64" in text
    outcomes = check_interp({**record, "print": text}, BaseProvider(), key="print")
    assert [o.verdict for o in outcomes] == ["equal", "equal"]
