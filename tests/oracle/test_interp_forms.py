"""The oracle's interpreter row in every form Julia prints (typed, IRCode, `optimize=false`, lowered), on records
Julia 1.5.3 made (`tests/data/oracle/interp-forms-1.5.3.jsonl.gz`: `scripts/check/oracle.jl --interp-forms` for
the instances, the runs of `--interp`, and the `--callees` records of the callees they load), callees from the
records then jlir's built-in Base methods, as `oracle.py --callee-records … --builtin-callees` runs them."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

from jlir.interp.builtin import BaseProvider
from jlir.oracle import check_record
from jlir.oracle.interp import Chain, RecordCallees

DATA = Path(__file__).resolve().parents[1] / "data" / "oracle" / "interp-forms-1.5.3.jsonl.gz"


def _records() -> list[dict]:
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def _outcomes(target: str) -> dict:
    records = _records()
    callees = Chain(RecordCallees(records), BaseProvider())
    record = next(r for r in records if r["target"] == target)
    out: dict = {}
    for check, form, o in check_record(record, callees):
        if check == "interp":
            out.setdefault(form, []).append(o.verdict)
    return out


def test_every_form_of_each_recorded_instance_runs_and_equals_julia_or_is_refused():
    records = _records()
    callees = Chain(RecordCallees(records), BaseProvider())
    forms: dict = {}
    for record in (r for r in records if "interp" in r):
        for check, form, o in check_record(record, callees):
            if check == "interp":
                assert o.verdict != "wrong", (record["target"], form, o.detail)
                forms.setdefault(form, []).append(o.verdict)
    assert set(forms) == {"typed", "ircode", "optimize=false", "lowered", "ssa of optimize=false",
                          "out-of-ssa of ssa"}
    assert all(v.count("equal") >= 24 for v in forms.values()), {f: v.count("equal") for f, v in forms.items()}


def test_slot_forms_run_through_the_promotion_inference_folded_away():
    """`-(::UInt64, ::Bool)`'s `optimize=false` and lowered code call `Base.promote_typeof`, whose instance keeps no
    IR (inference folds it): run natively, as promotion.jl computes it."""
    out = _outcomes("Tuple{typeof(-),UInt64,Bool}")
    assert out == {form: ["equal"] * 3 for form in ("typed", "ircode", "optimize=false", "lowered",
                                                    "ssa of optimize=false", "out-of-ssa of ssa")}


def test_a_vararg_callee_of_one_trailing_argument_takes_it_as_a_tuple():
    """`tail(x) = argtail(x...)`: `argtail(x, rest...) = rest` with one trailing argument returns `(3,)`, not 3;
    the callee's vararg flag comes with its record."""
    out = _outcomes("Tuple{typeof(Base.tail),Tuple{Float64,Int64}}")
    assert out["lowered"] == out["optimize=false"] == ["equal"] * 3


def test_core_compilers_own_division_is_not_bases():
    """`Core.Compiler./(::Int64, ::Int64)` prints like Base's but throws in Julia (1.5's Core.Compiler has no
    `float`): never answered with Base's quotient, but with Julia's UndefVarError, which Julia's table of the
    names Core.Compiler sees (`compiler_sees`, scripts/gen/gen_base_globals.jl) shows it must throw."""
    assert _outcomes("Tuple{typeof(Core.Compiler.:/),Int64,Int64}") == {
        form: ["equal"] * 3 for form in ("typed", "ircode", "optimize=false", "lowered", "ssa of optimize=false",
                                         "out-of-ssa of ssa")}


def test_ssa_and_out_of_ssa_of_the_slot_form_run_to_julias_answers():
    """`jlir ssa` and then `out-of-ssa` must not change what a function computes: the `optimize=false` print
    through each is run again on every recorded argument, against Julia's answer."""
    out = _outcomes("Tuple{typeof(Base.tail),Tuple{Float64,Int64}}")
    assert out["ssa of optimize=false"] == out["out-of-ssa of ssa"] == ["equal"] * 3


def test_a_transform_that_changes_the_result_is_reported_wrong(monkeypatch):
    """The transformed rows judge the transform: an `ssa` that returned another function's code is caught."""
    import jlir
    from jlir.oracle import checks
    other = jlir.functions(jlir.parse("CodeInfo(\n1 ─     return 1\n)\n"))[0]
    monkeypatch.setattr(checks, "ssa_of", lambda *a, **k: other)
    out = _outcomes("Tuple{typeof(Base.tail),Tuple{Float64,Int64}}")
    assert out["ssa of optimize=false"] == out["out-of-ssa of ssa"] == ["wrong"] * 3
    assert out["optimize=false"] == ["equal"] * 3
