# gen_base_reference.jl -- Julia's own analyses of a deterministic sample of
# cached Base/Core method instances (Julia 1.5): the raw input of the
# `--base-sample` part of scripts/gen/regen_fixtures.py, which checks and commits it.
#
# Usage:
#   julia scripts/gen/gen_base_reference.jl OUTFILE [--count N] [--every K]
#
# Enumeration: the method instances scripts/gen/gen_base_corpus.jl dumps (its
# functions are loaded from that file, so both enumerate alike), in its order
# (methods sorted by module, name, file, line, signature; instances by
# specTypes), each with its cached inferred source.  An instance counts when
# its optimized IRCode (`inflate_ir` of the cached source with line info
# removed: the `ircode-noline` form) has at least 2 blocks; every K-th counted
# instance (the 1st, the K+1-th, ...) is taken, until N are taken.
#
# OUTFILE gets one JSON object per line: first a header
#   {"instances": ..., "uninflated": ..., "multi_block_seen": ..., "taken": ..., "failed": ..., "every": K, "count": N}
# then per taken instance
#   {"target": "<specTypes>", "ircode": "<printed IRCode>", "reference": {<JlirLive.reference_json>}}
# or, when its source cannot be decompressed or inflated, or its IRCode or
# reference cannot be produced,
#   {"target": "<specTypes>", "failed": "<error message>"}
# (such instances count among the N taken and in "failed").

include(joinpath(@__DIR__, "..", "..", "jlir", "live", "jlir.jl"))

include(joinpath(@__DIR__, "base_corpus_module.jl"))   # module BaseCorpus

const CC = JlirLive.CC

"""
Every (MethodInstance, CodeInstance, inferred source) with cached inferred source, in gen_base_corpus.jl's
order.  The source is taken now: compiling an instance later in the run (printing does) may drop its cached
source (`inferred` becomes `nothing`), which would make the sample depend on what this script compiles.
"""
function cached_instances()
    mts = BaseCorpus.collect_method_tables(BaseCorpus.collect_modules())
    methods_ = Method[]
    seen = IdDict{Method,Nothing}()
    for mt in mts
        Base.visit(mt) do m
            if !haskey(seen, m) && BaseCorpus.under_base_or_core(m.module)
                seen[m] = nothing
                push!(methods_, m)
            end
        end
    end
    sort!(methods_; by = m -> (string(m.module), string(m.name), string(m.file), Int(m.line), string(m.sig)))
    entries = Tuple{Core.MethodInstance,Core.CodeInstance,Any}[]
    for m in methods_
        mis = Core.MethodInstance[]
        BaseCorpus.foreach_specialization(mi -> push!(mis, mi), m)
        sort!(mis; by = mi -> string(mi.specTypes))
        for mi in mis
            ci = BaseCorpus.cached_source(mi)
            ci === nothing || push!(entries, (mi, ci, ci.inferred))
        end
    end
    return entries
end

"The optimized IRCode of a cached instance, line info removed (a copy: the cache is left alone)."
function noline_ircode(mi::Core.MethodInstance, ci::Core.CodeInstance, @nospecialize(src))
    src = src isa Vector{UInt8} ? Base._uncompressed_ir(ci, src) : copy(src::Core.CodeInfo)
    Base.remove_linenums!(src)
    return CC.inflate_ir(src, mi)
end

"One taken instance's line (its IRCode print and Julia's reference answers, or why they failed) and whether it worked."
function sample_line(mi::Core.MethodInstance, ir)
    target = JlirLive.json_string(string(mi.specTypes))
    try
        text = JlirLive.displayed(ir, Main)
        return string("{\"target\": ", target, ", \"ircode\": ", JlirLive.json_string(text),
                      ", \"reference\": ", JlirLive.reference_json(ir, mi), "}"), true
    catch e
        e isa InterruptException && rethrow()
        return string("{\"target\": ", target, ", \"failed\": ", JlirLive.json_string(JlirLive.error_message(e)), "}"), false
    end
end

function main(args)
    isempty(args) && (println(stderr, "usage: julia gen_base_reference.jl OUTFILE [--count N] [--every K]"); exit(2))
    outfile, count, every = args[1], 1000, 4
    i = 2
    while i <= length(args)
        args[i] == "--count" ? (count = parse(Int, args[i+1])) :
        args[i] == "--every" ? (every = parse(Int, args[i+1])) : error("unknown argument $(args[i])")
        i += 2
    end
    entries = cached_instances()     # snapshot first: what follows compiles code, which adds instances
    seen = taken = failed = uninflated = 0
    lines = String[]
    for (mi, ci, src) in entries
        taken >= count && break
        ir = try
            noline_ircode(mi, ci, src)
        catch e
            e isa InterruptException && rethrow()
            uninflated += 1         # its block count is unknown: it cannot be counted in or out of the sample
            continue
        end
        length(ir.cfg.blocks) >= 2 || continue
        seen += 1
        (seen - 1) % every == 0 || continue
        line, ok = sample_line(mi, ir)
        push!(lines, line)
        taken += 1
        ok || (failed += 1)
    end
    open(outfile, "w") do io
        println(io, "{\"instances\": ", length(entries), ", \"uninflated\": ", uninflated,
                ", \"multi_block_seen\": ", seen, ", \"taken\": ", taken,
                ", \"failed\": ", failed, ", \"every\": ", every, ", \"count\": ", count, "}")
        foreach(l -> println(io, l), lines)
    end
    println(stderr, "gen_base_reference: $(length(entries)) cached instances, $seen with >= 2 blocks seen, ",
            "$taken taken (every $every-th), $failed skipped")
end

main(ARGS)
