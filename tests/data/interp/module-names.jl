# Code in a module other than Main, reading Base's names through it (`Main.MyPkg.Int`, `Main.MyPkg.length`) and
# a constant of its own (`Main.MyPkg.SCALE`): module-names-1.5.3.txt (written by this file) holds `code_typed`,
# `code_typed(optimize=false)` and `code_lowered` of each function, Julia 1.5.3's answers are printed.
module MyPkg
f(x) = Int(x) + one(Int)
g(v) = length(v) + sum(v)
h(x) = x isa Integer ? string(x) : repr(x)
const SCALE = 3
s(x) = SCALE * x
end
open(joinpath(@__DIR__, "module-names-1.5.3.txt"), "w") do io
    for (fn, t) in ((MyPkg.f, (Float64,)), (MyPkg.g, (Vector{Int},)), (MyPkg.h, (Int,)), (MyPkg.s, (Int,)))
        show(io, MIME"text/plain"(), code_typed(fn, t)[1]); println(io)
        show(io, MIME"text/plain"(), code_typed(fn, t; optimize=false)[1]); println(io)
        show(io, MIME"text/plain"(), code_lowered(fn, t)[1]); println(io)
    end
end
println(repr(MyPkg.f(2.0)), " ", repr(MyPkg.g([1, 2, 3])), " ", repr(MyPkg.h(5)), " ", repr(MyPkg.s(5)))
