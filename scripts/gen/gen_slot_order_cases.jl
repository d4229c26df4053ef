# Julia's slot numbers for small programs, the reference for jlir.ssa.slot_order (tests/ssa/test_slot_order.py).
#
#   julia scripts/gen/gen_slot_order_cases.jl tests/data/ssa/slot-order-1.5.3 f1 f2 …
#
# Includes DIR/programs.jl and, for each function named (one method each), writes DIR/NAME.typed-unoptimized.txt
# (`code_typed(f, sig; optimize=false)`'s CodeInfo, shown as the REPL shows it) and DIR/NAME.slotnames (its
# `slotnames`, one per line, then `ARGS ` and the method's argument names).
dir = abspath(ARGS[1])
include(joinpath(dir, "programs.jl"))
for name in ARGS[2:end]
    f = getfield(Main, Symbol(name))
    m = first(methods(f))
    tt = Tuple{m.sig.parameters[2:end]...}
    ci = code_typed(f, tt, optimize=false)[1].first
    open(io -> show(io, ci), joinpath(dir, "$name.typed-unoptimized.txt"), "w")
    open(joinpath(dir, "$name.slotnames"), "w") do io
        println(io, join(String.(ci.slotnames), "\n"))
        println(io, "ARGS ", join(String.(Base.method_argnames(m))[2:end], ","))
    end
end
