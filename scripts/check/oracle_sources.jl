# oracle_sources.jl -- the code oracle.jl records besides Base: a module (`--module NAME`: a standard library or
# any package the load path finds) or the user's files (`--include FILE...`: a file of Julia code, a generated
# program).  Included by oracle.jl; the records are its `record`'s, each with the key `source` in front: the
# module's name, or for a file `--source LABEL` if given (generated programs: `generated`), else the file's name,
# and then `file`, the file's name (a method defined in a module the file created: the module's).
#
# What is recorded: every method instance with a code instance (compiled, so inferred) of a method of the source:
#   --module NAME   methods of NAME and its submodules, after `using NAME` in Main (what a user types at the REPL,
#                   so its exported names print unqualified, as they would there) and the `--exercise` files;
#   --include FILE  methods defined by FILE (their `file` is its base name, as `include_string` names it) or in a
#                   module it creates, after it ran: it is evaluated in Main as `<base name>`, so its code prints
#                   as the REPL prints code typed there.
# Instances appear as code is run or compiled.  `--exercise FILE` evaluates FILE's top-level expressions one by one
# in Main, each in a try (a failing one is skipped): a test file, or `precompile(...)` statements written by
# `julia --trace-compile=FILE` (oracle.py makes these from a standard library's own tests, which are then never
# run here).  A file may end with a global `JLIR_RUNS`, a vector of `(f, (args...))`: each call is made once it
# is loaded (so its instances exist), and is the interpreter row's run of that instance on those arguments (bits
# arguments only) in place of the generated ARG_VALUES.

"Every module reachable from Core, Base, Main and the loaded packages, their submodules included."
function reachable_modules()
    mods, seen = Module[], Set{Module}()
    todo = Module[Core, Base, Main, values(Base.loaded_modules)...]
    while !isempty(todo)
        m = pop!(todo)
        m in seen && continue
        push!(seen, m); push!(mods, m)
        for n in names(m; all=true, imported=true)
            isdefined(m, n) || continue
            v = try getfield(m, n) catch; continue end
            v isa Module && !(v in seen) && push!(todo, v)
        end
    end
    return mods
end

function under_module(m::Module, root::Module)
    while true
        m === root && return true
        p = parentmodule(m)
        p === m && return false
        m = p
    end
end

"""The (mi, code instance or nothing) of every compiled instance of the methods `keep(m)` accepts, in the corpus
order (module, name, file, line, signature, specTypes); the code instance where it holds inferred source
(else `record` infers the instance afresh)."""
function source_entries(keep)
    methods_, seen = Method[], IdDict{Method,Nothing}()
    for mt in BaseCorpus.collect_method_tables(reachable_modules())
        Base.visit(mt) do m
            if !haskey(seen, m) && keep(m)
                seen[m] = nothing
                push!(methods_, m)
            end
        end
    end
    sort!(methods_; by=m -> (string(m.module), string(m.name), string(m.file), Int(m.line), string(m.sig)))
    entries = Tuple{Core.MethodInstance,Any}[]
    for m in methods_
        mis = Core.MethodInstance[]
        BaseCorpus.foreach_specialization(mi -> push!(mis, mi), m)
        sort!(mis; by=mi -> string(mi.specTypes))
        for mi in mis
            isdefined(mi, :cache) && push!(entries, (mi, BaseCorpus.cached_source(mi)))
        end
    end
    return entries
end

"Evaluate `path`'s top-level expressions one by one in Main, each in a try; how many failed."
function exercise(path::AbstractString)
    code, failed, pos = read(path, String), 0, 1
    while true
        ex = try
            ex, pos = Meta.parse(code, pos)
            ex
        catch e
            e isa InterruptException && rethrow()
            println(stderr, "oracle.jl: $path: cannot parse past byte $pos: ", first(JlirLive.error_message(e), 200))
            break
        end
        ex === nothing && break
        try
            Base.invokelatest(Core.eval, Main, ex)
        catch e
            e isa InterruptException && rethrow()
            failed += 1
        end
    end
    return failed
end

# The interpreter row's runs a source gives (`JLIR_RUNS`): method instance => [(args, Julia's outcome)].
const GIVEN_RUNS = IdDict{Core.MethodInstance,Vector{Tuple{Tuple,String}}}()
# Modules whose functions are called in this process (an included file's: its calls may need its state); every
# other function (Base's, a standard library's) in the worker, which a call that never returns cannot stop.
const CALLED_HERE = Module[Main]

"Make each call of the global `JLIR_RUNS` (if the last included file set it), keeping Julia's outcome."
function given_runs!()
    isdefined(Main, :JLIR_RUNS) || return
    for (f, args) in Main.JLIR_RUNS
        result = outcome(f, args)
        mis = JlirLive.method_instances(f, Tuple{map(Core.Typeof, args)...})
        isempty(mis) || push!(get!(GIVEN_RUNS, mis[1], Tuple{Tuple,String}[]), (args, result))
    end
    Core.eval(Main, :(JLIR_RUNS = nothing))
end

"`--include FILE...`: each file evaluated in Main as its base name, then its runs made; the methods it defined."
function include_sources(files)
    before = Set(reachable_modules())
    names = Set{String}()
    for path in files
        name = basename(path)
        push!(names, name)
        try
            Base.include_string(Main, read(path, String), name)
            given_runs!()
        catch e
            e isa InterruptException && rethrow()
            println(stderr, "oracle.jl: $name does not load: ", first(JlirLive.error_message(e), 300))
        end
    end
    created = setdiff(Set(reachable_modules()), before)
    append!(CALLED_HERE, created)
    keep(m) = string(m.file) in names || any(c -> under_module(m.module, c), created)
    return source_entries(keep), m -> (string(m.file) in names ? string(m.file) : string(m.module))
end

"`--module NAME...`: each loaded by `using NAME` in Main, the exercise files evaluated; the modules' methods."
function module_sources(mod_names, exercises)
    roots = Module[]
    for n in mod_names
        Core.eval(Main, :(using $(Symbol(n))))
        push!(roots, getfield(Main, Symbol(n)))
        push!(WORKER_USING, Symbol(n))
    end
    for path in exercises
        failed = exercise(path)
        println(stderr, "oracle.jl: $path evaluated, $failed top-level expression(s) failed")
    end
    keep(m) = any(r -> under_module(m.module, r), roots)
    root_of(m) = string(roots[findfirst(r -> under_module(m.module, r), roots)])
    return source_entries(keep), root_of
end

"Whether a call of `f` runs in this process (see CALLED_HERE)."
called_here(f) = any(m -> parentmodule(typeof(f)) === m, CALLED_HERE)

# Modules the worker loads before its first call (the `--module` sources: their functions are called there).
const WORKER_USING = Symbol[]
