# Julia's own compact! of each fixture case's IRCode, the reference for jlir.edit.compact.
#
#   julia scripts/gen_compact_reference.jl OUTDIR NAME=RANK=CASEFILE...
#
# For each case (in the order given, which must be rank order): load it as the fixture
# script does (same Main counters, so closure names match the fixtures), take the
# `ircode-noline` IRCode (inflate_ir of the optimized CodeInfo, line info stripped),
# run `compact!` on it and write what Julia prints for the result to OUTDIR/NAME.txt.
include(joinpath(@__DIR__, "..", "jlir", "live", "jlir.jl"))
const CC = JlirLive.CC

function main(args)
    outdir = args[1]
    for spec in args[2:end]
        name, rank, file = split(spec, "="; limit=3)
        header, _ = JlirLive.load_case(read(file, String), name; rank=parse(Int, rank))
        f, types = JlirLive.resolve_target(Main, header.target)
        ir = Base.invokelatest(JlirLive.ircode, f, types; lines=false)
        compacted = CC.compact!(ir)
        CC.verify_ir(compacted)
        text = JlirLive.displayed(compacted, Main)
        write(joinpath(outdir, name * ".txt"), text)
    end
end

main(ARGS)
