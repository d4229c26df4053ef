# target: closure_repr2(3)
function closure_repr2(n::Int)
    f = y -> y + n
    g = z -> f(z) * 2
    return (g, () -> 1, x -> x)
end
