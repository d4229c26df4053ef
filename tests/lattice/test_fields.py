"""The fields of Base's structs as Julia 1.5.3 defines them (`jlir.lattice.fields`, from `gen_field_facts.jl`)."""
from __future__ import annotations

from jlir.ir import types as T
from jlir.ir import values as V
from jlir.lattice.fields import parse_type, struct_fields

INT64 = T.TypeName(("Int64",))


def test_a_parametric_struct_field_is_its_parameter():
    # `struct OneTo{T<:Integer} <: AbstractUnitRange{T}; stop::T; end`
    f = struct_fields(T.TypeApply(T.TypeName(("Base", "OneTo")), (INT64,)))
    assert f.names == ("stop",) and f.types == (INT64,) and f.ninitialized == 1


def test_a_concrete_field_type_is_read_from_julias_text():
    # `mutable struct Dict{K,V}`: `slots::Array{UInt8,1}`, `keys::Array{K,1}` (depends on K: not decided)
    f = struct_fields(T.TypeName(("Dict",)))
    assert f.types[0] == T.TypeApply(T.TypeName(("Array",)), (T.TypeName(("UInt8",)), V.Literal("1", "int")))
    assert f.types[1] is None and f.names[:3] == ("slots", "keys", "vals")


def test_a_named_tuples_fields_are_its_parameters():
    nt = T.TypeApply(T.TypeName(("NamedTuple",)), (T.TypeTuple((V.Literal(":dims", "symbol"),)),
                                                   T.TypeApply(T.TypeName(("Tuple",)), (INT64,))))
    f = struct_fields(nt)
    assert f.names == ("dims",) and f.types == (INT64,) and f.index(V.QuoteNode(V.Symbol("dims"))) == 1


def test_an_unknown_struct_decides_nothing():
    assert struct_fields(T.TypeName(("Main", "MyStruct"))) is None
    assert parse_type("Array{T,1} where T") is None
