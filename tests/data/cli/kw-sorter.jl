# A keyword call Julia's optimizer leaves as a call of the sorter's instance, `(Base.var"#foldl##kw"())(…)`, and one
# of the user's own sorter, `(var"#scaled##kw"())(…)`.  kw-sorter-1.5.3.txt is written by `julia kw-sorter.jl`
# (which prints Julia's answers: 6 and 7.5); tests/cli/test_live_closures.py runs it with this file as --defs.
scaled(x; by=2) = x * by
kwf(v) = foldl(+, v; init=Base.inferencebarrier(0))
kws(x) = scaled(x; by=Base.inferencebarrier(2.5))
if abspath(PROGRAM_FILE) == @__FILE__
    open(joinpath(@__DIR__, "kw-sorter-1.5.3.txt"), "w") do io
        show(io, MIME"text/plain"(), code_typed(kwf, (Vector{Int},))[1]); println(io)
        show(io, MIME"text/plain"(), code_typed(kws, (Float64,))[1]); println(io)
    end
    println(repr(kwf([1, 2, 3])), " ", repr(kws(3.0)))
end
