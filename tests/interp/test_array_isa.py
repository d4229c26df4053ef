"""`isa` of an array and the array types (boot.jl: `Array{T,N} <: DenseArray{T,N} <: AbstractArray{T,N}`, each
invariant in its parameters), as `vcat`'s `__cat` asks of each value it concatenates (`x isa AbstractArray`).
The print is Julia 1.5.3's of `isarr(x) = (x isa AbstractArray, x isa DenseArray{Int64,1}, x isa
AbstractArray{Int64,1}, x isa Array, x isa AbstractArray{Float64,1})` for `x::Any`; Julia's answer for `[1, 2]` is
`(true, true, true, true, false)`."""
from __future__ import annotations

import jlir
from jlir.interp import JArray, julia_repr, run

PRINT = """CodeInfo(
1 ─ %1 = (x isa Main.AbstractArray)::Bool
│   %2 = (x isa DenseArray{Int64,1})::Bool
│   %3 = (x isa AbstractArray{Int64,1})::Bool
│   %4 = (x isa Main.Array)::Bool
│   %5 = (x isa AbstractArray{Float64,1})::Bool
│   %6 = Core.tuple(%1, %2, %3, %4, %5)::NTuple{5,Bool}
└──      return %6
) => NTuple{5,Bool}"""


def test_an_array_is_of_its_supertypes_and_of_no_other_parameters():
    fn = jlir.functions(jlir.parse(PRINT))[0]
    result = run(fn, [JArray("Int64", [1, 2])], argnames=["x"])
    assert julia_repr(result.value) == "(true, true, true, true, false)"
