# oracle.jl -- Julia's side of the differential oracle (scripts/check/oracle.py, jlir.oracle): for each cached
# Base/Core method instance, every display Julia prints of it and Julia's own answer to each question jlir
# answers from that display.  One JSON object per instance on stdout (scripts/check/oracle.py compresses them).
#
#   julia scripts/check/oracle.jl [--every K] [--offset R] [--limit N] [--list] [--interp | --interp-forms | --callees |
#                                     --signatures]
#   julia scripts/check/oracle.jl --cases NAME=RANK=CASEFILE...      # the fixture cases instead (loaded as
#                                                              # scripts/gen/regen_fixtures.py loads them)
#   julia scripts/check/oracle.jl --module NAME[,NAME...] [--exercise FILE]... [--every K ...]   # a module's
#   julia scripts/check/oracle.jl --include FILE... [--source LABEL] [--every K ...]   # or files' instances
#   julia scripts/check/oracle.jl --serve                 # --include of each path read from stdin (the shrinker)
#                                                              # (scripts/check/oracle_sources.jl says which)
#
# Instances: those scripts/gen/gen_base_corpus.jl dumps (every method instance of Base, Core and their submodules
# with cached inferred source), in its order; the (R+1)-th, (R+1+K)-th, ... up to N of them.  `--list` prints
# only how many there are; `--interp` writes only the instances the interpreter row runs, with only what it
# reads (typed, ircode, unoptimized, lowered: the forms it runs; argnames, mi, interp); `--callees` the other
# instances, each only as a callee's IR for that row (typed, argnames, mi, callee: sparams and vararg);
# `--interp-forms` is `--interp` without calling anything (oracle.py --runs-from takes the runs of an earlier
# --interp file: calls made under a heavy load time out, which leaves runs out).  Per instance (keys of the JSON object; a key is missing where Julia could not
# produce it, and `errors` says why):
#   typed, typed_source   `@code_typed` (debuginfo :none / :source) of the cached optimized CodeInfo
#   ircode                `inflate_ir(ci, mi)` printed (line info kept)
#   julia                 for the optimized code: `inflate_ir`'s cfg, `construct_domtree` idoms, `verify_ir` verdict
#   unoptimized           `code_typed(...; optimize=false)`; unoptimized_julia: cfg and idoms of its inflated code
#   lowered               `code_lowered` (first instance of each method only); lowered_julia likewise
#   stages                1.5's `run_passes` printed where it leaves pending nodes (after slot2reg, inlining,
#                         type_lift): the print, `compact!` of it printed, and its cfg, idoms and verify verdict
#   argnames, self        the method's argument names (what `jlir ssa --argnames` is told), and its first
#                         slot's (`#self#`, or the name of a callable object: `(op::F)(x)`)
#   isva                  whether the method takes varargs (its last argument is then the tuple of the
#                         trailing values: what `compact`'s argument types need); `--signatures` writes only
#                         i, target, method, mi, argnames, self, isva and sparams, to add them to older cached
#                         records
#   sparams               the instance's static parameters (`sparam_vals`) as shown from Main, null for a
#                         TypeVar: Julia's `sptypes`, which decide whether `isa(x, T)` may throw
#   ssa                   slot2reg + compact! without line info (what `jlir ssa` makes); pre: convert_to_ircode's
#                         cfg and idoms, and per slot with uses its defs, live-in and φ blocks (JlirLive)
#   adce                  the IRCode before `adce_pass!` and `compact!(adce_pass!(it))`, both printed
#   interp                where every argument is a bits value (integers, floats, Bool, Char, tuples of them)
#                         and the function may be called (`interp_args.jl`'s SKIP, UNCALLED): its static
#                         parameters, whether it is a vararg method, and `runs`: up to RUNS argument tuples
#                         made from ARG_VALUES, each argument `[type, value]`, with Julia's outcome (`outcome`)
#   mi                    the instance as `# MethodInstance for …` heads a dump (its typed print serves as a
#                         callee's IR to the interpreter row)
include(joinpath(@__DIR__, "..", "..", "jlir", "live", "jlir.jl"))

include(joinpath(@__DIR__, "..", "gen", "base_corpus_module.jl"))   # module BaseCorpus
include(joinpath(@__DIR__, "..", "gen", "interp_args.jl"))   # SKIP, outcome
using Distributed                                      # the interpreter row's calls run in a worker
include(joinpath(@__DIR__, "oracle_sources.jl"))       # --module, --include: what is recorded besides Base

const CC = JlirLive.CC
js(x::AbstractString) = JlirLive.json_string(x)
jints(v) = string("[", join(Int.(v), ", "), "]")

"The instances with cached inferred source, in the corpus order, each with its source taken now."
function cached_instances()
    _, _, _, entries = BaseCorpus.collect_entries()
    return [(mi, ci, ci.inferred) for (mi, ci) in entries]
end

show_pair(ci, rt) = JlirLive.displayed(ci => rt, Main)

function julia_answers(ir)
    cfg = ir.cfg
    return string("{\"cfg\": ", rstrip(JlirLive.cfg_json(cfg)), ", \"idoms\": ",
                  jints(JlirLive.idoms(CC.construct_domtree(cfg))), ", \"verify\": ", js(JlirLive.verify_verdict(ir)), "}")
end

"cfg and idoms of a CodeInfo's code as `inflate_ir` sees it (`Expr(:unreachable)` normalized first)."
function code_answers(ci::Core.CodeInfo)
    code = Any[s isa Expr ? CC.normalize_expr(s) : s for s in CC.copy_exprargs(ci.code)]
    cfg = CC.compute_basic_blocks(code)
    return string("{\"cfg\": ", rstrip(JlirLive.cfg_json(cfg)), ", \"idoms\": ",
                  jints(JlirLive.idoms(CC.construct_domtree(cfg))), "}")
end

function stage_json(name, ir)
    text = JlirLive.displayed(ir, Main)
    answers = julia_answers(ir)
    compacted = CC.compact!(ir)
    return string("{\"name\": ", js(name), ", \"text\": ", js(text), ", \"compact\": ",
                  js(JlirLive.displayed(compacted, Main)), ", \"julia\": ", answers, "}"), compacted
end

# The interpreter row.  Arguments are small positive numbers (and a negative float): a Base helper called on
# values its callers never pass must not loop forever in Julia (`ndigits0zpb(x, 1)` would), as nothing can
# stop a busy Julia here.  Modules and names whose functions change the process's state are never called.
const ARG_VALUES = Dict{Any,Vector{Any}}(Bool => Any[true, false], Char => Any['a', '7'],
    Float64 => Any[0.5, 2.0, -1.5], Float32 => Any[0.5f0, 2.0f0, -1.5f0], Float16 => Any[Float16(0.5), Float16(2.0)])
for T in (Int8, Int16, Int32, Int64, Int128, UInt8, UInt16, UInt32, UInt64, UInt128)
    ARG_VALUES[T] = Any[T(2), T(7), T(3)]
end
const RUNS = 3
const UNCALLED = r"Libc|Sys|Filesystem|GC|Threads|MPFR|GMP|Docs|Profile|LibGit2|REPL|Distributed|Pkg|Sockets|jl_|uv_|subnormal|iolock|sigint|signal|errno|precision|rounding|seed|cglobal|dlsym|atomic|fence|depwarn|finaliz|lock"

# The calls run in a worker process (its prints go nowhere: stdout carries the records), so that a call that
# never returns (a helper looping on arguments its callers never pass) is stopped: after CALL_SECONDS the worker
# is killed, the run left out, and a new worker takes the next call.
const CALL_SECONDS = 5.0
const CALLER = Ref((0, 0))   # (worker id, its process id)

function caller()
    if CALLER[][1] == 0
        w = addprocs(1)[1]
        Distributed.remotecall_eval(Main, w, quote
            redirect_stdout(open("/dev/null", "w")); redirect_stderr(open("/dev/null", "w"))
            include($(joinpath(@__DIR__, "..", "gen", "interp_args.jl")))
            $((:(using $n) for n in WORKER_USING)...)
        end)
        CALLER[] = (w, remotecall_fetch(getpid, w))
    end
    return CALLER[][1]
end

"Julia's `outcome` of `f(args...)` in the worker; nothing when it did not return within CALL_SECONDS.  A
function of a fixture case or an included file (`called_here`), which the worker does not have, runs here."
function call_outcome(f, args)
    called_here(f) && return outcome(f, args)
    w = caller()
    t = @async remotecall_fetch(outcome, w, f, args)
    if timedwait(() -> istaskdone(t), CALL_SECONDS; pollint=0.005) === :ok
        try
            return fetch(t)::String
        catch   # the worker died (a crash): replace it
        end
    end
    pid = CALLER[][2]
    CALLER[] = (0, 0)
    try run(`kill -9 $pid`) catch end
    try rmprocs(w; waitfor=0) catch end
    return nothing
end

bits_arg(T) = haskey(ARG_VALUES, T) || (T isa DataType && T <: Tuple && !isempty(T.parameters) &&
                                      !Base.isvarargtype(T.parameters[end]) && all(bits_arg, T.parameters))
arg_value(T, k) = T <: Tuple ? Tuple(arg_value(P, k + j) for (j, P) in enumerate(T.parameters)) :
                  ARG_VALUES[T][mod1(k, length(ARG_VALUES[T]))]
arg_json(x::Tuple) = string("[\"Tuple\", [", join(map(arg_json, x), ", "), "]]")
arg_json(x::Char) = string("[\"Char\", ", js(string(x)), "]")
arg_json(x::AbstractFloat) = string("[", js(string(typeof(x))), ", ", js(repr(Float64(x))), "]")
arg_json(x) = string("[", js(string(typeof(x))), ", ", js(string(x)), "]")

"The function a method instance of bits arguments calls and the argument types, or nothing (not to be called)."
function callable(mi)
    m = mi.def
    (m isa Method && mi.specTypes isa DataType) || return nothing
    params = mi.specTypes.parameters
    length(params) >= 2 || return nothing
    F = params[1]
    (F isa DataType && isdefined(F, :instance) && all(bits_arg, params[2:end])) || return nothing
    (occursin(SKIP, string(m.name)) || occursin(UNCALLED, string(m.module, ".", m.name))) && return nothing
    all(p -> p isa Type || p isa Integer, mi.sparam_vals) || return nothing
    return F.instance, params[2:end]
end

run_json(args, result) = string("{\"args\": [", join(map(arg_json, args), ", "), "], \"outcome\": [",
                                join(map(js, split(result, "\t")), ", "), "]}")

"The runs of `mi` a source gave (`GIVEN_RUNS`) whose arguments are bits values, if its function is a singleton."
function given_runs(mi)
    given = get(GIVEN_RUNS, mi, nothing)
    F = mi.specTypes isa DataType ? mi.specTypes.parameters[1] : nothing
    (given === nothing || !(F isa DataType && isdefined(F, :instance))) && return nothing
    runs = [run_json(args, result) for (args, result) in given if all(a -> bits_arg(typeof(a)), args)]
    return isempty(runs) ? nothing : runs
end

runnable(mi) = given_runs(mi) !== nothing || callable(mi) !== nothing

function interp_json(mi)
    runs = given_runs(mi)
    c = runs === nothing ? callable(mi) : ()
    c === nothing && return nothing
    if runs === nothing
        f, types = c
        runs = String[]
        for k in 1:RUNS
            args = Tuple(arg_value(T, k + j - 1) for (j, T) in enumerate(types))
            result = call_outcome(f, args)
            result === nothing && continue   # Julia did not return: nothing to compare with
            push!(runs, run_json(args, result))
        end
    end
    sparams = join((js(p isa Type ? string(p) : repr(p)) for p in mi.sparam_vals), ", ")
    return string("{\"sparams\": [", sparams, "], \"vararg\": ",
                  mi.def.isva, ", \"runs\": [", join(unique(runs), ", "), "]}")
end

"1.5's run_passes (driver.jl) on a fresh inference of `mi`, printed at each stage that leaves pending nodes."
function pipeline!(out::Vector{String}, mi)
    ci, ir, nargs, opt = JlirLive.pre_ssa_ircode(mi)
    stages = String[]
    s, ir = stage_json("slot2reg", CC.slot2reg(ir, ci, nargs, opt))
    push!(stages, s)
    s, ir = stage_json("inlining", CC.ssa_inlining_pass!(ir, ir.linetable, opt))
    push!(stages, s)
    ir = CC.getfield_elim_pass!(ir, CC.construct_domtree(ir.cfg))
    before = JlirLive.displayed(ir, Main)
    ir = CC.adce_pass!(ir)
    after = JlirLive.displayed(CC.compact!(CC.copy(ir)), Main)
    push!(out, string("\"adce\": {\"before\": ", js(before), ", \"after\": ", js(after), "}"))
    s, _ = stage_json("type_lift", CC.type_lift_pass!(ir))
    push!(stages, s)
    push!(out, string("\"stages\": [", join(stages, ", "), "]"))
end

function attempt!(f, out, errors, what)
    try
        f()
    catch e
        e isa InterruptException && rethrow()
        push!(errors, string(js(what), ": ", js(first(JlirLive.error_message(e), 300))))
    end
end

"The optimized CodeInfo and return type of `mi`: the cached source, else inferred afresh (a fixture case)."
function optimized_source(mi, ci, src)
    if ci !== nothing && src !== nothing
        code = src isa Vector{UInt8} ? Base._uncompressed_ir(ci, src) : copy(src::Core.CodeInfo)
        return code, ci.rettype
    end
    code, rt = CC.typeinf_code(mi.def::Method, mi.specTypes, mi.sparam_vals, true, CC.Params(Base.get_world_counter()))
    code === nothing && error("inference failed")
    return code, rt
end

"A static parameter's value as compact's `sptypes` need it: a type or value shown as from Main, or null for a TypeVar."
sparam_json(@nospecialize(v)) = v isa TypeVar ? "null" : js(sprint(show, v))

function record(k, mi, ci, src, lowered_done::IdDict)
    out = String[string("\"i\": ", k), string("\"target\": ", js(string(mi.specTypes))),
                 string("\"method\": ", js(string(mi.def.module, ".", mi.def.name))), string("\"mi\": ", js(string(mi))),
                 string("\"argnames\": [", join((js(string(a)) for a in Base.method_argnames(mi.def)[2:end]), ", "), "]"),
                 string("\"self\": ", js(string(Base.method_argnames(mi.def)[1]))),
                 string("\"isva\": ", mi.def.isva),
                 string("\"sparams\": [", join((sparam_json(v) for v in mi.sparam_vals), ", "), "]")]
    ONLY_SIGNATURES[] && return string("{", join(out, ", "), "}")
    errors = String[]
    ONLY_INTERP[] && return interp_record(out, errors, mi, ci, src)
    ONLY_CALLEES[] && return callee_record(out, errors, mi, ci, src)
    attempt!(out, errors, "typed") do
        code, rettype = optimized_source(mi, ci, src)
        push!(out, string("\"typed_source\": ", js(show_pair(code, rettype))))
        push!(out, string("\"ircode\": ", js(JlirLive.displayed(CC.inflate_ir(copy(code), mi), Main))))
        Base.remove_linenums!(code)
        push!(out, string("\"typed\": ", js(show_pair(code, rettype))))
        push!(out, string("\"julia\": ", julia_answers(CC.inflate_ir(code, mi))))
    end
    attempt!(out, errors, "unoptimized") do
        m = mi.def::Method
        code, rt = CC.typeinf_code(m, mi.specTypes, mi.sparam_vals, false, CC.Params(Base.get_world_counter()))
        code === nothing && error("inference failed")
        Base.remove_linenums!(code)
        push!(out, string("\"unoptimized\": ", js(show_pair(code, rt))))
        push!(out, string("\"unoptimized_julia\": ", code_answers(code)))
    end
    if !haskey(lowered_done, mi.def)
        lowered_done[mi.def] = nothing
        attempt!(out, errors, "lowered") do
            m = mi.def::Method
            code = isdefined(m, :generator) && m.generator !== nothing ? CC.get_staged(mi) : Base.uncompressed_ast(m)
            code === nothing && error("no lowered code")
            Base.remove_linenums!(code)
            push!(out, string("\"lowered\": ", js(JlirLive.displayed(code, Main))))
            push!(out, string("\"lowered_julia\": ", code_answers(code)))
        end
    end
    attempt!(out, errors, "ssa") do
        push!(out, string("\"ssa\": ", js(JlirLive.displayed(JlirLive.ssa_ircode(mi), Main))))
        push!(out, string("\"pre\": ", JlirLive.ssa_reference_json(mi)))
    end
    attempt!(() -> pipeline!(out, mi), out, errors, "stages")
    attempt!(out, errors, "interp") do
        j = interp_json(mi)
        j === nothing || push!(out, string("\"interp\": ", j))
    end
    push!(out, string("\"errors\": {", join(errors, ", "), "}"))
    return string("{", join(out, ", "), "}")
end

"`--interp`: only what the interpreter row reads (the typed print and the runs), for instances it runs."
function interp_record(out, errors, mi, ci, src)
    runnable(mi) || return nothing
    attempt!(out, errors, "typed") do
        code, rettype = optimized_source(mi, ci, src)
        push!(out, string("\"ircode\": ", js(JlirLive.displayed(CC.inflate_ir(copy(code), mi), Main))))
        Base.remove_linenums!(code)
        push!(out, string("\"typed\": ", js(show_pair(code, rettype))))
    end
    sparams = join((js(p isa Type ? string(p) : repr(p)) for p in mi.sparam_vals), ", ")
    push!(out, string("\"callee\": {\"sparams\": [", sparams, "], \"vararg\": ", mi.def.isva, "}"))
    attempt!(out, errors, "unoptimized") do
        code, rt = CC.typeinf_code(mi.def::Method, mi.specTypes, mi.sparam_vals, false,
                                   CC.Params(Base.get_world_counter()))
        code === nothing && error("inference failed")
        Base.remove_linenums!(code)
        push!(out, string("\"unoptimized\": ", js(show_pair(code, rt))))
    end
    attempt!(out, errors, "lowered") do   # every instance's: each runs the method's one lowered code on its own
        m = mi.def::Method                 # argument types
        code = isdefined(m, :generator) && m.generator !== nothing ? CC.get_staged(mi) : Base.uncompressed_ast(m)
        code === nothing && error("no lowered code")
        Base.remove_linenums!(code)
        push!(out, string("\"lowered\": ", js(JlirLive.displayed(code, Main))))
    end
    NO_CALLS[] || attempt!(out, errors, "interp") do
        push!(out, string("\"interp\": ", interp_json(mi)))
    end
    push!(out, string("\"errors\": {", join(errors, ", "), "}"))
    return string("{", join(out, ", "), "}")
end

const ONLY_INTERP = Ref(false)
const ONLY_SIGNATURES = Ref(false)
const NO_CALLS = Ref(false)   # `--interp-forms`: the prints only; the runs are another --interp file's
const ONLY_CALLEES = Ref(false)

"""`--callees`: every instance the interpreter row does not run, as a callee's IR only (typed print, argument
names, static parameters, vararg): what a live Julia would give the row's slot forms, whose calls are not
inlined (`Base.promote_typeof`), and the typed form's callees of arguments that are not bits values."""
function callee_record(out, errors, mi, ci, src)
    runnable(mi) && return nothing
    attempt!(out, errors, "typed") do
        code, rettype = optimized_source(mi, ci, src)
        Base.remove_linenums!(code)
        push!(out, string("\"typed\": ", js(show_pair(code, rettype))))
        sparams = join((js(p isa Type ? string(p) : repr(p)) for p in mi.sparam_vals), ", ")
        push!(out, string("\"callee\": {\"sparams\": [", sparams, "], \"vararg\": ", mi.def.isva, "}"))
    end
    push!(out, string("\"errors\": {", join(errors, ", "), "}"))
    return string("{", join(out, ", "), "}")
end

"Each fixture case (NAME=RANK=FILE), loaded in rank order into Main, as the record of its target's instance."
function cases(specs)
    lowered_done = IdDict{Any,Nothing}()
    for spec in specs
        name, rank, file = split(spec, "="; limit=3)
        header, _ = JlirLive.load_case(read(file, String), name; rank=parse(Int, rank))
        f, types = Base.invokelatest(JlirLive.resolve_target, Main, header.target)
        mi = JlirLive.first_result(JlirLive.method_instances(f, types), "method_instances")
        line = Base.invokelatest(record, 0, mi, nothing, nothing, lowered_done)
        println(stdout, replace(line, "\"target\": " => string("\"case\": ", js(name), ", \"target\": "); count=1))
        flush(stdout)
    end
end

"`--module`/`--include` (with `--exercise`): the sources' instances, each record headed by its `source`."
function sources(mod_names, files, exercises, label, every, offset, limit, list)
    entries, source_of = isempty(files) ? module_sources(mod_names, exercises) : include_sources(files)
    head(m) = isempty(files) ? string("\"source\": ", js(source_of(m))) :
        string("\"source\": ", js(something(label, source_of(m))), ", \"file\": ", js(source_of(m)))
    list && (println(length(entries)); return)
    lowered_done = IdDict{Any,Nothing}()
    n = 0
    for k in (offset + 1):every:length(entries)
        n >= limit && break
        mi, ci = entries[k]
        line = Base.invokelatest(record, k, mi, ci, ci === nothing ? nothing : ci.inferred, lowered_done)
        line === nothing && continue
        println(stdout, replace(line, "\"target\": " => string(head(mi.def), ", \"target\": "); count=1))
        flush(stdout)
        n += 1
    end
end

"""`--serve`: for each file path read from stdin, `--include` of that file alone (its records, then a line
`#end`), in one process: what scripts/check/shrink_program.py asks of each candidate program (whose names it
makes new each time: a method or type a file defined stays defined)."""
function serve()
    for path in eachline(stdin)
        try
            sources(String[], [path], String[], nothing, 1, 0, typemax(Int), false)
        catch e
            e isa InterruptException && rethrow()
            println(stderr, "oracle.jl: ", path, ": ", first(JlirLive.error_message(e), 300))
        end
        println(stdout, "#end")
        flush(stdout)
    end
end

function main(args)
    !isempty(args) && args[1] == "--cases" && return cases(args[2:end])
    !isempty(args) && args[1] == "--serve" && return serve()
    every, offset, limit, list = 1, 0, typemax(Int), false
    mod_names, files, exercises, label = String[], String[], String[], nothing
    i = 1
    while i <= length(args)
        a = args[i]
        a == "--list" ? (list = true; i += 1; continue) : nothing
        a == "--interp" ? (ONLY_INTERP[] = true; i += 1; continue) : nothing
        a == "--signatures" ? (ONLY_SIGNATURES[] = true; i += 1; continue) : nothing
        a == "--interp-forms" ? (ONLY_INTERP[] = NO_CALLS[] = true; i += 1; continue) : nothing
        a == "--callees" ? (ONLY_CALLEES[] = true; i += 1; continue) : nothing
        if a == "--include"   # every argument up to the next option is a file
            while i + 1 <= length(args) && !startswith(args[i + 1], "--")
                push!(files, args[i += 1])
            end
            i += 1
            continue
        end
        a == "--module" ? (append!(mod_names, split(args[i + 1], ",")); i += 2; continue) : nothing
        a == "--exercise" ? (push!(exercises, args[i + 1]); i += 2; continue) : nothing
        a == "--source" ? (label = args[i + 1]; i += 2; continue) : nothing
        v = parse(Int, args[i + 1])
        a == "--every" ? (every = v) : a == "--offset" ? (offset = v) : a == "--limit" ? (limit = v) :
            error("unknown argument $a")
        i += 2
    end
    if !isempty(mod_names) || !isempty(files)
        return sources(mod_names, files, exercises, label, every, offset, limit, list)
    end
    entries = cached_instances()      # snapshot first: printing compiles code, which adds instances
    list && (println(length(entries)); return)
    lowered_done = IdDict{Any,Nothing}()
    n = 0
    for k in (offset + 1):every:length(entries)
        n >= limit && break
        mi, ci, src = entries[k]
        line = Base.invokelatest(record, k, mi, ci, src, lowered_done)
        line === nothing && continue   # --interp/--callees: not an instance of the kind asked for
        println(stdout, line)
        flush(stdout)
        n += 1
    end
end

main(ARGS)
