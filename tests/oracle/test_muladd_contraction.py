"""The interpreter row's `muladd-contraction` rule, on Julia 1.5.3's own record of `Base.Math.log_proc2`
(`muladd-1.5.3.jsonl.gz`, made by `scripts/check/oracle.jl --interp`): Julia's compiled code fused its
`muladd_float`s into fmas (`log_proc2(-1.5)` is `-5128.723157540464` there), jlir's interpreter rounds twice
as Julia's runtime intrinsic does (`…463`).  Both are answers `muladd` permits, so the run counts under the
rule, and only because the fused run gives exactly Julia's answer."""
from __future__ import annotations

import copy
import gzip
import json
from pathlib import Path

from jlir.oracle.interp import RecordCallees, check_interp
from jlir.semantics.fused import fused_muladd
from jlir.semantics.intrinsics import INTRINSICS

DATA = Path(__file__).resolve().parents[1] / "data" / "oracle"


def _record() -> dict:
    with gzip.open(DATA / "muladd-1.5.3.jsonl.gz", "rt", encoding="utf-8") as f:
        return json.loads(f.readline())


def test_muladd_rounds_twice_by_default_and_once_when_fused():
    muladd, fma = INTRINSICS["muladd_float"], INTRINSICS["fma_float"]
    x, y, z = 0.1, 10.0, -1.0       # 0.1*10 rounds to exactly 1.0; fused keeps the 5.55e-17 it lost
    assert muladd("Float64", x, y, z) == 0.0
    with fused_muladd():
        assert muladd("Float64", x, y, z) == fma("Float64", x, y, z) == 5.551115123125783e-17
    assert muladd("Float64", x, y, z) == 0.0


def test_a_run_equal_to_julias_only_when_fused_is_the_muladd_contraction_rule():
    record = _record()
    outcomes = check_interp(record, RecordCallees([record]))
    assert [o.verdict for o in outcomes] == ["equal", "equal", "rule"]
    assert outcomes[2].detail == "muladd-contraction"


def test_a_run_the_fused_rounding_does_not_explain_stays_wrong():
    record = copy.deepcopy(_record())
    record["interp"]["runs"][2]["outcome"] = ["ok", "Float64", "-5128.723157540465"]
    outcomes = check_interp(record, RecordCallees([record]))
    assert outcomes[2].verdict == "wrong"
