"""Which declared types prove the width of a literal printed without its type (number.jl's hierarchy: Int8…Int128
<: Signed <: Integer <: Real <: Number <: Any; Float16 <: AbstractFloat <: Real)."""
from __future__ import annotations

import pytest

from jlir.ir import values as V
from jlir.semantics.hints import float_zero_type, width_unproven

THREE = V.Literal("3", "int")
ZERO = V.Literal("0.0", "float")


@pytest.mark.parametrize("t", ["Any", "Integer", "Signed", "Real", "Number", "Union{Nothing, Integer}",
                               "Union{Int8, Int64}"])
def test_a_decimal_where_the_type_holds_several_widths_is_unproven(t):
    assert width_unproven(THREE, t)


@pytest.mark.parametrize("t", ["Int16", "Union{Nothing, Int8}", "Int64", "Union{Missing, Float64, Int128}"])
def test_a_decimal_where_the_type_names_one_integer_type_is_proven(t):
    assert not width_unproven(THREE, t)


@pytest.mark.parametrize("t, want", [("Float16", "Float16"), ("Union{Nothing, Float16}", "Float16"),
                                     ("Float64", "Float64"), ("Any", None), ("AbstractFloat", None),
                                     ("Union{Float16, Float64}", None)])
def test_a_float_zero_is_the_one_float_type_its_context_names(t, want):
    assert float_zero_type(t) == want
    assert width_unproven(ZERO, t) == (want is None and t != "Float64")
