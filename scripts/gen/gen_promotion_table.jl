# gen_promotion_table.jl -- Julia 1.5.3's own results of Base's promotion and mixed-type methods on primitive
# numbers, which jlir.interp.promotion computes natively: promote_typeof, promote, promote_type, the six
# comparisons of two numbers of different types, and the three shifts by an integer of any type.
#
# Usage (from the repository root):  julia scripts/gen/gen_promotion_table.jl > fixtures/interp/promotion.tsv
# One line per call: function <TAB> arguments (`jlir run --args` literals, `|`-joined) <TAB> their types <TAB>
# interp_args.jl's outcome (ok <TAB> type <TAB> repr, or err <TAB> exception type <TAB>).

include(joinpath(@__DIR__, "interp_args.jl"))   # lit, outcome

const TYPES = (Bool, Int8, Int16, Int32, Int64, Int128, UInt8, UInt16, UInt32, UInt64, UInt128, Float16, Float32,
               Float64)
sample(T) = T === Bool ? Any[true, false] : T <: Unsigned ? Any[T(3), typemax(T)] :
            T <: Signed ? Any[T(-3), typemax(T)] : Any[T(-1.5), T(NaN), T(2)]

row(f, name, args) = println(name, "\t", join(map(lit, args), "|"), "\t", join(map(a -> string(typeof(a)), args), "|"),
                             "\t", outcome(f, args))

for S in TYPES, T in TYPES
    row(promote_type, "promote_type", (S, T))
    for a in sample(S), b in sample(T)
        row(Base.promote_typeof, "promote_typeof", (a, b))
        row(promote, "promote", (a, b))
        for (f, name) in ((==, "=="), (!=, "!="), (<, "<"), (<=, "<="), (>, ">"), (>=, ">="))
            row(f, name, (a, b))
        end
    end
end
for S in TYPES[2:11], C in (Int64, UInt8, Int32), x in sample(S), c in (-3, 0, 5, 8 * sizeof(S), 8 * sizeof(S) + 1)
    C <: Unsigned && c < 0 && continue
    for (f, name) in ((<<, "<<"), (>>, ">>"), (>>>, ">>>"))
        row(f, name, (x, C(c)))
    end
end
