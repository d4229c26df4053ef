# gen_interp_calls.jl -- Julia's own forms and results of a few declared calls, in gen_interp_sample.jl's format
# (scripts/check/check_interp_sample.py reads it; tests/interp/test_builtin.py runs it with no Julia).
#
# Usage (Julia 1.5.3, from the repository root):  julia scripts/gen/gen_interp_calls.jl DIR
#
# DIR/defs.jl defines the functions (in Main) and ends with `# call: f(args…)` lines, one call each, whose
# arguments are literals `jlir run --args` reads.  DIR gets `index.tsv` (id, function, argument literals `|`-joined,
# argument names, static parameters, `ok` type repr or `err` exception type, vararg), and per id
# `<id>.typed.txt` (code_typed), `<id>.unoptimized.txt` (code_typed optimize=false), `<id>.lowered.txt`.
# The callees a run needs are not made here: scripts/check/check_interp_sample.py --callees-cache DIR/callees fetches
# them from this Julia into DumpProvider files.

include(joinpath(@__DIR__, "interp_args.jl"))   # lit, outcome: as the Base sample writes them

write_form(path, x) = open(io -> (show(io, MIME"text/plain"(), x); println(io)), path, "w")

function main(dir)
    defs = joinpath(dir, "defs.jl")
    Base.include(Main, abspath(defs))
    calls = [strip(l[8:end]) for l in eachline(defs) if startswith(l, "# call:")]
    index = open(joinpath(dir, "index.tsv"), "w")
    for (id, text) in enumerate(calls)
        ex = Meta.parse(text)
        f = Core.eval(Main, ex.args[1])
        args = Tuple(Core.eval(Main, a) for a in ex.args[2:end])
        types = Tuple{map(typeof, args)...}
        m = which(f, types)
        write_form(joinpath(dir, "$id.typed.txt"), code_typed(f, types)[1])
        write_form(joinpath(dir, "$id.unoptimized.txt"), code_typed(f, types; optimize=false)[1])
        write_form(joinpath(dir, "$id.lowered.txt"), code_lowered(f, types)[1])
        argnames = join(map(string, Base.method_argnames(m)[2:end]), ",")
        println(index, id, "\t", ex.args[1], "\t", join(map(lit, args), "|"), "\t", argnames, "\t\t",
                outcome(f, args), "\t", m.isva)
    end
    close(index)
end

main(ARGS[1])
