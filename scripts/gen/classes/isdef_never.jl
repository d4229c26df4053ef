# target: isdef_never(1)
function isdef_never(x::Int)
    local y
    return @isdefined y
end
