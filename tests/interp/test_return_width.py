"""A literal an IRCode print returns has the width the print proves, and an IRCode print shows no return type:
`ret_i32_or` (`return Int32(1)` folded) and `ret_i64_or` (`return 1`) print the same `return 1` beside a `return %4`
of an `Int64`, and Julia returns an Int32 from the one and an Int64 from the other.  So what another `return`
returns proves nothing (inference's return type is the join of all of them, `Union{Int32, Int64}`), and the
interpreter refuses the literal (it took it for an Int64: a wrong answer for `ret_i32_or`).  Julia's record:
tests/data/oracle/return-width-1.5.3.jsonl.gz (tests/data/interp/return-width.jl)."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

from jlir.interp.builtin import BaseProvider
from jlir.oracle import Outcome
from jlir.oracle.interp import check_interp

DATA = Path(__file__).resolve().parents[1] / "data" / "oracle" / "return-width-1.5.3.jsonl.gz"


def _record(name: str) -> dict:
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        return next(r for r in map(json.loads, f) if f"typeof({name})" in r["target"])


def _shape(ircode: str) -> list[str]:
    """The IRCode print without its line-number column."""
    return [line.split(" ", 1)[1].strip() if line[:1].isdigit() else line.strip() for line in ircode.splitlines()]


def test_the_two_ircode_prints_are_one_text_with_two_answers():
    i32, i64 = _record("ret_i32_or"), _record("ret_i64_or")
    assert _shape(i32["ircode"]) == _shape(i64["ircode"])
    assert [r["outcome"] for r in i32["interp"]["runs"]][0] == ["ok", "Int32", "1"]
    assert [r["outcome"] for r in i64["interp"]["runs"]][0] == ["ok", "Int64", "1"]


def test_a_returned_literal_of_an_ircode_print_is_typed_by_the_instances_return_type_or_refused():
    """The IRCode print shows no return type, and what the other returns return proves nothing; the oracle gives
    the run the instance's `=> T` (its typed print's), which decides as in the typed print."""
    assert check_interp(_record("ret_i64_or"), BaseProvider(), "ircode") == [Outcome("equal")] * 2  # => Int64
    for name in ("ret_i32_or", "ret_f16_or"):
        outcomes = check_interp(_record(name), BaseProvider(), "ircode")
        assert [o.verdict for o in outcomes] == ["refused", "equal"], (name, outcomes)  # the other branch runs
        assert "returned" in outcomes[0].detail and "is not in the IR" in outcomes[0].detail


def test_the_typed_print_gives_the_width_its_return_type_proves():
    assert check_interp(_record("ret_i64_or"), BaseProvider(), "typed") == [Outcome("equal")] * 2  # => Int64
    for name in ("ret_i32_or", "ret_f16_or"):  # => Union{Int32, Int64}, Union{Float16, Float64}: refused
        assert [o.verdict for o in check_interp(_record(name), BaseProvider(), "typed")] == ["refused", "equal"]


def test_the_slot_forms_hold_the_sources_literals():
    for name in ("ret_i32_or", "ret_i64_or", "ret_f16_or"):
        for key in ("unoptimized", "lowered"):
            assert check_interp(_record(name), BaseProvider(), key) == [Outcome("equal")] * 2, (name, key)
