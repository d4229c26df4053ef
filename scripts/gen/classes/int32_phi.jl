# target: int32_phi(true)
const FLAG_A = Int32(1)
const FLAG_B = Int32(2)
function int32_phi(shared::Bool)
    if shared
        f = FLAG_A
    else
        f = FLAG_B
    end
    g = f
    return g | Int32(4)
end
