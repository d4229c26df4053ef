# target: complex_const2(3)
@inline c12b() = 1 + 2im
@noinline take2(z, n) = z.re + n
function complex_const2(n::Int)
    z = c12b()
    return take2(z, n)
end
