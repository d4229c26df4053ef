# Julia's own answers for jlir.interp's tests (run with Julia 1.5.3 from the repository root):
#   julia scripts/gen/gen_interp_data.jl
# writes fixtures/interp/intrinsics.tsv (every intrinsic on edge and random inputs, called as Julia's runtime
# calls it) and fixtures/interp/floats.tsv (repr of Float64/32/16 values).  A value is written as `Type:raw`:
# integers in decimal, floats by their bits in hex, Char by its UInt32 code, types by name, vectors as
# `Array{T,1}:raw,raw,…` (the same encoding as JlirLive.encode_value in jlir/live/jlir.jl).
# Julia's results of whole fixture functions, and the callees they need, are not made here: each case file
# declares its calls on `# run:` lines and scripts/gen/regen_fixtures.py records them (fixtures/julia-<v>/runs.tsv,
# callees/<case>/; see jlir/live/caseruns.py), in the same Julia session that printed the case.
using Random

# The `Type:raw` encoder is the one the fixture script records runs with (jlir/live/jlir.jl), not a copy of it.
include(joinpath(@__DIR__, "..", "..", "jlir", "live", "jlir.jl"))
const enc = JlirLive.encode_value

const INTS = (Int8, Int16, Int32, Int64, Int128, UInt8, UInt16, UInt32, UInt64, UInt128)
const FLOATS = (Float16, Float32, Float64)
edges(T::Type{<:Signed}) = unique(T[0, 1, -1, typemax(T), typemin(T), T(90)])
edges(T::Type{<:Unsigned}) = unique(T[0, 1, 2, typemax(T), typemax(T) - one(T), T(90)])
edges(::Type{Bool}) = [false, true]
edges(T::Type{<:AbstractFloat}) = unique(T[0.0, -0.0, 1.0, -1.0, 2.5, -0.1, 3.0, NaN, Inf, -Inf,
    nextfloat(zero(T)), floatmin(T), floatmax(T), -floatmax(T), T(1000.5)])
few(T::Type{<:AbstractFloat}) = T[0.0, -0.0, 1.0, -2.5, 0.1, NaN, Inf, -Inf, nextfloat(zero(T)), floatmax(T)]

const out = IOBuffer()
# Julia 1.5 has no Float16 float intrinsics at run time (ErrorException) and its Base never emits them: Float16
# arithmetic is done in Float32 and rounded.  Those rows get Base's answer instead, marked `ok16`.
const VIA32 = Dict(:add_float => +, :sub_float => -, :mul_float => *, :div_float => /, :rem_float => rem,
                   :eq_float => ==, :ne_float => !=, :lt_float => <, :le_float => <=, :fpiseq => isequal,
                   :fpislt => isless, :copysign_float => copysign, :neg_float => -, :abs_float => abs,
                   :sqrt_llvm => x -> x < 0 ? NaN32 : sqrt(x), :floor_llvm => floor, :ceil_llvm => ceil,
                   :trunc_llvm => trunc, :rint_llvm => x -> round(x, RoundNearest))
function reference16(name, args...)
    if haskey(VIA32, name)
        r = VIA32[name](map(Float32, args)...)
        return r isa Float32 ? Float16(r) : r
    end
    name in (:fptrunc, :fpext) && return args[1](args[2])
    name == :sitofp && return args[1](signed(args[2]))
    name == :uitofp && return args[1](unsigned(args[2]))
    name in (:fptosi, :fptoui) && return unsafe_trunc(args[1], args[2])
    throw(ArgumentError("no reference"))  # Float16 fma/muladd: no row
end

function row(name, args...; via32::Bool=true)
    f = getfield(Core.Intrinsics, name)
    res = try
        r, tag = try
            f(args...), "ok"
        catch e
            (via32 && e isa ErrorException) || rethrow()
            reference16(name, args...), "ok16"
        end
        tag * "\t" * string(typeof(r)) * "\t" * repr(r)
    catch e
        e isa ArgumentError && return
        "err\t" * string(typeof(e))
    end
    println(out, name, "\t", join(map(enc, args), " "), "\t", res)
end

function gen_intrinsics()
    int_binary = (:add_int, :sub_int, :mul_int, :sdiv_int, :udiv_int, :srem_int, :urem_int,
                  :and_int, :or_int, :xor_int, :eq_int, :ne_int, :slt_int, :ult_int, :sle_int, :ule_int,
                  :checked_sadd_int, :checked_uadd_int, :checked_ssub_int, :checked_usub_int,
                  :checked_smul_int, :checked_umul_int, :checked_sdiv_int, :checked_udiv_int,
                  :checked_srem_int, :checked_urem_int, :flipsign_int)
    for name in int_binary, T in INTS, a in edges(T), b in edges(T)
        row(name, a, b)
    end
    rng = MersenneTwister(3)  # and random operands, away from the edges
    for name in int_binary, T in INTS, _ in 1:12
        row(name, rand(rng, T) >> rand(rng, 0:8*sizeof(T)-1), rand(rng, T) >> rand(rng, 0:8*sizeof(T)-1))
    end
    for name in (:and_int, :or_int, :xor_int, :eq_int, :ne_int), a in (false, true), b in (false, true)
        row(name, a, b)
    end
    for a in (false, true)
        row(:not_int, a)
    end
    for name in (:neg_int, :not_int, :ctlz_int, :cttz_int, :ctpop_int, :bswap_int), T in INTS, a in edges(T)
        name == :bswap_int && sizeof(T) == 1 && continue  # Julia 1.5's runtime crashes on a 1-byte bswap
        row(name, a)
    end
    for name in (:shl_int, :lshr_int, :ashr_int), T in INTS, a in edges(T), S in (Int64, UInt8, Int8)
        bits = 8 * sizeof(T)
        for n in unique((0, 1, 3, bits - 1, bits, bits + 1, 127, -1))
            (S == Int8 || S == UInt8) && !(n in (-1, 0, 1, 3, 7, 8, 9, 127)) && continue
            row(name, a, n % S)
        end
    end
    for T in INTS, U in INTS, a in edges(T)
        sizeof(U) < sizeof(T) && row(:trunc_int, U, a)
        if sizeof(U) > sizeof(T)
            row(:sext_int, U, a)
            row(:zext_int, U, a)
        end
    end
    for T in (INTS..., FLOATS...), U in (INTS..., FLOATS..., Char), a in edges(T)
        sizeof(T) == sizeof(U) && T != U || continue
        U == Char && !(try Char(UInt32(reinterpret(Char, a))) == reinterpret(Char, a) catch; false end) &&
            continue  # malformed Chars print raw bytes
        row(:bitcast, U, a)
    end
    for c in ('a', 'é', '\n', '∀', '\0')
        row(:bitcast, UInt32, c)
        row(:eq_int, c, 'a')
    end
    for F in FLOATS, T in INTS, a in edges(T)
        sizeof(T) == 16 && continue  # Julia 1.5's runtime converts 128-bit integers wrongly (NaN, -2.0 for -1)
        row(:sitofp, F, a)
        row(:uitofp, F, a)
    end
    for F in FLOATS, T in INTS, a in edges(F)
        isfinite(a) && sizeof(T) < 16 || continue  # 1.5's runtime rounds (not truncates) to 128-bit integers
        t = trunc(a)
        t >= typemin(T) && t < (F(typemax(T)) == typemax(T) ? typemax(T) + big(1) : F(typemax(T))) || continue
        T <: Signed ? row(:fptosi, T, a) : row(:fptoui, T, a)
    end
    for F in FLOATS, G in FLOATS, a in edges(F)
        sizeof(G) < sizeof(F) && row(:fptrunc, G, a)
        sizeof(G) > sizeof(F) && row(:fpext, G, a)
    end
    float_binary = (:add_float, :sub_float, :mul_float, :div_float, :rem_float, :eq_float, :ne_float,
                    :lt_float, :le_float, :fpiseq, :fpislt, :copysign_float)
    for name in float_binary, F in FLOATS, a in edges(F), b in edges(F)
        row(name, a, b)
    end
    for name in float_binary, F in FLOATS, _ in 1:40
        row(name, F(randn(rng) * 10.0^rand(rng, -8:8)), F(randn(rng) * 10.0^rand(rng, -8:8)))
    end
    for F in FLOATS, T in INTS, _ in 1:8  # conversions of random values
        x = rand(rng, T)
        sizeof(T) == 16 && continue  # 1.5's runtime converts 128-bit integers wrongly (see above)
        row(:sitofp, F, x)
        f = F(rand(rng, -100:100) + 0.25)
        row(T <: Signed ? :fptosi : :fptoui, T, T <: Signed ? f : abs(f))
    end
    for name in (:neg_float, :abs_float, :sqrt_llvm, :floor_llvm, :ceil_llvm, :trunc_llvm, :rint_llvm),
            F in FLOATS, a in (edges(F)..., F(0.5), F(1.5), F(-2.5), F(2.4999))
        row(name, a)
    end
    for name in (:fma_float, :muladd_float), F in FLOATS, a in few(F), b in few(F), c in few(F)
        row(name, a, b, c)
    end
    rng = MersenneTwister(1)
    for name in (:fma_float, :muladd_float), F in FLOATS, _ in 1:300
        row(name, F(randn(rng)), F(randn(rng) * 1e3), F(randn(rng)))
    end
    gen_illtyped()
    write("fixtures/interp/intrinsics.tsv", take!(out))
end

# Calls outside the intrinsics' types (Julia's `intrinsic_nothrow` says they may throw): operands of two types
# (`add_int(x, 0x01)`: "types of a and b must match"; a shift's count may be any primitive type), a `bitcast`
# between sizes, a conversion the wrong way (`trunc_int` to a wider type), a float intrinsic on integer bits (the
# runtime computes on the bits as a float of that size) and an integer one on float bits.
const MIXED = ((Int64, UInt8), (UInt8, Int64), (Int8, Int16), (Int32, UInt32), (UInt64, Int64), (Bool, Int8),
               (Int64, Float64), (Float64, Int64), (Char, UInt32))
function gen_illtyped()
    int_binary = (:add_int, :sub_int, :mul_int, :sdiv_int, :udiv_int, :srem_int, :urem_int,
                  :and_int, :or_int, :xor_int, :eq_int, :ne_int, :slt_int, :ult_int, :sle_int, :ule_int,
                  :checked_sadd_int, :checked_uadd_int, :checked_ssub_int, :checked_usub_int,
                  :checked_smul_int, :checked_umul_int, :checked_sdiv_int, :checked_udiv_int,
                  :checked_srem_int, :checked_urem_int, :flipsign_int, :shl_int, :lshr_int, :ashr_int)
    float_binary = (:add_float, :sub_float, :mul_float, :div_float, :rem_float, :eq_float, :ne_float,
                    :lt_float, :le_float, :fpiseq, :fpislt, :copysign_float)
    for name in (int_binary..., float_binary...), (A, B) in MIXED
        name in (:shl_int, :lshr_int, :ashr_int) && A === Char && continue   # malformed Chars print raw bytes
        row(name, A === Bool ? true : A(3), B === Bool ? true : B(2); via32=false)
    end
    for name in (:fma_float, :muladd_float)
        row(name, 1.5, 2.0f0, 3.0; via32=false)
        row(name, 1.5, 2.0, 3; via32=false)
    end
    for T in (Int8, Int16, Int32, Int64, Int128, UInt8, UInt64, Bool, Float32, Float64, Char),
            U in (Int8, Int32, Int64, UInt16, UInt128, Bool, Float16, Float64, Char)
        sizeof(T) == sizeof(U) && continue
        row(:bitcast, U, T(1); via32=false)
    end
    for T in (Int8, Int32, Int64, UInt16), U in (Int8, Int32, Int64, UInt16)
        sizeof(U) >= sizeof(T) && row(:trunc_int, U, T(3); via32=false)
        if sizeof(U) <= sizeof(T)
            row(:sext_int, U, T(3); via32=false)
            row(:zext_int, U, T(3); via32=false)
        end
    end
    for F in (Float32, Float64), G in (Float32, Float64)
        sizeof(G) >= sizeof(F) && row(:fptrunc, G, F(1.5); via32=false)
        sizeof(G) <= sizeof(F) && row(:fpext, G, F(1.5); via32=false)
    end
    for x in (Int64(3), Int32(-3), UInt64(7))
        for name in (:neg_float, :abs_float, :floor_llvm, :add_float, :mul_float, :lt_float, :eq_float)
            binary = name in (:add_float, :mul_float, :lt_float, :eq_float)
            binary ? row(name, x, x; via32=false) : row(name, x; via32=false)
        end
    end
    for x in (1.5, -2.0f0)
        for name in (:neg_int, :not_int, :ctpop_int, :add_int, :and_int, :eq_int, :slt_int)
            binary = name in (:add_int, :and_int, :eq_int, :slt_int)
            binary ? row(name, x, x; via32=false) : row(name, x; via32=false)
        end
    end
end

function gen_floats()
    rng = MersenneTwister(2)
    xs = Any[]
    for F in FLOATS
        append!(xs, edges(F))
        for e in -330:330
            x = F(10.0^e)
            isfinite(x) && x != 0 && push!(xs, x, prevfloat(x), nextfloat(x), F(x * 1.5), F(x * 1.2345678))
        end
        for _ in 1:1000
            push!(xs, reinterpret(F, rand(rng, Base.uinttype(F))))
        end
        append!(xs, F[0.1, 0.2, 0.3, 100000.0, 123456.0, 1234567.0, 999999.0, 1e6, 0.0001, 0.00012, 1e-5])
    end
    open("fixtures/interp/floats.tsv", "w") do io
        for x in unique(xs)
            println(io, enc(x), "\t", repr(x))
        end
    end
end

gen_intrinsics()
gen_floats()
