# Julia 1.5.3's printed IR holding each expression head `show` can print (base/show.jl's `show_unquoted` and friends),
# and the values that print specially (`Ptr{T} @0x…`, array constants, quoted operators, escapes, non-ASCII names):
# statement-level (`$(QuoteNode(…))`, constants) in typed, unoptimized and lowered form, and each Expr inside a type
# (`Core.Compiler.Const(:(…), false)` in a `PartialStruct`) in unoptimized typed code and `@code_warntype`.
# Run from the repository root: julia scripts/gen/gen_expr_heads.jl tests/data/heads-1.5.3
using InteractiveUtils, Test
module M end
hv() = :([1, 2])
hh() = :([1 2])
hvc() = :([1; 2])
hrow() = :([1 2; 3 4])
htv() = :(Int[1; 2])
hth() = :(Int[1 2])
htvr() = :(Int[1 2; 3 4])
hncat() = Expr(:ncat, 2, 1, 2)
hnrow() = Expr(:vcat, Expr(:nrow, 2, 1, 2))
hcomp() = :([x for x in y])
hgen() = :((x for x in y))
hfilt() = :([x for x in y if x > 1])
htcomp() = :(Int[x for x = y])
hgen2() = :(sum(x^2 for x in y, z in w))
hblock() = quote
    x = 1
    y
end
hqn() = QuoteNode(:x)
hcnull() = C_NULL
hop1() = :>
hop2() = :(::)
hop3() = (:+, :(=), :(:), :-)
function hvar(x)
    var"#a#" = x + 1
    var"if" = var"#a#" * 2
    return var"if"
end
hstr() = "a\tb\n\"\$ \\ \e\x7f"
hchr() = ('\n', '\'', '\x7f', '\u2028', '\\', '\0')
function htest(x)
    @test x == 1
    return x
end
const A = [1, 2, 3]
harr() = A
harr2() = Val((1, [2]))
struct var"weird name"
    x::Int
end
hvs() = var"weird name"(3)
hsym() = (Symbol("a b"), Symbol("#self#"), :α, Symbol(""))
hkw() = :(f(x; y = 1))
hdot() = :(x .+ y)
hlambda() = :(x -> x + 1)
hif() = :(a ? b : c)
hstrinterp() = :("a$(x)b")
hmacro() = :(@show x)
hmeta() = Expr(:meta, :inline)
hcurly() = :(Vector{<:Real})
hwhere() = :(f(x::T) where T = x)
hrange() = :(1:2:10)
hbig() = big(2)^70
hnested() = :(:(x + $y))
hlinenode() = LineNumberNode(3, :file)
htuple() = :((1, 2))
hanno() = :(x::Int)
hcmp() = :(a < b <= c)
hregx() = r"a+b"i
hcall_op() = :(+(1, 2, 3))
hstring_multiline() = "line1\nline2"
heq() = Expr(:(=), :x, 1)
hinterp() = Expr(:$, :x)
hbrace() = Expr(:braces, 1, 2)
hbracescat() = Expr(:bracescat, Expr(:row, 1, 2))
hdo() = :(map(x) do y; y; end)
hlet() = :(let x = 1; x; end)
hstruct() = :(struct S; x; end)
htry() = :(try x catch e y end)
hfor() = :(for i in 1:3; x; end)
hwhile() = :(while true; break; end)
hfunc() = :(function g(x) x end)
hsplat() = :(f(x...))
hand() = :(a && b || c)
hunary() = :(-x)
hneg() = :(!x)
hexpr_unknown() = Expr(:foo, 1, :x)
hglobal() = :(global x = 1)
hconst() = :(const x = 1)
hmod() = :(module MM end)
hdollarsym() = QuoteNode(Expr(:$, :x))
hcomment() = Expr(:block, LineNumberNode(1, Symbol("a file.jl")), :x)

fs = [hv, hh, hvc, hrow, htv, hth, htvr, hncat, hnrow, hcomp, hgen, hfilt, htcomp, hgen2, hblock, hqn, hcnull,
      hop1, hop2, hop3, hstr, hchr, harr, harr2, hvs, hsym, hkw, hdot, hlambda, hif, hstrinterp, hmacro, hmeta,
      hcurly, hwhere, hrange, hbig, hnested, hlinenode, htuple, hanno, hcmp, hregx, hcall_op, hstring_multiline,
      heq, hinterp, hbrace, hbracescat, hdo, hlet, hstruct, htry, hfor, hwhile, hfunc, hsplat, hand, hunary, hneg,
      hexpr_unknown, hglobal, hconst, hmod, hdollarsym, hcomment]
out = ARGS[1]
for f in fs
    name = string(nameof(f))
    for (form, thunk) in (("typed", () -> code_typed(f, ())[1]),
                          ("unopt", () -> code_typed(f, (); optimize=false)[1]),
                          ("lowered", () -> code_lowered(f, ())[1]))
        open(joinpath(out, "$name.$form.txt"), "w") do io
            show(io, thunk())
            println(io)
        end
    end
end
for (f, T) in ((hvar, (Int,)), (htest, (Int,)))
    name = string(nameof(f))
    open(io -> (show(io, code_typed(f, T)[1]); println(io)), joinpath(out, "$name.typed.txt"), "w")
    open(io -> (show(io, code_typed(f, T; optimize=false)[1]); println(io)), joinpath(out, "$name.unopt.txt"), "w")
    open(io -> (show(io, code_lowered(f, T)[1]); println(io)), joinpath(out, "$name.lowered.txt"), "w")
    open(io -> code_warntype(io, f, T), joinpath(out, "$name.warntype.txt"), "w")
end
exprs = Any[:([1, 2]), :([1 2]), :([1; 2]), :([1 2; 3 4]), :(Int[1; 2]), :(Int[1 2]), :(Int[1 2; 3 4]),
            Expr(:ncat, 2, 1, 2), Expr(:vcat, Expr(:nrow, 2, 1, 2)), Expr(:typed_ncat, :T, 2, 1, 2),
            :([x for x in y]), :((x for x in y)), :([x for x in y if x > 1]), :(Int[x for x = y]),
            :(sum(x^2 for x in y, z in w)), quote x = 1; y end, LineNumberNode(3, :file), :(:>), :(:(::)),
            :(f(x; y = 1)), :(x .+ y), :(x -> x + 1), :(a ? b : c), :("a$(x)b"), :(@show x), Expr(:meta, :inline),
            :(Vector{<:Real}), :(f(x::T) where T = x), :(1:2:10), :(:(x + $y)), :((1, 2)), :(x::Int), :(a < b <= c),
            :(+(1, 2, 3)), Expr(:$, :x), Expr(:braces, 1, 2), Expr(:bracescat, Expr(:row, 1, 2)),
            :(map(x) do y; y; end), :(let x = 1; x; end), :(try x catch e y end), :(for i in 1:3; x; end),
            :(a && b || c), :(-x), :(!x), Expr(:foo, 1, :x), :(global x = 1), :(const x = 1), :(f(x...)),
            :("tab\there\n"), :('\n'), Expr(:block, LineNumberNode(1, Symbol("a file.jl")), :x), :(x[1, end]),
            :(x.y), :(x'), :(A{T} where T <: Real), :(var"a b" + 1), :(α + β₁), :(return x), :(begin x; y end),
            :(x::Int = 3), :(x += 1), :(x .= y), :([1, 2] .* 3), :(@inbounds x[1]), :(struct S end), QuoteNode(:x),
            :($(QuoteNode(:x)) + 1), :(A[i for i = 1:2, j = 3:4]), Expr(:row, 1, 2), Expr(:hcat)]
for (i, ex) in enumerate(exprs)
    f = @eval (x -> (x, $(QuoteNode(ex))))
    h = Expr(ex isa Expr ? ex.head : Symbol(typeof(ex)))
    name = "c$(lpad(i, 2, '0'))-$(ex isa Expr ? ex.head : nameof(typeof(ex)))"
    open(io -> (show(io, code_typed(f, (Int,); optimize=false)[1]); println(io)), joinpath(out, "$name.unopt.txt"), "w")
    open(io -> code_warntype(io, f, (Int,)), joinpath(out, "$name.warntype.txt"), "w")
end
# names
function hnames(x)
    x̂ = x + 1
    ẋ = x̂ * 2
    ∇f = ẋ - 1
    x₁ = ∇f + 1
    x′ = x₁ + 1
    𝐱 = x′ + 1
    ħ = 𝐱 + 1
    ℓ = ħ + 1
    ∂x = ℓ + 1
    a⁺ = ∂x + 1
    éà = a⁺ + 1
    var"#a#" = éà
    var"if" = var"#a#" + 1
    return var"if"
end
open(io -> (show(io, code_typed(hnames, (Int,); optimize=false)[1]); println(io)), joinpath(out, "names.unopt.txt"), "w")
open(io -> (show(io, code_lowered(hnames, (Int,))[1]); println(io)), joinpath(out, "names.lowered.txt"), "w")
open(io -> code_warntype(io, hnames, (Int,)), joinpath(out, "names.warntype.txt"), "w")
open(io -> (show(io, code_typed(hnames, (Int,))[1]); println(io)), joinpath(out, "names.typed.txt"), "w")
kptr() = Ptr{Nothing}(UInt(0x1234))
kptr2() = Ptr{Int}(UInt(0xdeadbeef))
kptrs() = (Ptr{Nothing}(UInt(0)), Ptr{UInt8}(UInt(16)))
for f in (kptr, kptr2, kptrs)
    open(io -> (show(io, code_typed(f, ())[1]); println(io)), joinpath(out, "$(nameof(f)).typed.txt"), "w")
    open(io -> (show(io, code_typed(f, (); optimize=false)[1]); println(io)), joinpath(out, "$(nameof(f)).unopt.txt"), "w")
end
arr = [1, 2, 3]
karr = @eval () -> $arr
karr2 = @eval () -> $(Any[1, "a", :b])
karr3 = @eval () -> $([1 2; 3 4])
karr4 = @eval (x) -> (x, $([1.5, 2.5]))
for (n, f, T) in (("arrayconst", karr, ()), ("arrayany", karr2, ()), ("matrix", karr3, ()), ("arraypartial", karr4, (Int,)))
    open(io -> (show(io, code_typed(f, T)[1]); println(io)), joinpath(out, "$n.typed.txt"), "w")
    open(io -> (show(io, code_typed(f, T; optimize=false)[1]); println(io)), joinpath(out, "$n.unopt.txt"), "w")
    open(io -> code_warntype(io, f, T), joinpath(out, "$n.warntype.txt"), "w")
end
