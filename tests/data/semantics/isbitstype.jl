# Julia 1.5.3's `isbitstype` of the types jlir.semantics.builtins answers for (`T.isbitstype`, read by Base's
# broadcast and copy code): `julia isbitstype.jl > isbitstype-1.5.3.tsv` (read by tests/semantics/test_isbitstype.py).
for T in (Int8, Int16, Int32, Int64, Int128, UInt8, UInt16, UInt32, UInt64, UInt128, Float16, Float32, Float64,
          Bool, Char, Nothing, Missing, String, Symbol, Any, Integer, Real, Number, AbstractFloat, Signed, Unsigned,
          AbstractString, DataType, Function, Vector{Int64}, Array{Float64,2}, Core.Box, Tuple{Int64,Char},
          Tuple{Int64,String}, Tuple{}, Tuple{Tuple{Int8,Bool},Float32}, Tuple{Nothing,Int64})
    println(T, "\t", isbitstype(T))
end
