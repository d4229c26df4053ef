# target: isdef_try2(3)
function isdef_try2(n::Int)
    local y
    try
        n > 2 && error("x")
        y = n
    catch
    end
    return @isdefined y
end
