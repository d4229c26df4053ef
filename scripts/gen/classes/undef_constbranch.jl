# target: undef_constbranch(3)
function undef_constbranch(n::Int)
    local u
    if n isa Int
        u = n + 1
    end
    return u * 2
end
