# target: union_order(true)
@noinline pick(T, b::Bool) = b ? zero(UInt64) : 0
function union_order(b::Bool)
    T = b ? UInt64 : Base.StackTraces.StackFrame
    return pick(T, b)
end
