# An IRCode print shows no return type: a folded Int32 or Float16 constant prints as an Int64's or a Float64's,
# beside a `return` of an Int64 (Float64) the print types.
function ret_i32_or(x::Int64)
    x > 2 && return Int32(1)
    return x + 1
end

function ret_f16_or(x::Float64)
    x > 2.0 && return Float16(0)
    return x * 2.0
end

function ret_i64_or(x::Int64)
    x > 2 && return 1
    return x + 1
end

JLIR_RUNS = [(ret_i32_or, (5,)), (ret_i32_or, (-1,)), (ret_f16_or, (5.0,)), (ret_f16_or, (-1.5,)),
             (ret_i64_or, (5,)), (ret_i64_or, (-1,))]
