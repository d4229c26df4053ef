# target: pi_bottom(true, 3)
@noinline takef(f) = 1
function pi_bottom(init::Bool, n::Int)
    if init !== false
        typeassert(init, Function)
        return takef(init) + n
    end
    return n
end
