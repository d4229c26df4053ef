# target: tuple_ret(3)
function tuple_ret(n::Int)
    n > 1 && return (Int32(100), n)
    return (Int32(n), n)
end
