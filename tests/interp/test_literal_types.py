"""Optimized code's literals whose type the print does not show, typed by Julia's own CodeInfo
(`jlir.interp.literal_types`): the optimizer folds values of any width into the code, and Julia 1.5.3 prints an
`Int16(-12)` as `-12`.  A live Julia lists each literal's type with its print of the same method instance; the
answer applies only where that print is the code run.

Records: Julia 1.5.3's of seed-4 programs 7, 12, 14 and 26 (tests/data/interp/unchosen/README.md), each with
`julia_literals`, what `Julia.literal_info` answered for it with the program evaluated (print and rows).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import NO_JULIA, live_julias

from jlir.interp.builtin import BaseProvider
from jlir.oracle.interp import Chain, RecordCallees, check_interp

DATA = Path(__file__).resolve().parents[1] / "data" / "interp" / "unchosen"


class _Answered:
    """A provider that knows one instance's literal types: Julia's recorded answer."""

    def __init__(self, record: dict):
        self.record = record

    def literal_signature(self, signature: str):
        if signature != self.record["target"]:
            return None
        answer = self.record["julia_literals"]
        return answer["print"], tuple(tuple(row) for row in answer["rows"])

    def lookup(self, callee, arg_types):
        return None


def _records(program: str) -> list:
    return [json.loads(line) for line in (DATA / f"{program}.jsonl").read_text(encoding="utf-8").splitlines()]


def _record(program: str) -> dict:
    return _records(program)[0]   # the instance run; the rest, its callees' typed prints


def _verdicts(record: dict, key: str, answered: bool) -> list:
    records = _records(record["file"][:-3])
    providers = [RecordCallees(records), BaseProvider()] + ([_Answered(record)] if answered else [])
    return check_interp(record, Chain(*providers), key)


def test_a_returned_literal_of_an_ircode_print_takes_the_type_julia_gave_it():
    """g3_26: `return -12` in an IRCode print (no return type) returns an Int16, as Julia's CodeInfo holds it
    (and as the instance's `=> Int16` says, which the oracle also gives the run)."""
    record = _record("gen-4-00026")
    outcomes = _verdicts(record, "ircode", answered=True)
    assert [o.verdict for o in outcomes] == ["equal"] * 3, outcomes


def test_a_literal_setfield_stores_into_a_box_takes_the_type_julia_gave_it():
    """g3_7: `Core.setfield!(%3, :contents, 1)` stores an Int8 (a folded `Int8(1)`) into a `Core.Box`."""
    record = _record("gen-4-00007")
    for key in ("typed", "ircode"):
        outcomes = _verdicts(record, key, answered=True)
        assert [o.verdict for o in outcomes] == ["equal"] * 3, (key, outcomes)


def test_a_returned_tuple_constant_of_an_ircode_print_takes_the_type_julia_gave_it():
    """main_14: `return (3, 5)` in an IRCode print (no return type) returns a `Tuple{Int32,Int32}`, as Julia's
    CodeInfo holds it (and the instance's return type, which the oracle also gives the run)."""
    record = _record("gen-4-00014")
    outcomes = _verdicts(record, "ircode", answered=True)
    assert outcomes and [o.verdict for o in outcomes] == ["equal"] * len(record["interp"]["runs"]), outcomes


def test_julias_answer_for_another_print_of_the_instance_is_not_taken():
    """φ4_12: the live Julia inferred the instance otherwise than the recording one (`goto #3 if not false`
    where the record has four `nothing`s and `goto #3 if not true`): its literal types are not the record's
    statements', so the dynamic call's `4` stays refused."""
    record = _record("gen-4-00012")
    outcomes = _verdicts(record, "typed", answered=True)
    assert [o.verdict for o in outcomes] == ["refused"] * 3, outcomes
    assert all("literal N passed to a dynamic call" in o.detail for o in outcomes), outcomes


@pytest.mark.skipif(not live_julias(), reason=NO_JULIA)
def test_the_live_julia_lists_the_literal_types_recorded():
    from jlir.live import Julia
    record = _record("gen-4-00026")
    jl = Julia(None)
    try:
        if jl.version != "1.5.3":
            pytest.skip("the recorded answer is Julia 1.5.3's")
        jl.define((DATA / "gen-4-00026.jl").read_text(encoding="utf-8"), "gen-4-00026.jl")
        text, rows = jl.literal_info(record["target"])
    finally:
        jl.close()
    assert rows == ((1, "int", "-12", "Int16"),)
    assert text == record["julia_literals"]["print"]


def test_a_literal_past_int64s_range_is_looked_up_by_its_number():
    """A decimal literal past Int64's range (`9223372036854775808`, read as a boxed Int128) is keyed by its
    number, as Julia's rows list it (seed 4's `main_579` and `main_587` crashed with a TypeError on it)."""
    from jlir.interp.literal_types import key, table
    from jlir.ir import values as V
    big = V.Literal("9223372036854775808", "int")
    assert key(4, big) == (4, "int", "9223372036854775808")
    assert table([(4, "int", "9223372036854775808", "Int128")])[key(4, big)] == "Int128"
