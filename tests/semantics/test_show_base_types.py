"""`repr` of the values Base shows its own way (complex.jl, rational.jl, range.jl, show.jl's Pair, arrayshow.jl's
vectors of element types other than the literal defaults), against Julia 1.5.3's own `repr` of the same
values (printed by `for x in (UInt8[1,2], Bool[1,0], …) println(typeof(x), "\\t", repr(x)) end`, copied here)."""
import pytest

from jlir.semantics.numbers import make_float, make_int
from jlir.semantics.show import julia_repr as r
from jlir.semantics.values import JArray, JChar, JStruct, JSymbol, NotInterpretable


def f32(x):
    return make_float("Float32", x)


def f16(x):
    return make_float("Float16", x)


def i8(x):
    return make_int("Int8", x)


def u8(x):
    return make_int("UInt8", x)


def S(t, *f):
    return JStruct(t, tuple(f), None, False)


JULIA = [
 (JArray("UInt8",[u8(1),u8(2)]), "UInt8[0x01, 0x02]"),
 (JArray("Bool",[True,False]), "Bool[1, 0]"),
 (JArray("Float32",[f32(1e10), f32(1.5e-7), f32(float('nan')), f32(-float('inf')), f32(-0.0), f32(123456.0)]), "Float32[1.0f10, 1.5f-7, NaN, -Inf, -0.0, 123456.0]"),
 (JArray("Float16",[f16(1e4), f16(float('nan')), f16(0.1), f16(-float('inf'))]), "Float16[1.0e4, NaN, 0.1, -Inf]"),
 (JArray("Any",[f32(1), f16(1), i8(1), u8(1), True, JChar.of('a'), "s", JSymbol("a"), None]), """Any[1.0f0, Float16(1.0), 1, 0x01, true, 'a', "s", :a, nothing]"""),
 (JArray("Char",[JChar.of('a')]), "['a']"),
 (JArray("Int8",[]), "Int8[]"),
 (S("Complex{Int64}",1,2), "1 + 2im"), (S("Complex{Float64}",1.0,-2.0), "1.0 - 2.0im"),
 (S("Complex{Float32}",f32(1),f32(-0.0)), "1.0f0 - 0.0f0im"), (S("Complex{Float64}",float('nan'),float('nan')), "NaN + NaN*im"),
 (S("Complex{Float64}",-1.0,float('inf')), "-1.0 + Inf*im"), (S("Complex{UInt8}",u8(1),u8(2)), "0x01 + 0x02im"),
 (S("Complex{Bool}",True,False), "Complex(true,false)"), (S("Complex{Bool}",False,True), "im"),
 (S("Complex{Int8}",i8(1),i8(-128)), "1 - 128im"), (S("Complex{Float16}",f16(1),f16(-2)), "Float16(1.0) - Float16(2.0)im"),
 (S("Complex{Float64}",-0.0,float('nan')), "-0.0 + NaN*im"),
 (S("Rational{Int8}",i8(-3),i8(4)), "-3//4"), (S("Rational{UInt8}",u8(1),u8(2)), "0x01//0x02"),
 (S("StepRange{Int64,Int64}",1,2,5), "1:2:5"), (S("StepRange{UInt8,UInt8}",u8(1),u8(2),u8(7)), "0x01:0x02:0x07"),
 (S("StepRange{Char,Int64}",JChar.of('a'),1,JChar.of('c')), "'a':1:'c'"),
 (S("Pair{Int64,Char}",1,JChar.of('a')), "1 => 'a'"), (S("Pair{Float32,Int64}",f32(1),2), "1.0f0 => 2"),
 (S("Pair{Pair{Int64,Int64},Int64}",S("Pair{Int64,Int64}",1,2),3), "(1 => 2) => 3"),
 (S("Pair{Complex{Int64},Rational{Int64}}",S("Complex{Int64}",1,2),S("Rational{Int64}",1,2)), "1 + 2im => 1//2"),
 (S("Pair{Tuple{Int64,Int64},Int64}",(1,2),3), "(1, 2) => 3"),
]


@pytest.mark.parametrize("value, shown", JULIA, ids=[s for _, s in JULIA])
def test_repr_equals_julias(value, shown):
    assert r(value) == shown


def test_pair_of_loose_type_is_refused():
    """`Pair{Any,Int64}(1, 2)` is shown by `show_default` (not `1 => 2`): not modelled, so refused."""
    with pytest.raises(NotInterpretable):
        r(S("Pair{Any,Int64}", 1, 2))


def test_vector_of_tuples_of_implicit_types_shows_no_element_type():
    # arrayshow.jl's `typeinfo_implicit`: Julia 1.5.3's `repr([(1, 2), (3, 4)])` (tests/data/arguments/reprs-1.5.3.jsonl)
    assert r(JArray("Tuple{Int64,Int64}", [(1, 2), (3, 4)])) == "[(1, 2), (3, 4)]"
    with pytest.raises(NotInterpretable):
        r(JArray("Tuple{Int8,Int64}", [(1, 2)]))  # a tuple type that is not implicit: `Tuple{Int8,Int64}[…]`


def M(eltype, dims, items):
    return JArray(eltype, items, dims)


# Julia 1.5.3's repr of matrices and 0-d arrays (`fill(x)`, `Float32[1 2.5; NaN 1f10]`, …), copied as printed.
JULIA_ARRAYS = [
    (M("Bool", (), [True]), "fill(true)"),
    (M("Float16", (), [f16(1)]), "fill(Float16(1.0))"),
    (M("Char", (), [JChar.of("a")]), "fill('a')"),
    (M("UInt8", (), [u8(1)]), "fill(0x01)"),
    (M("String", (), ["s"]), 'fill("s")'),
    (M("Float32", (2, 2), [f32(1), f32(float("nan")), f32(2.5), f32(1e10)]), "Float32[1.0 2.5; NaN 1.0f10]"),
    (M("Float16", (1, 2), [f16(1), f16(2)]), "Float16[1.0 2.0]"),
    (M("Any", (2, 2), [1, JChar.of("a"), 2.0, "s"]), """Any[1 2.0; 'a' "s"]"""),
    (M("Char", (1, 2), [JChar.of("a"), JChar.of("b")]), "['a' 'b']"),
    (M("Float64", (2, 2), [0.1, -0.0, 1 / 3, 1e20]), "[0.1 0.3333333333333333; -0.0 1.0e20]"),
    (M("Bool", (2, 2), [True, False, False, True]), "Bool[1 0; 0 1]"),
    (M("Int8", (1, 2), [i8(-1), i8(2)]), "Int8[-1 2]"),
    (M("Bool", (0, 0), []), "Array{Bool}(undef,0,0)"),
    (M("Float32", (3, 0), []), "Array{Float32}(undef,3,0)"),
    (M("Any", (0, 2), []), "Array{Any}(undef,0,2)"),
    (M("Int32", (1, 1), [make_int("Int32", 1)]), "Int32[1]"),
    (M("Int64", (2, 3), [1, 2, 3, 4, 5, 6]), "[1 3 5; 2 4 6]"),
    (M("Symbol", (1, 2), [JSymbol("a"), JSymbol("b")]), "[:a :b]"),
]


def B(dims, n, words):
    chunks = JArray("UInt64", [make_int("UInt64", w) for w in words])
    return JStruct(f"BitArray{{{len(dims) if dims else 1}}}", (chunks, n, dims), ("chunks", "len", "dims"), False)


# `repr(falses(3))`, `repr(trues(2, 2))`, `repr(falses(0))`, `repr(trues(1, 3))` in Julia 1.5.3, and a 66-bit
# vector with bits 1 and 66 set (its chunks `[0x1, 0x2]`, both checked with Julia).
JULIA_ARRAYS += [
    (B(None, 3, [0]), "Bool[0, 0, 0]"),
    (B((2, 2), 4, [0b1111]), "Bool[1 1; 1 1]"),
    (B(None, 0, []), "Bool[]"),
    (B((1, 3), 3, [0b111]), "Bool[1 1 1]"),
    (B(None, 66, [1, 2]), "Bool[" + ", ".join(["1"] + ["0"] * 64 + ["1"]) + "]"),
]


def test_an_empty_bit_matrix_is_refused():
    """Julia shows it `0×2 BitArray{2}` (its summary), unlike an empty Array: not modelled."""
    with pytest.raises(NotInterpretable):
        r(B((0, 2), 0, []))


@pytest.mark.parametrize("value, shown", JULIA_ARRAYS, ids=[s for _, s in JULIA_ARRAYS])
def test_array_repr_equals_julias(value, shown):
    assert r(value) == shown
