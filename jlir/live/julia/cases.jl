# cases.jl -- case files (see jlir.jl's header, "Why Main"): their header, the closure and
# gensym counters advanced per rank, and loading a case into Main.  Included by jlir.jl.

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
                w in ALL_FORMS || error("$name: unknown form `$w` in `# forms:`")
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
# rank in the full sorted case list (see "Why Main" in jlir.jl's header).  A case that uses
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
                name = sig.args[1]   # `(f::T)(x) = …` (a call method of T) defines no name
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
    load_case(code, name; rank=0, mod=Main) -> (CaseHeader, warning)

Parse the header of a case's source `code` and evaluate it in `mod` as
`<name>.jl`.  Refuses names `mod` already has (another case's).  With rank > 0
the closure and gensym counters are first advanced for that rank; `warning`
says why that failed, if it did (the case's names then depend on the cases run
before it), and is empty otherwise.
"""
function load_case(code::AbstractString, name::AbstractString; rank::Int=0, mod::Module=Main)
    header = parse_header(code, name)
    exprs = Meta.parse("begin\n" * code * "\nend")
    clash = [n for n in unique(defined_names(exprs)) if isdefined(mod, n)]
    isempty(clash) || error("$name.jl defines names that already exist in $mod (another case's?): $(join(clash, ", "))")
    warning = ""
    if rank > 0
        ok = try
            advance_counters(rank)
        catch e
            warning = "cannot advance the closure and gensym counters on Julia $VERSION ($(error_message(e)))"
            true
        end
        ok || (warning = "counters already past the start of case $name")
        isempty(warning) || (warning *= ": its closure and gensym numbers depend on the cases run before it")
    end
    Base.include_string(mod, code, "$name.jl")
    return header, warning
end
