"""`isa` by three rules of Julia's subtyping (src/subtype.c) that Base's generic code asks of closures' calls
(`iterate(::Generator)`'s `y::Tuple{Any,Any}`, `_collect`'s `isa(itr, Generator)` and `isa(f, Type)`); each answer
as Julia 1.5.3 gives it (`isa((1, 2), Tuple{Any,Any})` is true, `isa((1, 2.0), Tuple{Int64,Int64})` false …)."""
from __future__ import annotations

import pytest

from jlir.semantics.values import JStruct, NotInterpretable, isa


def test_a_tuple_is_of_a_tuple_type_whose_parameters_its_elements_are_of():
    assert isa((1, 2), "Tuple{Any,Any}") and isa((1, 2.5), "Tuple{Integer,Float64}")
    assert not isa((1, 2.5), "Tuple{Int64,Int64}") and not isa((1,), "Tuple{Any,Any}")


def test_a_parametric_structs_value_is_of_its_type_name_alone():
    g = JStruct('Base.Generator{Array{Int64,1},var"#1#2"}', ([], None), ("iter", "f"))
    assert isa(g, "Base.Generator")


def test_only_a_type_is_a_type():
    assert not isa(JStruct('var"#1#2"', ()), "Type") and not isa((1,), "Type") and not isa(3, "Type")


def test_what_the_rules_do_not_answer_is_refused():
    with pytest.raises(NotInterpretable):
        isa((1, 2), "Tuple{Vararg{Int64}}")
    with pytest.raises(NotInterpretable):
        isa(JStruct('var"#1#2"', ()), "Function")
