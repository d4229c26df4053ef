"""One real Julia 1.5.3 record per class of `compact` vs `compact!` and `jlir ssa` vs slot2reg + `compact!`
disagreement that was closed: jlir's print equals Julia's byte for byte.

The records (`tests/data/oracle/compact-ssa-classes-1.5.3.jsonl.gz`) are cut from the oracle's cache
(`scripts/check/oracle.jl`): the stage print Julia gave and Julia's `compact!` of it, or the `optimize=false`
print and Julia's slot2reg + `compact!` of it; `why` names the class; `isva` and `sparams` (what the
instance's argument and static parameter types are made of) come from `oracle.jl --signatures`.
"""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from jlir.oracle.checks import Outcome, check_compact, check_ssa
from jlir.oracle.run import _read, instance_types

RECORDS = Path(__file__).resolve().parents[1] / "data" / "oracle" / "compact-ssa-classes-1.5.3.jsonl.gz"


def _records() -> list[dict]:
    with gzip.open(RECORDS, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


CASES = _records()


@pytest.mark.parametrize("record", [r for r in CASES if "stage" in r], ids=lambda r: r["why"])
def test_compact_prints_what_julias_compact_prints(record):
    stage = record["stage"]
    assert check_compact(stage["text"], stage["compact"], instance_types(record)) == Outcome("equal")


@pytest.mark.parametrize("record", [r for r in CASES if "ssa" in r], ids=lambda r: r["why"])
def test_ssa_prints_what_julias_slot2reg_and_compact_print(record):
    fn, refused = _read(record["unoptimized"])
    assert refused is None
    assert check_ssa(fn, record["ssa"], record["argnames"], instance_types(record)) == Outcome("equal")


def test_the_records_hold_both_kinds():
    assert sum("stage" in r for r in CASES) == 5 and sum("ssa" in r for r in CASES) == 8
