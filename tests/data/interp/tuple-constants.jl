# Tuple and named tuple constants whose elements print without their type (an Int32 `1`, a Float16 `0.0`):
# Julia 1.5.3's prints (tuple-constants-1.5.3.txt, written by this file) and answers (printed: type, repr).
f1() = (Int32(1), Int32(2))
f2(x) = x > 0 ? (Int8(1), 2.0) : (Int8(3), 4.0)
f3() = (a = Int16(3), b = Float16(0.0))
f4() = [Int32(1), Int32(2)]
f5(x) = ("héllo", Int32(5), x)
open(joinpath(@__DIR__, "tuple-constants-1.5.3.txt"), "w") do io
    for (f, t) in ((f1, ()), (f2, (Int,)), (f3, ()), (f4, ()), (f5, (Float64,)))
        show(io, MIME"text/plain"(), code_typed(f, t)[1]); println(io)
    end
    # f1's IRCode (`inflate_ir`), which prints no return type: its `return (1, 2)` does not say Int32
    mi = Core.Compiler.specialize_method(first(methods(f1)), Tuple{typeof(f1)}, Core.svec())
    ci = code_typed(f1, ())[1][1]
    show(io, MIME"text/plain"(), Core.Compiler.inflate_ir(ci, mi)); println(io)
end
for (f, a) in ((f1, ()), (f2, (1,)), (f2, (-1,)), (f3, ()), (f4, ()), (f5, (2.5,)))
    r = f(a...); println(typeof(r), "\t", repr(r))
end
