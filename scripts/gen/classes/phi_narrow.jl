# target: phi_narrow(3)
function phi_narrow(n::Int)
    local a
    if n > 1
        a = Int32(2)
    end
    b = n > 5 ? Int32(3) : a
    return (b,)
end
