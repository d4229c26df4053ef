# Julia 1.5.3's own stage prints with pending nodes, the references for jlir.edit.compact (`compact!`) and
# jlir.ssa (`slot2reg` + `compact!`), over a sample of Base's cached method instances.
#
#   julia scripts/gen/gen_compact_stages.jl OUTFILE [--every K] [--limit N]
#
# OUTFILE gets one JSON object a line per (instance, stage):
#   {"n": entry number, "mi": specTypes, "stage": "slot2reg" | "inlining",
#    "lines": true | false, "pending": the stage print (IRCode with its new nodes pending),
#    "compact": Julia's print of compact!(that IRCode)}
# Stages: right after `slot2reg` and right after `ssa_inlining_pass!`, as 1.5's `run_passes` has them,
# each with its line info and with it stripped (every line 0, empty line table).
# Not committed: generate it into ~/.cache/jlir/compactssa/ and read it with scripts/check/check_compact_ssa.py.
include(joinpath(@__DIR__, "..", "..", "jlir", "live", "jlir.jl"))
include(joinpath(@__DIR__, "gen_base_corpus.jl"))
const CC = JlirLive.CC

const strip_lines! = JlirLive.strip_lines!

"""Julia's (stage, (pending print, compact! print)) pairs for `mi`: with line info (`strip_at === nothing`), or
with it stripped at that one stage only (`inlining` needs the line table of the statements it inlines into)."""
function stages(mi::Core.MethodInstance, strip_at)
    ci, ir, nargs, opt = JlirLive.pre_ssa_ircode(mi)
    ir = CC.slot2reg(ir, ci, nargs, opt)
    out = Any[]
    strip_at == "slot2reg" && return push!(out, ("slot2reg", stage_prints(strip_lines!(ir))[1]))
    prints, ir = stage_prints(ir)
    strip_at === nothing && push!(out, ("slot2reg", prints))
    ir = CC.ssa_inlining_pass!(ir, ir.linetable, opt)
    push!(out, ("inlining", stage_prints(strip_at === nothing ? ir : strip_lines!(ir))[1]))
    return out
end

"((pending print, compact! print) or nothing when nothing is pending, the compacted IRCode)."
function stage_prints(ir)
    pending = isempty(ir.new_nodes) ? nothing : JlirLive.displayed(ir, Main)
    compacted = CC.compact!(ir)
    return (pending === nothing ? nothing : (pending, JlirLive.displayed(compacted, Main))), compacted
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
            for strip_at in (nothing, "slot2reg", "inlining")
                lines = strip_at === nothing
                sts = try
                    Base.invokelatest(stages, mi, strip_at)
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
