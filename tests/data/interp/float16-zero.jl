# Julia 1.5.3 prints a Float16 zero as `0.0` (`repr(Float16(0.0)) == "0.0"`), the text of a Float64 zero:
# tests/interp/test_float16_zero.py runs these prints (float16-zero-1.5.3.txt, written by this file).
f1() = zero(Float16)
f7(x::Float16) = x == 0 ? zero(Float16) : x
open(joinpath(@__DIR__, "float16-zero-1.5.3.txt"), "w") do io
    for (f, t) in ((f1, ()), (f7, (Float16,)))
        show(io, MIME"text/plain"(), code_typed(f, t)[1]); println(io)
    end
end
println(repr(f1()), " ", typeof(f1()), " ", repr(f7(Float16(0.0))), " ", typeof(f7(Float16(0.0))))
