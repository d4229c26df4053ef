# jlir.jl -- the Julia side of jlir: print Julia's SSA IR exactly as a user sees
# it at the REPL (without colour), for golden fixtures and, later, a live backend.
#
# Written for Julia 1.5.3 (Debian's 1.5.3+dfsg-3 build, see
# scripts/install-julia.sh); uses only Base, Core.Compiler and InteractiveUtils.
#
# API (module JlirLive):
#   resolve_target(mod, target_string) -> (f, argtypes::Type{<:Tuple})
#       target_string is one of
#         "f(1.0, 2)"                      call with values: types are Core.Typeof of
#                                          the values, evaluated in `mod`
#         "f(::Float64, ::Vector{Int})"    call with type annotations (may be mixed
#                                          with values; `xs...` splats values)
#         "f(1.0; scale=2)"                keyword call: like @code_typed, targets
#                                          Core.kwfunc(f) with (NamedTuple, typeof(f), args...)
#         "Tuple{typeof(sort!), Vector{Int}}"  a signature whose function type is a
#                                          singleton
#   render(form::String, f, types; mod=Main)::String
#       the text of one form (see FORMS).  For forms that are values (`display`ed
#       at the REPL) this is what `show(io, MIME"text/plain"(), x)` prints plus
#       the one "\n" the REPL's display appends; for `warntype`, which prints
#       straight to the terminal, it is exactly what code_warntype printed.
#       The IOContext mirrors the REPL's: :limit=>true, :module=>mod, plus
#       :color=>false and a fixed :displaysize=>(24, 80).
#   load_case(path; rank) -> CaseHeader
#       evaluate a case file in Main (see "Why Main" below)
#
# Forms (file `<case>.<form>.txt` in fixtures/julia-<version>/; domtree: `.json`):
#   typed              code_typed(f, T)[1]                       (CodeInfo => RT pair)
#   typed-unoptimized  code_typed(f, T; optimize=false)[1]
#   typed-source       code_typed(f, T; debuginfo=:source)[1]
#   typed-vector       code_typed(f, T)                          (the Array{Any,1})
#   lowered            code_lowered(f, T)[1]
#   lowered-source     code_lowered(f, T; debuginfo=:source)[1]
#   warntype           code_warntype(io, f, T)
#                      (no `warntype-source`: in 1.5.3 code_warntype(...;
#                      debuginfo=:source) prints no location lines, because it
#                      calls code_typed without debuginfo, which strips them)
#   ircode             Core.Compiler.inflate_ir(ci, mi) where ci is the optimized
#                      CodeInfo of code_typed(f, T; debuginfo=:source)[1] and mi the
#                      matching MethodInstance (Base.method_instances(f, T)[1])
#   ircode-noline      the same from code_typed(f, T)[1] (line info removed: the
#                      line-number column is then a single space)
#   cfg                the `ircode` IRCode's `ir.cfg`
#   domtree            the immediate dominators of that CFG, from
#                      Core.Compiler.construct_domtree, as JSON (file <case>.domtree.json):
#                      {"idoms": [...]}, entry k is the idom of block k (1-based
#                      blocks; 0 for the entry block and for unreachable blocks).
#   costs              Base.print_statement_costs(io, f, T) -- only offered when
#                      the running Julia has it (1.5.3 does not).
#
# Command line:
#   julia jlir.jl render FORM TARGET [CASEFILE]
#       evaluate CASEFILE (if given) in Main, print FORM of TARGET to stdout
#   julia jlir.jl batch --out DIR --results FILE [--all CASE,...] CASEFILE...
#       render every form of every case into DIR/<case>.<form>.txt and write one
#       tab-separated line per form to FILE:
#         ok     <case> <form> <file> <command>
#         error  <case> <form> -      <message>
#       first lines: "julia <version>", "machine <Sys.MACHINE>", "word_size <n>",
#       "forms <form,...>".  Progress goes to stderr.
#   julia jlir.jl forms
#       list the forms this Julia supports
#
# Case files: plain Julia source; a leading comment block holds the header:
#   # target: <target string>          (must be the first line)
#   # forms: typed, lowered, ...       (optional: only these forms)
# The file is evaluated with include_string(Main, code, "<case>.jl"), so
# location lines print `<case>.jl:<line>` and nothing of this machine's paths.
#
# Why Main: code typed at the REPL lives in Main, and Julia's printers treat
# Main specially in ways an IOContext cannot imitate: a function object prints
# unqualified only if its module `=== Main`, and the argument types of `invoke`
# statements are printed through a context-free `sprint`, i.e. relative to
# Main.  (Evaluating each case in its own module gives `Main.Mod.f`, or with a
# module merely named Main, `Main.f` and `Main.var"#1#3"`, where the REPL
# prints `f` and `var"#1#3"`.)  So all cases share Main in one process, and:
#   * the names a case defines at top level must not be defined yet (cases
#     must use distinct names; load_case checks this);
#   * each case starts with Main's closure counter and both gensym counters
#     advanced to fixed values that depend only on the case's rank in the full
#     sorted case list, so closure names (`var"#101#102"`) and gensyms
#     (`r#43001`) do not depend on which other cases ran before it: a run over
#     a subset of the cases prints the same text as a full run.

module JlirLive

using InteractiveUtils
using Base.Meta: isexpr

const BASE_FORMS = [
    "typed", "typed-unoptimized", "typed-source", "typed-vector",
    "lowered", "lowered-source", "warntype",
    "ircode", "ircode-noline", "cfg", "domtree",
]
const HAS_COSTS = isdefined(Base, :print_statement_costs)
const FORMS = HAS_COSTS ? vcat(BASE_FORMS, ["costs"]) : BASE_FORMS

"The Julia-level command each form corresponds to (`{f}` and `{T}` stand for the target)."
const FORM_COMMANDS = Dict(
    "typed" => "code_typed({f}, {T})[1]",
    "typed-unoptimized" => "code_typed({f}, {T}; optimize=false)[1]",
    "typed-source" => "code_typed({f}, {T}; debuginfo=:source)[1]",
    "typed-vector" => "code_typed({f}, {T})",
    "lowered" => "code_lowered({f}, {T})[1]",
    "lowered-source" => "code_lowered({f}, {T}; debuginfo=:source)[1]",
    "warntype" => "code_warntype(io, {f}, {T})",
    "ircode" => "Core.Compiler.inflate_ir(code_typed({f}, {T}; debuginfo=:source)[1][1], Base.method_instances({f}, {T})[1])",
    "ircode-noline" => "Core.Compiler.inflate_ir(code_typed({f}, {T})[1][1], Base.method_instances({f}, {T})[1])",
    "cfg" => "Core.Compiler.inflate_ir(code_typed({f}, {T}; debuginfo=:source)[1][1], Base.method_instances({f}, {T})[1]).cfg",
    "domtree" => "Core.Compiler.construct_domtree(Core.Compiler.inflate_ir(code_typed({f}, {T}; debuginfo=:source)[1][1], Base.method_instances({f}, {T})[1]).cfg).idoms  # printed one line per block: bb => idom",
    "costs" => "Base.print_statement_costs(io, {f}, {T})",
)

# ------------------------------------------------------------------ target

"""
    resolve_target(mod, target) -> (f, argtypes)

Parse a target string (see the file header) and evaluate what it names in `mod`.
"""
function resolve_target(mod::Module, target::AbstractString)
    ex = Meta.parse(strip(target); raise=true)
    if isexpr(ex, :curly)
        sig = Core.eval(mod, ex)
        (sig isa DataType && sig <: Tuple && !isempty(sig.parameters)) ||
            error("target `$target` is not a Tuple{typeof(f), ...} signature")
        ft = sig.parameters[1]
        (ft isa DataType && isdefined(ft, :instance)) ||
            error("target `$target`: function type $ft is not a singleton")
        return ft.instance, Tuple{sig.parameters[2:end]...}
    elseif isexpr(ex, :call)
        f = Core.eval(mod, ex.args[1])
        kws = Any[]
        types = Any[]
        for a in ex.args[2:end]
            if isexpr(a, :parameters)
                append!(kws, a.args)
            elseif isexpr(a, :kw)
                push!(kws, a)
            elseif isexpr(a, :(::)) && length(a.args) == 1
                push!(types, Core.eval(mod, a.args[1]))
            elseif isexpr(a, :(::)) && length(a.args) == 2
                push!(types, Core.eval(mod, a.args[2]))
            elseif isexpr(a, :...)
                append!(types, Any[Core.Typeof(v) for v in Core.eval(mod, a.args[1])])
            else
                push!(types, Core.Typeof(Core.eval(mod, a)))
            end
        end
        if !isempty(kws)
            nt = Core.eval(mod, Expr(:tuple, Expr(:parameters, kws...)))
            return Core.kwfunc(f), Tuple{typeof(nt), Core.Typeof(f), types...}
        end
        return f, Tuple{types...}
    else
        error("target `$target` is neither a call nor a Tuple{...} signature")
    end
end

# ------------------------------------------------------------------ render

"An IOContext like the REPL's display uses, minus colour, with a fixed size."
repl_context(io::IO, mod::Module) =
    IOContext(io, :color => false, :limit => true, :module => mod, :displaysize => (24, 80))

"What the REPL prints for a value: show(text/plain) and one newline."
function displayed(x, mod::Module)
    buf = IOBuffer()
    io = repl_context(buf, mod)
    show(io, MIME"text/plain"(), x)
    println(io)
    return String(take!(buf))
end

"What a function printing to io (code_warntype) prints."
function printed(fn, mod::Module)
    buf = IOBuffer()
    fn(repl_context(buf, mod))
    return String(take!(buf))
end

function first_result(v, what)
    isempty(v) && error("$what: no method matches")
    return v[1]
end

"The IRCode of the first match, inflated from the optimized CodeInfo."
function ircode(f, types; lines::Bool=true)
    ci, _ = first_result(code_typed(f, types; debuginfo = lines ? :source : :none), "code_typed")
    mi = first_result(Base.method_instances(f, types), "method_instances")
    return Core.Compiler.inflate_ir(ci, mi)
end

function domtree(cfg)
    C = Core.Compiler
    dt = hasmethod(C.construct_domtree, Tuple{typeof(cfg)}) ?
        C.construct_domtree(cfg) : C.construct_domtree(cfg.blocks)
    return string("{\"idoms\": [", join(dt.idoms, ", "), "]}\n")
end

"""
    render(form, f, types; mod=Main) -> String

The text Julia shows for one form (see FORMS) of the method(s) of `f` matching
`types`.  Throws when Julia cannot produce the form.
"""
function render(form::AbstractString, @nospecialize(f), @nospecialize(types); mod::Module=Main)
    if form == "typed"
        displayed(first_result(code_typed(f, types), "code_typed"), mod)
    elseif form == "typed-unoptimized"
        displayed(first_result(code_typed(f, types; optimize=false), "code_typed"), mod)
    elseif form == "typed-source"
        displayed(first_result(code_typed(f, types; debuginfo=:source), "code_typed"), mod)
    elseif form == "typed-vector"
        v = code_typed(f, types)
        isempty(v) && error("code_typed: no method matches")
        displayed(v, mod)
    elseif form == "lowered"
        displayed(first_result(code_lowered(f, types), "code_lowered"), mod)
    elseif form == "lowered-source"
        displayed(first_result(code_lowered(f, types; debuginfo=:source), "code_lowered"), mod)
    elseif form == "warntype"
        isempty(Base.method_instances(f, types)) && error("code_warntype: no method matches")
        printed(io -> code_warntype(io, f, types), mod)
    elseif form == "ircode"
        displayed(ircode(f, types; lines=true), mod)
    elseif form == "ircode-noline"
        displayed(ircode(f, types; lines=false), mod)
    elseif form == "cfg"
        displayed(ircode(f, types; lines=true).cfg, mod)
    elseif form == "domtree"
        domtree(ircode(f, types; lines=true).cfg)
    elseif form == "costs"
        HAS_COSTS || error("this Julia has no Base.print_statement_costs")
        printed(io -> Base.print_statement_costs(io, f, types), mod)
    else
        error("unknown form `$form` (known: $(join(FORMS, ", ")))")
    end::String
end

# ------------------------------------------------------------- case files

struct CaseHeader
    target::String
    forms::Vector{String}
end

function parse_header(code::AbstractString, name::AbstractString="case")
    lines = split(code, '\n')
    m = match(r"^#\s*target:\s*(.*?)\s*$", isempty(lines) ? "" : lines[1])
    m === nothing && error("$name: the first line must be `# target: <target>`")
    target = String(m.captures[1])
    forms = copy(FORMS)
    for l in lines[2:end]
        startswith(l, "#") || break
        mf = match(r"^#\s*forms:\s*(.*?)\s*$", l)
        if mf !== nothing
            want = [String(strip(s)) for s in split(mf.captures[1], r"[,\s]+") if !isempty(strip(s))]
            for w in want
                w in BASE_FORMS || w == "costs" || error("$name: unknown form `$w` in `# forms:`")
            end
            forms = want  # a form this Julia lacks is then reported as an error
        end
    end
    return CaseHeader(target, forms)
end

# --- counters ----------------------------------------------------------------
# Three process-global counters show up in printed names: Main's module
# counter (closure types `var"#1#2"`, keyword bodies `#f#3`), Julia's
# `gensym()` counter (`r#253` from @simd) and the front end's hygiene counter.
# Before each case they are advanced to values that depend only on the case's
# rank in the full sorted case list (see "Why Main" above).  A case that uses
# more than a stride is reported (its numbers then depend on earlier cases).
const MAIN_COUNTER_STRIDE = 50
const GENSYM_BASE = 10_000
const GENSYM_STRIDE = 1_000

julia_gensym_counter() = parse(Int, match(r"(\d+)$", string(gensym())).captures[1])

const PROBE_MODULE = Module(:JlirGensymProbe)
Core.eval(PROBE_MODULE, :(macro probe() :(local x = 1) end))
Core.eval(PROBE_MODULE, :(macro advance(n::Int) Expr(:block, [:(local $(Symbol("v", i))) for i in 1:n]...) end))

function flisp_gensym_counter()
    ex = macroexpand(PROBE_MODULE, Expr(:macrocall, Symbol("@probe"), LineNumberNode(0)))
    return parse(Int, match(r"^#(\d+)#", string(ex.args[1].args[1])).captures[1])
end

"Take two values of `mod`'s closure counter (by lowering, not defining, a closure); return the second."
function module_counter(mod::Module)
    th = Meta.lower(mod, :(() -> nothing))
    best = 0
    walk(x) = x isa Symbol ? (m = match(r"^#(\d+)#(\d+)$", string(x)); m === nothing || (best = max(best, parse(Int, m.captures[2])))) :
              x isa Expr ? foreach(walk, x.args) :
              x isa Core.CodeInfo ? foreach(walk, x.code) : nothing
    walk(th)
    best == 0 && error("cannot read the closure counter of $mod")
    return best
end

"Advance `mod`'s closure counter so that the next closure is `#<target+1>#<target+2>`."
function advance_module_counter(mod::Module, target::Int)
    c = module_counter(mod)        # the last value taken
    c > target && return false
    closure = :(() -> nothing)
    while c + 2 <= target
        Meta.lower(mod, closure)   # lowering (not defining) a closure takes 2 values
        c += 2
    end
    # lowering (not defining) a method with keywords takes exactly one value
    c == target - 1 && Meta.lower(mod, :(_jlir_counter_probe(; k=1) = k))
    return true
end

function advance_gensyms(target::Int)
    cj = julia_gensym_counter()
    cj > target && return false
    for _ in cj:target-1
        gensym()
    end
    cf = flisp_gensym_counter()         # the next hygienic name takes cf + 1
    while cf < target - 1
        n = min(500, target - cf - 2)    # expansion cost grows faster than linearly
        n > 0 && macroexpand(PROBE_MODULE, Expr(:macrocall, Symbol("@advance"), LineNumberNode(0), n))
        cf = flisp_gensym_counter()
    end
    return cf == target - 1
end

function advance_counters(rank::Int)
    ok1 = advance_module_counter(Main, MAIN_COUNTER_STRIDE * rank)
    ok2 = advance_gensyms(GENSYM_BASE + GENSYM_STRIDE * rank)
    return ok1 && ok2
end

# --- case loading ---------------------------------------------------------------

"The names a top-level expression defines in its module (functions, types, constants)."
function defined_names(ex, acc=Symbol[])
    if ex isa Expr
        h = ex.head
        if h === :block || h === :toplevel
            foreach(a -> defined_names(a, acc), ex.args)
        elseif h === :macrocall
            defined_names(ex.args[end], acc)
        elseif h === :function || h === :(=) || h === :macro
            sig = ex.args[1]
            while sig isa Expr && sig.head in (:where, :(::))
                sig = sig.args[1]
            end
            if sig isa Expr && sig.head === :call
                name = sig.args[1]
                while name isa Expr && name.head === :(::)     # (f::T)(x) = ...
                    name = name.args[end]
                end
                name isa Symbol && push!(acc, h === :macro ? Symbol("@", name) : name)
            elseif h === :(=) && sig isa Symbol
                push!(acc, sig)
            end
        elseif h === :const || h === :global
            defined_names(ex.args[1], acc)
        elseif h === :struct || h === :abstract || h === :primitive
            name = ex.args[h === :struct ? 2 : 1]
            while name isa Expr && name.head in (:<:, :curly)
                name = name.args[1]
            end
            name isa Symbol && push!(acc, name)
        end
    end
    return acc
end

"""
    load_case(path; rank=0, mod=Main) -> CaseHeader

Parse the header of a case file and evaluate it in `mod` as `<case>.jl`.
Refuses names `mod` already has (another case's).  With rank > 0 the
closure and gensym counters are first advanced for that rank.
"""
function load_case(path::AbstractString; rank::Int=0, mod::Module=Main)
    name = splitext(basename(path))[1]
    code = read(path, String)
    header = parse_header(code, name)
    exprs = Meta.parse("begin\n" * code * "\nend")
    clash = [n for n in unique(defined_names(exprs)) if isdefined(mod, n)]
    isempty(clash) || error("$name.jl defines names that already exist in $mod (another case's?): $(join(clash, ", "))")
    if rank > 0 && !advance_counters(rank)
        @warn "counters already past the start of case $name: its closure/gensym numbers depend on the cases run before it"
    end
    Base.include_string(mod, code, "$name.jl")
    return header
end

clean_message(s) = replace(strip(s), r"\s*\n\s*" => " | ")[1:min(end, 500)]

function error_message(e)
    msg = sprint(showerror, e)
    return clean_message(msg)
end

function check_text(text::String)
    occursin('\e', text) && error("output contains an escape character")
    isvalid(text) || error("output is not valid UTF-8")
    for p in unique([Sys.BINDIR, normpath(Sys.BINDIR, ".."), homedir(), pwd(), tempdir()])
        length(p) > 4 && occursin(p, text) && error("output contains the machine path $p")
    end
    return text
end

"How `f` and `types` print at the REPL when the case is defined in Main."
function type_string(@nospecialize(f), @nospecialize(types), mod::Module)
    fs = sprint(show, f; context = :module => mod)
    return fs, sprint(show, types; context = :module => mod)
end

form_command(form, fs, ts) = replace(replace(FORM_COMMANDS[form], "{f}" => fs), "{T}" => ts)

function run_batch(outdir::String, results::String, casefiles::Vector{String}, allcases::Vector{String})
    isdir(outdir) || mkpath(outdir)
    allnames = sort(unique(vcat(allcases, [splitext(basename(p))[1] for p in casefiles])))
    open(results, "w") do out
        println(out, "julia\t", VERSION)
        println(out, "machine\t", Sys.MACHINE)
        println(out, "word_size\t", Sys.WORD_SIZE)
        println(out, "forms\t", join(FORMS, ","))
        order = sort(casefiles; by = p -> splitext(basename(p))[1])
        ncase = length(order)
        for (i, path) in enumerate(order)
            name = splitext(basename(path))[1]
            t0 = time()
            print(stderr, "[", lpad(i, ndigits(ncase)), "/", ncase, "] ", rpad(name, 24))
            rank = findfirst(==(name), allnames)
            m = Main
            nerr = 0
            try
                header = load_case(path; rank=rank, mod=m)
                println(out, "target\t", name, "\t", header.target)
                f, types = resolve_target(m, header.target)
                fs, ts = type_string(f, types, m)
                println(out, "resolved\t", name, "\t", fs, "\t", ts)
                for form in header.forms
                    file = "$name.$form." * (form == "domtree" ? "json" : "txt")
                    try
                        text = check_text(Base.invokelatest(render, form, f, types; mod=m))
                        write(joinpath(outdir, file), text)
                        println(out, "ok\t", name, "\t", form, "\t", file, "\t", form_command(form, fs, ts))
                    catch e
                        e isa InterruptException && rethrow()
                        nerr += 1
                        println(out, "error\t", name, "\t", form, "\t-\t", error_message(e))
                    end
                end
            catch e
                e isa InterruptException && rethrow()
                nerr += 1
                println(out, "error\t", name, "\t*\t-\t", error_message(e))
            end
            flush(out)
            println(stderr, nerr == 0 ? "ok" : "$nerr error(s)", "  ", round(time() - t0; digits=1), "s")
        end
    end
    return nothing
end

function usage()
    println(stderr, """
    usage: julia jlir.jl render FORM TARGET [CASEFILE]
           julia jlir.jl batch --out DIR --results FILE [--all CASE,...] CASEFILE...
           julia jlir.jl forms""")
end

function main(args::Vector{String})
    isempty(args) && (usage(); exit(2))
    cmd = args[1]
    if cmd == "forms"
        foreach(println, FORMS)
    elseif cmd == "render"
        length(args) in (3, 4) || (usage(); exit(2))
        form, target = args[2], args[3]
        length(args) == 4 && load_case(args[4])
        f, types = resolve_target(Main, target)
        print(stdout, Base.invokelatest(render, form, f, types; mod=Main))
    elseif cmd == "batch"
        outdir = results = nothing
        allcases = String[]
        files = String[]
        i = 2
        while i <= length(args)
            a = args[i]
            if a == "--out"
                outdir = args[i+1]; i += 2
            elseif a == "--results"
                results = args[i+1]; i += 2
            elseif a == "--all"
                allcases = String[s for s in split(args[i+1], ',') if !isempty(s)]; i += 2
            else
                push!(files, a); i += 1
            end
        end
        (outdir === nothing || results === nothing) && (usage(); exit(2))
        run_batch(outdir, results, files, allcases)
    else
        usage(); exit(2)
    end
end

end # module JlirLive

if abspath(PROGRAM_FILE) == abspath(@__FILE__)
    JlirLive.main(ARGS)
end
