# target: tuin1(3)
function tuin1(n::Int)
    local y
    s = n + 1
    if n > 100
        s += y
    end
    return s
end
