# gen_tmerge_pairs.jl -- Julia's own `Core.Compiler.tmerge` on pairs of lattice elements, for jlir.lattice.tmerge's test.
#
# Usage: julia scripts/gen/gen_tmerge_pairs.jl > fixtures/julia-1.5.3/tmerge-pairs.tsv
#
# Every ordered pair (a, b), a ≠ b, of the elements below (the types φs meet in Base and the fixtures:
# constants, small unions, arrays, tuples, abstract types, `Type{T}`, PartialStruct, MaybeUndef), and
# (a, a) for each, then the pairs of EXTRA both ways: one line `a<TAB>b<TAB>tmerge(a, b)`, each shown as
# Julia shows it in IR (from Main).
const CC = Core.Compiler
const E = Any[
    Union{}, Any, Int64, Int32, UInt8, Float64, Bool, Char, String, Symbol, Nothing, Missing,
    Integer, Real, AbstractFloat, AbstractString,
    Union{Float64, Int64}, Union{Nothing, Int64}, Union{Missing, Float64}, Union{Float64, Int64, String},
    Array{Int64,1}, Array{Float64,1}, Array{Float64,2}, Array,
    Tuple{Int64}, Tuple{Float64}, Tuple{Int64,Int64}, Tuple{Int64,Float64}, Tuple{String,Int64},
    Tuple{Integer}, Tuple{Real,Int64}, Tuple{Int64,Vararg{Int64}}, Array{Integer,1}, AbstractArray{Int64,1},
    Type{Int64}, Type{Float64}, DataType,
    Base.OneTo{Int64}, UnitRange{Int64}, Base.RefValue{Int64}, Val{2},
    CC.Const(0), CC.Const(1), CC.Const(1.0), CC.Const(true), CC.Const(false), CC.Const(nothing),
    CC.Const(:a), CC.Const("s"), CC.Const(0x01), CC.Const((1, 2)), CC.Const((1, 3)), CC.Const(Int64),
    CC.PartialStruct(Tuple{Int64,Int64}, Any[CC.Const(1), Int64]),
    CC.MaybeUndef(Int64), CC.MaybeUndef(Union{}),
]
# Tuples of 4 or more equal types, which 1.5 shows as NTuple{N,T}
const EXTRA = Any[
    (NTuple{4,Int64}, Tuple{Vararg{Int64}}), (NTuple{4,Int64}, NTuple{5,Int64}), (NTuple{4,Int64}, NTuple{4,Float64}),
    (NTuple{4,Int64}, Tuple{Int64,Int64,Int64,Float64}), (NTuple{7,Integer}, Tuple{Vararg{Int64}}),
    (NTuple{4,Int64}, Tuple{Int64,Int64,Int64,Int64}),
]
shown(x) = sprint(show, x)
row(a, b) = println(shown(a), "\t", shown(b), "\t", shown(CC.tmerge(a, b)))
for a in E, b in E
    (a === b && !(a isa Type)) && continue
    row(a, b)
end
for (a, b) in EXTRA
    row(a, b)
    row(b, a)
end
