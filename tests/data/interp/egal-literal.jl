f(x::Int8) = iszero(x) ? 1 : 2
g(x::Int32) = x === 0
io = stdout
println("# iszero(::Int8), @code_typed:")
println("# MethodInstance for iszero(::Int8)\n# argnames: x")
show(io, code_typed(iszero, (Int8,))[1][1]); println(" => ", code_typed(iszero, (Int8,))[1][2])
println("# f(::Int8), @code_lowered:")
show(io, code_lowered(f, (Int8,))[1]); println()
println("# g(::Int32), @code_typed optimize=false:")
show(io, code_typed(g, (Int32,), optimize=false)[1][1]); println(" => ", code_typed(g, (Int32,), optimize=false)[1][2])
println("# g(::Int32), @code_lowered:")
show(io, code_lowered(g, (Int32,))[1]); println()
println("# f(Int8(0)), f(Int8(3)), g(Int32(0)): ", (f(Int8(0)), f(Int8(3)), g(Int32(0))))
