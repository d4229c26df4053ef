g8(x::Int8) = x + Int8(1)
h8(x) = x * 2
