# target: bitcast_size(3)
function bitcast_size(n::Int)
    return Core.Intrinsics.bitcast(Int32, n)
end
