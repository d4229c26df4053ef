# target: intrinsic_obj(3)
@noinline apply2(f, a, b) = f(a, b)
function intrinsic_obj(n::Int)
    return apply2(Core.Intrinsics.add_int, n, n)
end
