# `g(n) = Base.dims2cat(n)` inlined: its typed print names Base's `in` bare (`%new(Base.Fix2{typeof(in),Int64}, in,
# n)`), as Julia prints a function Main sees.  Writes base-names-bare-1.5.3.txt (the print) and Julia's answers.
g(n) = Base.dims2cat(n)
open(joinpath(@__DIR__, "base-names-bare-1.5.3.txt"), "w") do io
    show(io, MIME"text/plain"(), code_typed(g, (Int,))[1]); println(io)
end
println(repr(g(3)), " ", repr(g(12)))
