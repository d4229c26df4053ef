# target: tuin2(3)
function tuin2(n::Int)
    local y
    z = y
    return z + n
end
