# `julia --color=yes -e 'include_string(Main, read("gensource.jl", String), "gensource.jl")'`, split at its
# `=====` lines: `debuginfo=:source` (location lines, the inline indent, a π), and an unoptimized print with an
# unused statement's type (grey, not cyan)
function foo(a)
    if a isa Int
        return sin(a)
    end
    return 0
end
function g(x)
    Base.inferencebarrier(x)
    x + 1
end
io = IOContext(stdout, :color=>true)
println("=====SOURCE")
show(io, code_typed(foo, (Union{Char,Int,String},); debuginfo=:source)[1]); println()
show(io, code_typed(g, (Int,); debuginfo=:source)[1]); println()
println("=====UNUSED")
show(io, code_typed(g, (Int,); optimize=false)[1]); println()
