struct var"weird name"
    x::Int
end
hvs2(x) = var"weird name"(x)
show(stdout, code_typed(hvs2, (Int,))[1]); println()
println(repr(hvs2(3)))
