# gen_base_forms.jl -- print every form of many Base method instances, as unseen input for jlir.
#
# Usage:
#   julia scripts/gen/gen_base_forms.jl OUTDIR [--every N] [--limit N]
#
# Takes the cached method instances of the functions bound in Base and Core,
# every N-th of them (default 15), at most LIMIT
# (default 2500), and writes OUTDIR/<form>.txt for the forms lowered,
# lowered-source, typed-unoptimized, typed-source, warntype, ircode and cfg,
# each dump followed by a blank line, and a NUL byte before each dump so a
# reader can split the file without knowing the form.  Uses jlir/live/jlir.jl.
include(joinpath(@__DIR__, "..", "..", "jlir", "live", "jlir.jl"))

function base_signatures()
    sigs = Any[]
    for mod in (Base, Core), name in names(mod; all=true)
        isdefined(mod, name) || continue
        f = getfield(mod, name)
        f isa Function || continue
        for m in methods(f)
            specs = m.specializations
            specs isa Core.SimpleVector || continue
            for k in 1:length(specs)
                isassigned(specs, k) || continue
                mi = specs[k]
                mi isa Core.MethodInstance && push!(sigs, mi.specTypes)
            end
        end
    end
    return sigs
end

function main(args)
    isempty(args) && (println(stderr, "usage: julia gen_base_forms.jl OUTDIR [--every N] [--limit N]"); exit(2))
    outdir = args[1]
    every = "--every" in args ? parse(Int, args[findfirst(==("--every"), args) + 1]) : 15
    limit = "--limit" in args ? parse(Int, args[findfirst(==("--limit"), args) + 1]) : 2500
    mkpath(outdir)
    forms = ["lowered", "lowered-source", "typed-unoptimized", "typed-source", "warntype", "ircode", "cfg"]
    outs = Dict(f => open(joinpath(outdir, "$f.txt"), "w") for f in forms)
    n = failures = 0
    for (i, sig) in enumerate(base_signatures())
        i % every == 0 || continue
        (sig isa DataType && length(sig.parameters) >= 1) || continue
        ft = sig.parameters[1]
        (ft isa DataType && isdefined(ft, :instance)) || continue
        f, types = ft.instance, Tuple{sig.parameters[2:end]...}
        n += 1
        for form in forms
            try
                write(outs[form], "\0", JlirLive.render(form, f, types), "\n\n")
            catch
                failures += 1
            end
        end
        n >= limit && break
    end
    foreach(close, values(outs))
    println(stderr, "gen_base_forms: $n method instances, $failures forms Julia could not print")
end

main(ARGS)
