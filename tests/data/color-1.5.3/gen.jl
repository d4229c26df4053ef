using InteractiveUtils
f(x)=x+1
function g(x)
    s = 0
    for i in 1:x
        s += i
    end
    s > 10 ? s : nothing
end
h(x) = x > 0 ? x : 1.0
io = IOContext(stdout, :color=>true)
code_warntype(io, f, (Int,)); println()
code_warntype(io, g, (Int,)); println()
code_warntype(io, h, (Int,)); println()
println("=====TYPED")
show(io, MIME"text/plain"(), code_typed(g, (Int,))[1]); println()
println("=====IRCODE")
ci = code_typed(g, (Int,))[1][1]
ir = Core.Compiler.inflate_ir(ci)
show(io, MIME"text/plain"(), ir); println()
println("=====LOWERED")
show(io, MIME"text/plain"(), code_lowered(g, (Int,))[1]); println()
