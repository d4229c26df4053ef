"""The oracle's slot2reg rows and its interpreter row, on records Julia 1.5.3 made (`scripts/check/oracle.jl`).

`slot-classes-1.5.3.jsonl.gz`: `optimize=false` prints of Base whose pre-SSA CFG or IDF per slot once differed
from Julia's, one per class (a local named `_9` or `_0`, a keyword sorter's `kw...` slot and its nameless
arguments, inference's dead `Const(Core.NewvarNode(…))`, a slot assigned only in dead code, `show(::IO,
::Type)`, a keyword sorter passing its typed `kws...` slot), with Julia's `convert_to_ircode` CFG and per slot its def, live-in and φ blocks.
`interp-1.5.3.jsonl.gz`: instances of bits arguments with the arguments Julia ran each on and its outcome
(`scripts/check/oracle.jl --every 4 --interp`: every 4th cached instance of bits arguments, 459), run by
`jlir.interp` with the records' own prints as callee IR.
"""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from jlir.oracle import Outcome, check_record, tally_records
from jlir.oracle.interp import UNSHOWABLE, Chain, RecordCallees, argument, check_interp, julia_outcome
from jlir.semantics.values import JChar, JFloat, JInt

DATA = Path(__file__).resolve().parents[1] / "data" / "oracle"


def _records(name: str) -> list[dict]:
    with gzip.open(DATA / name, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def test_pre_ssa_cfg_and_idf_equal_julias_on_each_class_that_once_differed():
    records = _records("slot-classes-1.5.3.jsonl.gz")
    assert len(records) == 8
    for record in records:
        out = {check: o for check, _, o in check_record(record) if check in ("pre-ssa cfg", "pre-ssa idoms", "idf")}
        assert set(out) == {"pre-ssa cfg", "pre-ssa idoms", "idf"}
        assert all(o == Outcome("equal") for o in out.values()), (record["target"], out)


def test_a_local_named_like_a_slot_number_is_a_local():
    record = next(r for r in _records("slot-classes-1.5.3.jsonl.gz") if "tryparse_internal" in r["target"])
    assert "Core.NewvarNode(:(_9))" in record["unoptimized"] and "Core.NewvarNode(:(@_9))" in record["unoptimized"]
    assert len(record["pre"]["slots"]) == 49   # `_9` and `@_9` are two of Julia's slots


def test_a_typed_kw_slot_in_a_call_reads_and_prints_back():
    import jlir
    record = next(r for r in _records("slot-classes-1.5.3.jsonl.gz") if "sort##kw" in r["target"])
    assert "(kws...::Core.Compiler.Const(" in record["unoptimized"]
    fn = jlir.functions(jlir.parse(record["unoptimized"]))[0]
    assert jlir.format(fn).rstrip("\n") == record["unoptimized"].rstrip("\n")


def test_recorded_arguments_become_the_interpreters_values():
    assert argument(["Int64", "7"]) == 7
    assert argument(["Int8", "2"]) == JInt(2, "Int8")
    assert argument(["Float32", "0.5"]) == JFloat(0.5, "Float32")
    assert argument(["Char", "a"]) == JChar.of("a")
    assert argument(["Tuple", [["Bool", "true"], ["Float64", "-1.5"]]]) == (True, -1.5)
    assert julia_outcome(["ok", "Int64", "3"]) == ("value", "Int64", "3")
    assert julia_outcome(["err", "DivideError", ""]) == ("exception", "DivideError")


@pytest.fixture(scope="module")
def interp_tally():
    records = _records("interp-1.5.3.jsonl.gz")
    return tally_records(records, keep=5, callees=RecordCallees(records))


# Runs refused (a callee the records do not hold, a foreigncall, a global whose value the print lacks) may only
# go down; no run may differ from Julia's.  (Core.Compiler's code calls functions 1.5's Core.Compiler does not
# define, `Core.Compiler.float`, where Julia throws UndefVarError: Julia's table of the names Core.Compiler sees
# says so; a call of one it defines but the table has no function for is refused, never run as Base's.)
INTERP_REFUSED_CEILING = 69


def test_the_interpreter_row_never_differs_from_julia(interp_tally):
    c = interp_tally.counts[("interp", "typed")]
    assert c["equal"] >= 1255
    assert c["refused"] <= INTERP_REFUSED_CEILING, dict(interp_tally.classes)
    assert c["wrong"] == 0, dict(interp_tally.classes.get(("interp", "typed", "wrong"), {}))


def test_a_dynamic_call_of_a_name_core_compiler_lacks_throws_undefvarerror_as_in_julia():
    records = _records("interp-1.5.3.jsonl.gz")
    for target in ("Tuple{typeof(Core.Compiler.:/),Int64,Int64}", 'Tuple{Core.Compiler.var"#28#29",UInt64}'):
        record = next(r for r in records if r["target"] == target)
        assert {run["outcome"][1] for run in record["interp"]["runs"]} == {"UndefVarError"}
        outcomes = check_interp(record, RecordCallees(records))
        assert outcomes and all(o.verdict == "equal" for o in outcomes), target


def test_a_different_result_is_wrong_and_a_missing_callee_is_refused():
    records = _records("interp-1.5.3.jsonl.gz")
    record = next(r for r in records if r["interp"]["runs"][0]["outcome"][0] == "ok")
    run = record["interp"]["runs"][0]
    lying = dict(record, interp=dict(record["interp"], runs=[dict(run, outcome=["ok", "Nothing", "nothing"])]))
    [o] = check_interp(lying, RecordCallees(records))
    assert o.verdict == "wrong" and "Julia ('value', 'Nothing', 'nothing')" in o.detail
    calling = next(r for r in records if "invoke Base.power_by_squaring(" in r["typed"])  # not one jlir runs itself
    outcomes = check_interp(calling, Chain())
    assert outcomes and {o.verdict for o in outcomes} == {"refused"}
    assert all("no IR for" in o.detail for o in outcomes)


def test_a_value_julia_could_not_show_is_compared_by_its_type():
    """`repr` of Core.Compiler's own `UnitRange` throws in Julia (Base cannot show it): `interp_args.jl` marks
    such an outcome, and the run is equal when the interpreter's value has the type Julia's had."""
    records = _records("interp-1.5.3.jsonl.gz")
    record = next(r for r in records if r["interp"]["runs"][0]["outcome"][0] == "ok")
    run = record["interp"]["runs"][0]
    kind, rtype, _ = run["outcome"]
    unshown = dict(record, interp=dict(record["interp"], runs=[dict(run, outcome=[kind, rtype, UNSHOWABLE + "MethodError"])]))
    [o] = check_interp(unshown, RecordCallees(records))
    assert o.verdict == "equal"
    other = dict(record, interp=dict(record["interp"], runs=[dict(run, outcome=[kind, "Char", UNSHOWABLE + "MethodError"])]))
    [o] = check_interp(other, RecordCallees(records))
    assert o.verdict == "wrong"
