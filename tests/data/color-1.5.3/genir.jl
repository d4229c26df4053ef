using InteractiveUtils
function g(x)
    s = 0
    for i in 1:x
        s += i
    end
    s > 10 ? s : nothing
end
h(v) = sum(v) + length(v)
io = IOContext(stdout, :color=>true)
for (f, t) in ((g, (Int,)), (h, (Vector{Float64},)))
    ci, rt = code_typed(f, t)[1]
    mi = Core.Compiler.specialize_method(first(methods(f, t)), Tuple{typeof(f), t...}, Core.svec())
    ir = Core.Compiler.inflate_ir(ci, mi)
    show(io, MIME"text/plain"(), ir); println()
end
