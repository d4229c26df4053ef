# Julia's own passes on each fixture case, the references for jlir.edit.compact and jlir.passes' dce.
#
#   julia scripts/gen/gen_pass_reference.jl OUTDIR NAME=RANK=CASEFILE...
#
# For each case (in rank order): load it as the fixture script does (same Main counters, so
# closure names match the fixtures), then write
#   OUTDIR/compact/NAME.txt      Julia's print of compact!(ir), ir being the case's `ircode-noline`
#                                IRCode (inflate_ir of the optimized CodeInfo, line info stripped);
#   OUTDIR/before-adce/NAME.txt  the IRCode as 1.5's run_passes has it right before adce_pass!
#                                (convert_to_ircode, slot2reg, compact!, inlining, compact!, SROA);
#   OUTDIR/adce/NAME.txt         compact!(adce_pass!(that IRCode)), as Julia prints it.
include(joinpath(@__DIR__, "..", "..", "jlir", "live", "jlir.jl"))
const CC = JlirLive.CC

"The IRCode 1.5's `run_passes` hands to `adce_pass!` (its first steps, repeated on an uncached inference)."
function before_adce(mi::Core.MethodInstance)
    frame = CC.InferenceState(CC.InferenceResult(mi), false, CC.Params(Base.get_world_counter()))
    CC.typeinf(frame) || error("inference did not finish for $(mi.specTypes)")
    opt = CC.OptimizationState(frame)
    ci = opt.src
    nargs = Int(opt.nargs) - 1
    ir = CC.convert_to_ircode(ci, CC.copy_exprargs(ci.code), false, nargs, opt)
    ir = CC.slot2reg(ir, ci, nargs, opt)
    ir = CC.compact!(ir)
    ir = CC.ssa_inlining_pass!(ir, ir.linetable, opt)
    ir = CC.compact!(ir)
    return CC.getfield_elim_pass!(ir, CC.construct_domtree(ir.cfg))
end

function main(args)
    outdir = args[1]
    for sub in ("compact", "before-adce", "adce")
        mkpath(joinpath(outdir, sub))
    end
    for spec in args[2:end]
        name, rank, file = split(spec, "="; limit=3)
        header, _ = JlirLive.load_case(read(file, String), name; rank=parse(Int, rank))
        f, types = JlirLive.resolve_target(Main, header.target)
        ir = Base.invokelatest(JlirLive.ircode, f, types; lines=false)
        compacted = CC.compact!(ir)
        CC.verify_ir(compacted)
        write(joinpath(outdir, "compact", name * ".txt"), JlirLive.displayed(compacted, Main))
        mi = JlirLive.first_result(JlirLive.method_instances(f, types), "method_instances")
        pre = Base.invokelatest(before_adce, mi)
        write(joinpath(outdir, "before-adce", name * ".txt"), JlirLive.displayed(pre, Main))
        post = CC.compact!(CC.adce_pass!(pre))
        CC.verify_ir(post)
        write(joinpath(outdir, "adce", name * ".txt"), JlirLive.displayed(post, Main))
    end
end

main(ARGS)
