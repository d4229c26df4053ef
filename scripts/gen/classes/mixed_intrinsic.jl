# target: mixed_intrinsic(3)
function mixed_intrinsic(n::Int)
    Core.Intrinsics.add_int(n, 0x01)
    return 2
end
