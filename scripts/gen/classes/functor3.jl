# target: functor3(3)
(x::Int8)(y) = x * y
struct NoCall
    v::Int
end
struct Unit0 end
(::Unit0)(y) = y + 100
@noinline callit3(f, x) = f(x)
function functor3(n::Int)
    a = callit3(Int8(2), n)
    b = callit3(Unit0(), n)
    c = try
        callit3(NoCall(n), n)
    catch e
        e isa MethodError ? -1 : -2
    end
    d = try
        callit3(2.5, n)
    catch e
        e isa MethodError ? -10 : -20
    end
    return a + b + c + d
end
# run: functor3(3); functor3(2)
