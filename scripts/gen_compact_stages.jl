# Julia 1.5.3's own stage prints with pending nodes, the references for jlir.edit.compact (`compact!`) and
# jlir.ssa (`slot2reg` + `compact!`), over a sample of Base's cached method instances.
#
#   julia scripts/gen_compact_stages.jl OUTFILE [--every K] [--limit N]
#
# OUTFILE gets one JSON object a line per (instance, stage):
#   {"n": entry number, "mi": specTypes, "stage": "slot2reg" | "inlining",
#    "lines": true | false, "pending": the stage print (IRCode with its new nodes pending),
#    "compact": Julia's print of compact!(that IRCode)}
# Stages: right after `slot2reg` and right after `ssa_inlining_pass!`, as 1.5's `run_passes` has them,
# each with its line info and with it stripped (every line 0, empty line table).
# Not committed: generate it into ~/.cache/jlir/compactssa/ and read it with scripts/check_compact_ssa.py.
include(joinpath(@__DIR__, "..", "jlir", "live", "jlir.jl"))
include(joinpath(@__DIR__, "gen_base_corpus.jl"))
const CC = JlirLive.CC

function strip_lines!(ir)
    fill!(ir.lines, 0)
    for i in 1:length(ir.new_nodes)
        n = ir.new_nodes[i]
        ir.new_nodes[i] = CC.NewNode(n.pos, n.attach_after, n.typ, n.node, Int32(0))
    end
    empty!(ir.linetable)
    return ir
end

"The IRCodes of `mi` at each stage with pending nodes (uncompacted), as (stage, ir) pairs."
function stages(mi::Core.MethodInstance, lines::Bool)
    fix(ir) = lines ? ir : strip_lines!(ir)
    ci, ir, nargs, opt = JlirLive.pre_ssa_ircode(mi)
    ir = CC.slot2reg(ir, ci, nargs, opt)
    out = Any[("slot2reg", stage_prints(fix(ir)))]
    ir = CC.compact!(ir)
    ir = CC.ssa_inlining_pass!(ir, ir.linetable, opt)
    push!(out, ("inlining", stage_prints(fix(ir))))
    return out
end

"(pending print, compact! print), printed before compacting (compact! may reuse the IRCode's arrays)."
function stage_prints(ir)
    isempty(ir.new_nodes) && return nothing
    pending = JlirLive.displayed(ir, Main)
    return (pending, JlirLive.displayed(CC.compact!(ir), Main))
end

json_str(s) = JlirLive.json_string(s)

function main(args)
    out = args[1]
    every = "--every" in args ? parse(Int, args[findfirst(==("--every"), args) + 1]) : 10
    limit = "--limit" in args ? parse(Int, args[findfirst(==("--limit"), args) + 1]) : typemax(Int)
    _, _, _, entries = collect_entries()
    done = errors = 0
    open(out, "w") do io
        for (n, (mi, _)) in enumerate(entries)
            (n - 1) % every == 0 || continue
            done >= limit && break
            done += 1
            for lines in (true, false)
                sts = try
                    Base.invokelatest(stages, mi, lines)
                catch err
                    errors += 1
                    errors <= 3 && @warn "skipped" mi.specTypes exception=err
                    continue
                end
                for (stage, prints) in sts
                prints === nothing && continue
                pending, compacted = prints
                println(io, "{\"n\": ", n, ", \"mi\": ", json_str(string(mi.specTypes)), ", \"stage\": \"", stage,
                        "\", \"lines\": ", lines, ", \"pending\": ", json_str(pending), ", \"compact\": ",
                        json_str(compacted), "}")
                end
            end
        end
    end
    println(stderr, "$done instances, $errors failed")
end

main(ARGS)
