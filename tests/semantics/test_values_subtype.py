"""Core's `<:` of two types, as lowered code asks it of a static parameter (`$(Expr(:static_parameter, 1)) <:
Base.Signed` in Base's `steprange_last`): the number tower, `Char` and `String` with their supertypes, unions on
either side.  Each answer as Julia 1.5.3 gives it (`println(a <: b)` on this machine's Julia 1.5.3)."""
from __future__ import annotations

import pytest

from jlir.semantics.builtins import BUILTINS
from jlir.semantics.values import JType, JuliaException, NotInterpretable, subtype


@pytest.mark.parametrize("a, b, julia", [
    ("Int64", "Signed", True), ("UInt8", "Signed", False), ("UInt8", "Unsigned", True),
    ("Bool", "Integer", True), ("Bool", "Signed", False), ("Float16", "AbstractFloat", True),
    ("Float64", "Union{AbstractFloat, Integer}", True), ("Signed", "Integer", True), ("Integer", "Signed", False),
    ("Char", "AbstractChar", True), ("String", "AbstractString", True), ("Union{Int8, UInt8}", "Integer", True),
    ("Union{Float32, Int8}", "Integer", False), ("Nothing", "Any", True), ("Int64", "Int64", True),
    ("Any", "Integer", False), ("Any", "Any", True), ("Any", "Union{Int8, Any}", True), ("Any", "Number", False),
])
def test_subtype_answers_as_julia_does(a, b, julia):
    assert subtype(a, b) is julia
    assert BUILTINS["<:"](None, JType(a), JType(b)) is julia


def test_a_type_whose_supertypes_are_not_known_is_refused():
    with pytest.raises(NotInterpretable):
        subtype("Base.OneTo{Int64}", "AbstractUnitRange")


def test_a_value_that_is_not_a_type_throws_julias_type_error():
    # Julia 1.5.3: `1 <: Int` throws TypeError(:<:, "", Type, 1)
    with pytest.raises(JuliaException) as e:
        BUILTINS["<:"](None, 1, JType("Int64"))
    assert e.value.type_name == "TypeError"
