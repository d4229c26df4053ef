# Writes tests/data/interp_convert-1.5.3.tsv: Julia's own `T(x)` for primitive number types, and its mixed-type
# `+ - * /`, on values chosen at the edges (ranges, rounding ties, NaN, signed zero, subnormals), for
# tests/interp/test_convert.py.  Values are written `Type:raw` as in fixtures/interp (floats by their bits).
# Rows:  convert <TAB> T <TAB> x <TAB> ok|err <TAB> result-or-exception-type
#        arith <TAB> op <TAB> a <TAB> b <TAB> ok|err <TAB> result-or-exception-type
# Usage: julia scripts/gen/gen_convert_table.jl > tests/data/interp_convert-1.5.3.tsv   (Julia 1.5.3)

raw(x::Bool) = "$(typeof(x)):$x"
raw(x::Integer) = "$(typeof(x)):$x"
raw(x::Union{Float16,Float32,Float64}) = "$(typeof(x)):0x" * string(reinterpret(Unsigned, x), base=16)

const INTS = (Bool, Int8, Int16, Int32, Int64, Int128, UInt8, UInt16, UInt32, UInt64, UInt128)
const FLOATS = (Float16, Float32, Float64)
const NUMS = (INTS..., FLOATS...)

int_samples(T) = T === Bool ? Any[false, true] :
    unique(Any[T(0), T(1), typemax(T), typemin(T), typemax(T) - T(1), 100 % T, 255 % T, 256 % T,
               2049 % T, 16777217 % T, 9007199254740993 % T, -1 % T, -129 % T])
float_samples(T) = unique(Any[T(0.0), T(-0.0), T(1.0), T(-1.0), T(1.5), T(2.5), T(-3.0), T(127.0), T(128.0),
                              T(255.0), T(65504.0), T(1e-7), T(0.1), floatmax(T), -floatmax(T), T(Inf), T(-Inf),
                              T(NaN), nextfloat(T(0.0)), T(32768.0), T(2048.0),
                              (T === Float16 ? T[] : T[T(65520.0), T(2049.0), T(2^31), T(-2^31), T(2^63),
                                                     T(9.2e18), T(1e30), T(16777217.0)])...])
samples(T) = T in FLOATS ? float_samples(T) : int_samples(T)

function row(f, fields...)
    r = try
        v = f()
        "ok\t" * raw(v)
    catch e
        "err\t$(nameof(typeof(e)))"
    end
    println(join((fields..., r), "\t"))
end

for T in NUMS, S in NUMS, x in samples(S)
    row(() -> T(x), "convert", T, raw(x))
end
for op in (+, -, *, /), S in NUMS, T in NUMS
    (S === T || S === Bool || T === Bool) && continue
    for a in samples(S)[1:min(end, 4)], b in samples(T)[2:min(end, 4)]
        row(() -> op(a, b), "arith", op, raw(a), raw(b))
    end
end
