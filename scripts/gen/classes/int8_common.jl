# target: int8_common(Int8(12))
function int8_common(x::Int8)
    return gcd(x, Int8(8))
end
