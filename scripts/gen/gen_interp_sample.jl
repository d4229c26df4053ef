# gen_interp_sample.jl -- a sample of Base method instances on generated arguments, with Julia's own results,
# for measuring how much of ordinary Base code jlir.interp runs (scripts/check/check_interp_sample.py reads it).
#
# Usage (Julia 1.5.3):  julia scripts/gen/gen_interp_sample.jl OUTDIR [--per-function K]
#
# For every function Base exports whose name says no I/O, process, task or pointer work (SKIP), and every
# argument tuple of one or two values from VALUES (bits values, a string, a symbol, a tuple, vectors) that a
# method of Base or Core takes, the first K (default 2) tuples of distinct types per function are called in this
# Julia.  OUTDIR gets `index.tsv`: id, function, argument literals (as `jlir run --args` reads them, tab-joined
# with `|`), argument names, static parameters, Julia's outcome (`ok` type repr, or `err` exception type), whether
# the method is a vararg one; and
# per id `<id>.typed.txt` (code_typed) and `<id>.lowered.txt` (code_lowered).  Nothing here is committed data:
# generate it into a cache folder.

include(joinpath(@__DIR__, "interp_args.jl"))   # SKIP, lit, outcome, under_base

const VALUES = Any[0, 1, -3, 7, 0.5, -2.0, 3.0, 1.5f0, 0xc8, true, false, 'a', "abc", :x, nothing, (1, 2),
                   [1, 2, 3], [1.5, 2.5]]
const PAIRS = Any[0, 1, -3, 7, 0.5, -2.0, 0xc8, true, 'a', "abc", (1, 2), [1, 2, 3]]

function main(outdir, per)
    mkpath(outdir)
    index = open(joinpath(outdir, "index.tsv"), "w")
    id = 0
    for name in sort(names(Base))
        s = string(name)
        occursin(SKIP, s) && continue
        isdefined(Base, name) || continue
        f = getfield(Base, name)
        (f isa Function && !(f isa Type)) || continue
        tuples = [[(v,) for v in VALUES]; [(a, b) for a in PAIRS for b in PAIRS]]
        seen, taken = Set{Any}(), 0
        for args in tuples
            taken >= per && break
            types = Tuple{map(typeof, args)...}
            types in seen && continue
            ms = try Base._methods_by_ftype(Tuple{typeof(f), types.parameters...}, -1, typemax(UInt)) catch; continue end
            (ms isa Vector && length(ms) == 1) || continue
            tt, env, m = ms[1]
            under_base(m.module) || continue
            all(p -> p isa Type || p isa Int || p isa Bool, env) || continue
            push!(seen, types)
            typed = try code_typed(f, types)[1] catch; continue end
            lowered = try code_lowered(f, types)[1] catch; continue end
            res = outcome(f, args)
            id += 1
            taken += 1
            open(io -> (show(io, MIME"text/plain"(), typed); println(io)), joinpath(outdir, "$id.typed.txt"), "w")
            open(io -> (show(io, MIME"text/plain"(), lowered); println(io)), joinpath(outdir, "$id.lowered.txt"), "w")
            argnames = join(map(string, Base.method_argnames(m)[2:end]), ",")
            sparams = join(map(p -> p isa Type ? string(p) : repr(p), collect(env)), ",")
            println(index, id, "\t", s, "\t", join(map(lit, args), "|"), "\t", argnames, "\t", sparams, "\t", res, "\t",
                    m.isva)
        end
    end
    close(index)
    println(stderr, "gen_interp_sample: $id method instances in $outdir")
end

main(ARGS[1], length(ARGS) >= 3 && ARGS[2] == "--per-function" ? parse(Int, ARGS[3]) : 2)
