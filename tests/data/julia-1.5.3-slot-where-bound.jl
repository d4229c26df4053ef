function h(t, n)
    if t isa Type{<:Tuple}
        return fieldcount(t) + n
    end
    return 0
end
# run: julia tests/data/julia-1.5.3-slot-where-bound.jl > tests/data/julia-1.5.3-slot-where-bound.txt
show(stdout, code_typed(h, (Any, Int); optimize=false)[1]); println()
k(t) = (t <: Tuple, t >: Int)
show(stdout, code_typed(k, (Type,); optimize=false)[1]); println()
