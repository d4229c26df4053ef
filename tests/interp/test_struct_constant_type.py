"""A struct constant whose type's own `show` drops the type's parameters (range.jl prints `Base.OneTo(1)`) takes
its type from the return type that names the same struct: `cat_indices(::Float64, ::Int64)`, Julia 1.5.3's print
as jlir's built-in Base methods hold it, returns `Base.OneTo(1)`, a `Base.OneTo{Int64}` (asked of Julia 1.5.3:
`repr(Base.cat_indices(0.5, 1))`, `typeof(…)`).  Without the type, `vcat(v, 0.5)` reached
`BroadcastStyle(::Type{OneTo})`, which no method answers, and every generated program concatenating an array and
a number was refused."""
from __future__ import annotations

import pytest

import jlir
from jlir import interp
from jlir.interp.builtin import BaseProvider


def _cat_indices():
    p = BaseProvider()
    fn = p.lookup("Base.cat_indices", ("Float64", "Int64"))
    assert fn is not None, "the built-in data lost cat_indices(::Float64, ::Int64)"
    return fn, p


def test_a_returned_onto_constant_is_a_oneto_of_int64():
    fn, p = _cat_indices()
    r = interp.run(fn, [0.5, 1], p, argnames=["A", "d"])
    assert (r.type, interp.julia_repr(r.value)) == ("Base.OneTo{Int64}", "Base.OneTo(1)")


def test_its_field_is_read_by_name_as_julia_reads_it():
    fn, p = _cat_indices()
    text = ("CodeInfo(\n1 ─ %1 = invoke Base.cat_indices(0.5::Float64, 1::Int64)::Base.OneTo{Int64}\n"
            "│   %2 = Base.getfield(%1, :stop)::Int64\n└──      return %2\n) => Int64\n")
    r = interp.run(jlir.functions(jlir.parse(text))[0], [], p)
    assert (r.type, r.value) == ("Int64", 1)


def test_a_return_type_with_a_bound_gives_no_type():
    """`Base.OneTo{<:Integer}` is not the one value's type: the run refuses rather than guess a parameter."""
    text = "CodeInfo(\n1 ─     return $(QuoteNode(Base.OneTo(1)))\n) => Base.OneTo{<:Integer}\n"
    with pytest.raises(interp.NotInterpretable):
        interp.run(jlir.functions(jlir.parse(text))[0], [])
