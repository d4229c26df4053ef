# gen_base_corpus.jl -- dump the typed IR of every inferred Base/Core method
# instance of the running Julia (written for 1.5.3), as a parser benchmark corpus.
#
# Usage:
#   julia scripts/gen/gen_base_corpus.jl OUTFILE [--index INDEXFILE] [--retype] [--per-method] [--limit N]
#
#   OUTFILE   gets one `@code_typed`-style display per method instance:
#             `CodeInfo(...) => RT` (as show(io, MIME"text/plain"(), ci => rt)
#             prints it, no colour, debuginfo=:none like code_typed's default),
#             each followed by "\n" and separated by one blank line.
#   --index   also write one line per entry: "<entry number>\t<specTypes>"
#   --retype  re-run inference (code_typed by specTypes) for every cached
#             instance instead of decompressing the cached inferred source;
#             slower, and also covers instances whose source was not kept
#   --limit N stop after N entries
#   --per-method  only the first instance (by specTypes) of each method
#
# What is dumped: every method table reachable from the bindings of Core, Base
# and their submodules (functions, types and the shared constructor table),
# every method in them defined in Base/Core or a submodule, every
# specialization of those methods (`m.specializations`: a SimpleVector in
# 1.5, a TypeMap in older versions -- both handled) that has a CodeInstance
# cache entry with inferred source.  Entries come in a deterministic order
# (sorted by module, name, file, line, signature, specTypes).  Instances that
# fail to decompress or print are skipped and counted.
#
# The count, the size and the time are printed to stderr.  The output is not
# committed: generate it on demand into a cache folder, e.g.
#   $(scripts/install-julia.sh) scripts/gen/gen_base_corpus.jl ~/.cache/jlir/base-corpus-1.5.3.txt

function under_base_or_core(m::Module)
    while true
        (m === Base || m === Core) && return true
        p = parentmodule(m)
        p === m && return false
        m = p
    end
end

function collect_modules()
    mods = Module[]
    seen = Set{Module}()
    todo = Module[Core, Base]
    while !isempty(todo)
        m = pop!(todo)
        m in seen && continue
        push!(seen, m); push!(mods, m)
        for n in names(m; all=true, imported=true)
            isdefined(m, n) || continue
            v = try getfield(m, n) catch; continue end
            v isa Module && under_base_or_core(v) && !(v in seen) && push!(todo, v)
        end
    end
    return mods
end

function collect_method_tables(mods)
    mts = IdDict{Core.MethodTable,Nothing}()
    for m in mods, n in names(m; all=true, imported=true)
        isdefined(m, n) || continue
        v = try getfield(m, n) catch; continue end
        t = v isa Function ? typeof(v) : v isa Type ? v : nothing
        t === nothing && continue
        t = Base.unwrap_unionall(t)
        t isa DataType && isdefined(t.name, :mt) && (mts[t.name.mt] = nothing)
    end
    mts[Type.body.name.mt] = nothing          # constructors (::Type{T})(...)
    return collect(keys(mts))
end

function foreach_specialization(f, m::Method)
    specs = m.specializations
    if specs isa Core.SimpleVector
        for i in 1:length(specs)
            isassigned(specs, i) || continue
            mi = specs[i]
            mi isa Core.MethodInstance && f(mi)
        end
    elseif specs !== nothing
        Base.visit(specs) do mi        # TypeMapEntry / TypeMapLevel
            mi isa Core.MethodInstance && f(mi)
        end
    end
end

"The CodeInstance of mi with inferred source valid in the latest world, if any."
function cached_source(mi::Core.MethodInstance)
    isdefined(mi, :cache) || return nothing
    ci = mi.cache
    while true
        if isdefined(ci, :inferred) && ci.inferred !== nothing && ci.max_world == typemax(UInt)
            return ci
        end
        isdefined(ci, :next) || return nothing
        ci = ci.next
    end
end

"""(modules, method tables, methods, entries): every Base/Core method instance with inferred code, in the
corpus order; each entry is (mi, code instance or nothing).  Also used by scripts/bench/bench_julia_print.jl."""
function collect_entries(; retype::Bool=false, per_method::Bool=false)
    # snapshot first: printing compiles code, which adds instances
    mods = collect_modules()
    mts = collect_method_tables(mods)
    methods_ = Method[]
    seenm = IdDict{Method,Nothing}()
    for mt in mts
        Base.visit(mt) do m
            if !haskey(seenm, m) && under_base_or_core(m.module)
                seenm[m] = nothing
                push!(methods_, m)
            end
        end
    end
    mkey(m::Method) = (string(m.module), string(m.name), string(m.file), Int(m.line), string(m.sig))
    sort!(methods_; by=mkey)
    entries = Tuple{Core.MethodInstance,Any}[]    # (mi, code instance or nothing)
    for m in methods_
        mis = Core.MethodInstance[]
        foreach_specialization(mi -> push!(mis, mi), m)
        sort!(mis; by = mi -> string(mi.specTypes))
        for mi in mis
            ci = cached_source(mi)
            if retype ? isdefined(mi, :cache) : ci !== nothing
                push!(entries, (mi, ci))
                per_method && break
            end
        end
    end
    return mods, mts, methods_, entries
end

function main(args)
    isempty(args) && (println(stderr, "usage: julia gen_base_corpus.jl OUTFILE [--index FILE] [--retype] [--per-method] [--limit N]"); exit(2))
    outfile = args[1]
    index = nothing; retype = false; limit = typemax(Int); per_method = false
    i = 2
    while i <= length(args)
        a = args[i]
        if a == "--index"; index = args[i+1]; i += 2
        elseif a == "--retype"; retype = true; i += 1
        elseif a == "--per-method"; per_method = true; i += 1
        elseif a == "--limit"; limit = parse(Int, args[i+1]); i += 2
        else error("unknown argument $a")
        end
    end
    t0 = time()

    mods, mts, methods_, entries = collect_entries(; retype=retype, per_method=per_method)
    println(stderr, "gen_base_corpus: $(length(mods)) modules, $(length(mts)) method tables, ",
            "$(length(methods_)) Base/Core methods, $(length(entries)) instances with inferred code")

    n = 0; failed = 0
    world = Base.get_world_counter()
    params = retype ? Core.Compiler.Params(world) : nothing
    idx = index === nothing ? nothing : open(index, "w")
    open(outfile, "w") do out
        buf = IOBuffer()
        io = IOContext(buf, :color => false, :limit => true, :module => Main, :displaysize => (24, 80))
        for (mi, ci) in entries
            n >= limit && break
            try
                if retype
                    m = mi.def::Method
                    src, rt = Core.Compiler.typeinf_code(m, mi.specTypes, mi.sparam_vals, true, params)
                    src === nothing && error("inference failed")
                else
                    src = ci.inferred
                    src isa Vector{UInt8} && (src = Base._uncompressed_ir(ci, src))
                    src isa Core.CodeInfo || error("no CodeInfo")
                    rt = ci.rettype
                end
                Base.remove_linenums!(src)
                show(io, MIME"text/plain"(), src => rt)
                print(io, "\n\n")
                write(out, take!(buf))
                n += 1
                idx === nothing || println(idx, n, "\t", mi.specTypes)
            catch e
                e isa InterruptException && rethrow()
                take!(buf)
                failed += 1
            end
            if (n + failed) % 2000 == 0
                print(stderr, "\rgen_base_corpus: $(n + failed)/$(length(entries))")
            end
        end
    end
    idx === nothing || close(idx)
    sz = filesize(outfile)
    println(stderr, "\rgen_base_corpus: wrote $n entries ($(round(sz / 2^20; digits=1)) MiB, $sz bytes) to $outfile; ",
            "$failed skipped (failed to print); $(round(time() - t0; digits=1)) s")
    return n
end

abspath(PROGRAM_FILE) == (@__FILE__) && main(ARGS)
