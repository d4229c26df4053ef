function maybe_undef_in_try(n)
    local u
    for i = 1:n
        try
            if i > 2
                u = i
            end
            i == 5 && throw(DomainError(i))
        catch
        end
    end
    return u
end
ci, rt = code_typed(maybe_undef_in_try, (Int64,); optimize=false)[1]
println("# MethodInstance for maybe_undef_in_try(::Int64)")
show(stdout, ci); println(" => ", rt)
for n in (1, 3, 6)
    try
        println(stderr, n, " => ", repr(maybe_undef_in_try(n)))
    catch e
        println(stderr, n, " => ", typeof(e))
    end
end
