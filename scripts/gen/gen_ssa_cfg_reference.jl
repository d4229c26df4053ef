# gen_ssa_cfg_reference.jl -- Julia's own `ir.cfg` of the `ssa` form (slot2reg + compact!, JlirLive.ssa_ircode)
# of every fixture case, as JSON lines {"case": NAME, "cfg": <cfg_json>}: the reference
# for the catch edge of a block whose `enter` is followed by ϒ nodes (tests/analysis/test_cfg_julia.py).
#
#   julia scripts/gen/gen_ssa_cfg_reference.jl OUTFILE NAME=RANK=CASEFILE...
include(joinpath(@__DIR__, "..", "..", "jlir", "live", "jlir.jl"))

function main(args)
    open(args[1], "w") do io
        for spec in args[2:end]
            name, rank, file = split(spec, "="; limit=3)
            header, _ = JlirLive.load_case(read(file, String), name; rank=parse(Int, rank))
            f, types = JlirLive.resolve_target(Main, header.target)
            mi = JlirLive.first_result(JlirLive.method_instances(f, types), "method_instances")
            ir = Base.invokelatest(JlirLive.ssa_ircode, mi)
            println(io, "{\"case\": \"", name, "\", \"cfg\": ", rstrip(JlirLive.cfg_json(ir.cfg)), "}")
        end
    end
end

main(ARGS)
