# The function this example guards: a sum over a Vector{Float64} that stays type-stable.
function mysum(v)
    s = 0.0
    for x in v
        s += x
    end
    return s
end
