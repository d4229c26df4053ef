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

const VALUES = Any[0, 1, -3, 7, 0.5, -2.0, 3.0, 1.5f0, 0xc8, true, false, 'a', "abc", :x, nothing, (1, 2),
                   [1, 2, 3], [1.5, 2.5]]
const PAIRS = Any[0, 1, -3, 7, 0.5, -2.0, 0xc8, true, 'a', "abc", (1, 2), [1, 2, 3]]
const SKIP = r"print|show|write|read|open|close|flush|^run$|sleep|exit|wait|notify|yield|schedule|^rm$|mkdir|mkpath|^cd$|^cp$|^mv$|touch|chmod|chown|download|include|eval|rand|time|gc|atexit|kill|process|lock|task|Task|thread|Thread|dir|path|file|link|stat|env|ENV|pipe|redirect|stream|socket|^fd$|dlopen|pointer|unsafe|finaliz|precompile|code_|methods|which|edit|less|help|apropos|summarysize|varinfo|sigint|errormonitor|fetch|put!|take!|bind|isready|Channel|Condition|Event|Semaphore|macroexpand|parse|cfunction|sigatomic|systemerror|success|detach|pipeline|cmd|mmap|temp|home|pwd|host|getpid|ccall|backtrace|stacktrace|catch_|rethrow|throw|error|@|display|redisplay|popdisplay|pushdisplay|istext|mark|seek|skip|eof|peek|position|truncate|iswritable|isreadable|isopen|bytesavailable|unmark|reset|escape_string|ltruncate|crc|hash|objectid|isinteractive|julia|invokelatest|invoke|Libc|Sys|enumerate|zip|Iterators|names|fieldoffset|setproperty|getproperty|isconst|isdefined|nameof|parentmodule|typeintersect|typejoin|methodswith|hasmethod|applicable|fieldnames|propertynames|UUID|VersionNumber|PROGRAM|ARGS|DEPOT|LOAD|deepcopy|copy!|empty!|sizehint|resize|vec|reshape|view|permutedims|similar|fill!|^Array|^Vector|^Matrix|^Dict|^Set|^IdDict|^WeakKeyDict"

function lit(x)
    x isa AbstractVector && return (eltype(x) === Int ? "" : string(eltype(x))) * "[" * join(map(lit, x), ", ") * "]"
    x isa Tuple && return "(" * join(map(lit, x), ", ") * (length(x) == 1 ? ",)" : ")")
    return repr(x)
end

under_base(m::Module) = (m === Base || m === Core) ? true : (parentmodule(m) === m ? false : under_base(parentmodule(m)))

function outcome(f, args)
    try
        v = f(deepcopy(args)...)
        return "ok\t" * string(typeof(v)) * "\t" * replace(repr(v), r"[\t\n]" => " ")
    catch e
        return "err\t" * string(typeof(e)) * "\t"
    end
end

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
