# target: isdef_branch(1)
function isdef_branch(x::Int)
    if x > 5
        y = x
    end
    return @isdefined y
end
