"""A declared return type `f(…)::Union{Nothing, Int128}`: lowering builds the union (`Core.apply_type(Main.Union,
Main.Nothing, Main.Int128)`) and converts and type-asserts every returned value to it.  mb1_433 (seed 2,
tests/data/interp/unchosen/gen-2-00433.jsonl, Julia 1.5.3's record) was refused in its slot forms as
`Core.apply_type: Union{Nothing,Int128} is not a type this run knows`."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from jlir.interp.builtin import BaseProvider
from jlir.interp.unions import union
from jlir.oracle.interp import Chain, RecordCallees, check_interp
from jlir.semantics.values import JType, NotInterpretable

DATA = Path(__file__).resolve().parents[1] / "data" / "interp" / "unchosen"


@pytest.mark.parametrize("form", ["lowered", "unoptimized"])
def test_a_declared_union_return_type_converts_and_gives_julias_answer(form):
    records = [json.loads(line) for line in (DATA / "gen-2-00433.jsonl").read_text(encoding="utf-8").splitlines()]
    outcomes = check_interp(records[0], Chain(RecordCallees(records), BaseProvider()), form)
    assert [o.verdict for o in outcomes] == ["equal"] * 3, outcomes


@pytest.mark.parametrize("members, shown", [
    # as Julia 1.5.3 prints each (`println(Union{Int128,Nothing})` … run on this machine's Julia 1.5.3)
    (("Int128", "Nothing"), "Union{Nothing, Int128}"),
    (("Float32", "Int8", "UInt16", "Float64"), "Union{Float32, Float64, Int8, UInt16}"),
    (("String", "Int64"), "Union{Int64, String}"),
    (("Char", "Bool", "Int8", "UInt8"), "Union{Bool, Char, Int8, UInt8}"),
    (("Nothing", "Missing", "Int64"), "Union{Missing, Nothing, Int64}"),
    (("Int32", "Float32", "Char"), "Union{Char, Float32, Int32}"),
])
def test_a_union_is_written_in_julias_order(members, shown):
    assert union([JType(m) for m in members]) == JType(shown)


def test_a_union_of_one_type_is_the_type_and_of_an_unknown_member_is_refused():
    assert union([JType("Int8"), JType("Union{Int8}")]) == JType("Int8")
    with pytest.raises(NotInterpretable):
        union([JType("Nothing"), JType("Base.OneTo{Int64}")])
