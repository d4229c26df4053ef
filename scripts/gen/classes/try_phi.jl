# target: try_phi(3)
function try_phi(n::Int)
    local r
    try
        x = n > 2 ? n : 2n
        if n > 5
            x = x + 1
        end
        r = x
        n > 100 && error("x")
    catch
    end
    return @isdefined(r) ? r : 0
end
