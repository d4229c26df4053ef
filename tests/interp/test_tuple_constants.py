"""A tuple or named tuple constant prints its elements by their `repr`, which does not show an Int32's or a Float16
zero's type (`return (1, 2)` in a `=> Tuple{Int32,Int32}` function): each literal takes its element's type from
the context (the return type, a statement's `::T`, a `Core.tuple` call's).  Julia 1.5.3's prints and answers:
tests/data/interp/tuple-constants.jl; the `Core.tuple("héllo", 5, %x)::Tuple{String,Int32,Any}` case was found by
a generated program (Julia 1.5.3 returned `Tuple{String,Int32,Float16}`)."""
from __future__ import annotations

from pathlib import Path

import pytest

import jlir
from jlir import interp

PRINTS = Path(__file__).resolve().parents[1] / "data" / "interp" / "tuple-constants-1.5.3.txt"
FNS = jlir.functions(jlir.parse(PRINTS.read_text(encoding="utf-8")))


@pytest.mark.parametrize("k,args,want", [
    (0, [], ("Tuple{Int32,Int32}", "(1, 2)")), (1, [1], ("Tuple{Int8,Float64}", "(1, 2.0)")),
    (1, [-1], ("Tuple{Int8,Float64}", "(3, 4.0)")),
    (2, [], ("NamedTuple{(:a, :b),Tuple{Int16,Float16}}", "(a = 3, b = 0.0)")),
    (3, [], ("Array{Int32,1}", "Int32[1, 2]"))])
def test_each_constant_has_the_type_julia_gave_it(k, args, want):
    r = interp.run(FNS[k], args, interp.BaseProvider(), argnames=["x"] if args else None)
    assert (r.type, interp.julia_repr(r.value)) == want


def test_a_tuple_calls_literals_take_the_statements_element_types():
    r = interp.run(FNS[4], [2.5], argnames=["x"])  # `Core.tuple("héllo", 5, x)::PartialStruct(Tuple{String,Int32,…})`
    assert (r.type, interp.julia_repr(r.value)) == ("Tuple{String,Int32,Float64}", '("héllo", 5, 2.5)')


def test_a_returned_tuple_of_untyped_literals_is_refused_where_the_print_gives_no_type():
    """f1's IRCode print (no `=> T`): `return (1, 2)` may be any integer types (Julia's are Int32): refused, never
    answered as Int64 (a generated program's IRCode print was so answered before)."""
    with pytest.raises(interp.NotInterpretable, match="types of the literals in the returned constant"):
        interp.run(FNS[5], [])


def test_a_returned_tuple_in_a_union_return_type_takes_the_one_tuple_member_that_holds_it():
    """Base's `iterate(::Base.OneTo{Int64})` as Julia 1.5.3 printed it (a callee of the inbounds case): `return
    (1, 1)` in a `=> Union{Nothing, Tuple{Int64,Int64}}` function is that tuple type's constant; with two tuple
    members it could be either, and is refused."""
    from jlir.semantics import hints
    (fn,) = jlir.functions(jlir.parse((PRINTS.parents[2].parent / "fixtures" / "julia-1.5.3" / "callees" / "inbounds"
                                       / "5.txt").read_text(encoding="utf-8")))
    r = interp.run(fn, [interp.JStruct("Base.OneTo{Int64}", (3,), ("stop",), False)], interp.BaseProvider(),
                   argnames=["r"])
    assert (r.type, interp.julia_repr(r.value)) == ("Tuple{Int64,Int64}", "(1, 1)")
    value = fn.stmts[-1].node.val
    assert hints.typed_constant(value, "Union{Nothing, Tuple{Int32,Int32}, Tuple{Int64,Int64}}") is None
