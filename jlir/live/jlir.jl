# jlir.jl -- the Julia side of jlir: print Julia's SSA IR exactly as a user sees
# it at the REPL (without colour), for `jlir fetch`, the `jlir.live.Julia` API
# and the golden fixtures (scripts/regen_fixtures.py).
#
# One file, Base/Core/InteractiveUtils only, for Julia 1.5 to 1.12: version
# differences are decided by what is defined (`code_ircode` from 1.9, the
# compiler in `Base.Compiler` from 1.12, ...), never by comparing VERSION.
#
# Forms (what `render` prints; fixtures are `<case>.<form>.txt`, domtree `.json`):
#   typed              code_typed(f, T)[1]                       (CodeInfo => RT pair)
#   typed-unoptimized  code_typed(f, T; optimize=false)[1]
#   typed-source       code_typed(f, T; debuginfo=:source)[1]
#   typed-vector       code_typed(f, T)                          (the Vector display)
#   lowered            code_lowered(f, T)[1]
#   lowered-source     code_lowered(f, T; debuginfo=:source)[1]
#   warntype           code_warntype(io, f, T)
#   ircode             Base.code_ircode(f, T)[1][1] where it exists (1.9+); before,
#                      Compiler.inflate_ir(ci, mi) of code_typed(f, T; debuginfo=:source)[1]
#                      and the matching MethodInstance
#   ircode-noline      inflate_ir of code_typed(f, T)[1] (line info stripped: the
#                      line-number column is a single space); needs inflate_ir
#   cfg                the `ircode` IRCode's `ir.cfg`
#   domtree            the immediate dominator of each block of that CFG, from the
#                      compiler's own construct_domtree, as JSON {"idoms": [...]}
#                      (1-based blocks; 0 for the entry and unreachable blocks)
#   costs              Base.print_statement_costs(io, f, T), where it exists (1.7+)
#   ssa                the IRCode of Julia's SSA construction: 1.5's `run_passes` first
#                      steps (`convert_to_ircode`, `slot2reg`, then its `compact!`) on the
#                      inferred, unoptimized CodeInfo, before inlining, line info stripped;
#                      1.5 only (the compiler internals it calls), see `ssa_ircode`
# Forms that are values (displayed at the REPL) are `show(io, MIME"text/plain"(), x)`
# plus the one "\n" the REPL's display appends; warntype and costs print straight
# to io and are exactly what they print.  The IOContext mirrors the REPL's:
# :limit=>true, :module=>Main, plus :color=>false and a fixed :displaysize=>(24, 80).
#
# Targets (a string; user code comes as data, never through a shell):
#   "f(1.0, 2)"                      a call with values: their types (Core.Typeof)
#   "f(::Float64, ::Vector{Int})"    a call with types (may mix with values; `xs...` splats)
#   "f(1.0; scale=2)"                a keyword call: like @code_typed, the keyword
#                                    sorter Core.kwfunc(f) with (NamedTuple, typeof(f), args...)
#   "Tuple{typeof(sort!), Vector{Int}}"  a signature whose function type is a singleton
#
# Protocol (`julia jlir.jl serve`; jlir/live/protocol.py is the Python side).
# A message is a header line `JLIR <n>` and n fields, each `<byte length>\n<bytes>`.
# Requests go to Julia's stdin, replies come on its stdout; anything user code
# prints to stdout goes to stderr instead.  The client's first request is
# `session NONCE` (a random token): from then on every reply's header is
# `JLIR <nonce> <n>`, so that nothing user code writes to the reply pipe can be
# taken for a reply (the client skips lines without it).  Julia then writes the
# reply to `hello`, then answers one request at a time:
#   hello                               ok, info (`key\tvalue` lines)
#   define CODE NAME                    ok        (evaluate CODE in Main as file NAME,
#                                                  once per distinct (NAME, CODE))
#   render FORM TARGET                  ok, text, command
#   cfg TARGET                          ok, JSON of the CFG: blocks with stmts, preds, succs
#   reference TARGET                    ok, JSON of Julia's analyses of the `ircode-noline` IRCode
#                                                 (cfg, idoms, verify) and of its SSA construction
#                                                 (ssa: pre-SSA cfg, idoms, per-slot defs/live_in/idf);
#                                                 1.5 only (see `reference_json`)
#   load_case CODE NAME RANK            ok, target, forms (comma-separated), f, T, warning
#   runs TARGET CALLS                   ok, rows, structs, callee dumps…: Julia's outcome of each
#                                                 call (CALLS: one call text a line) of TARGET's
#                                                 function, and the callees (see `record_runs`)
#   struct TYPE                         ok, `mutable`|`immutable` then `name<TAB>type` lines (the interpreter's %new)
#   method TARGET                       ok, `argnames<TAB>…`, `vararg<TAB>…`, `sparams<TAB>…` lines (its calls)
#   callable SIG FORM                   ok, the callee dump of a closure's call `Tuple{T, A…}` (julia/closures.jl)
#   quit                                ok, then exit
# A request that fails in Julia gets `error, STAGE, message`, STAGE being where it
# failed: request, define, target, render, load_case, runs.  The juliacall backend calls
# `JlirLive.handle_encoded` with one encoded request and gets one encoded reply.
#
# Command line:
#   julia jlir.jl serve                          the protocol on stdin/stdout
#   julia jlir.jl render FORM TARGET [CASEFILE]  print one form (CASEFILE evaluated first)
#   julia jlir.jl forms                          the forms this Julia can print
#
# Case files (fixtures/cases/*.jl): plain Julia source whose first line is
# `# target: <target>`; an optional `# forms: typed, lowered, ...` comment line in the
# leading comment block restricts the forms.  A case is evaluated with
# include_string(Main, code, "<case>.jl"), so location lines print `<case>.jl:<line>`
# and nothing of this machine's paths.
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
#     advanced to fixed values that depend only on the case's rank (its line in
#     fixtures/cases/order.txt), so closure names (`var"#101#102"`) and gensyms
#     (`r#43001`) do not depend on which other cases ran before it: a run over
#     a subset of the cases prints the same text as a full run.

module JlirLive

using InteractiveUtils
using Base.Meta: isexpr

const PROTOCOL = "jlir-live/1"

"The compiler: `Core.Compiler` up to 1.11, `Base.Compiler` from 1.12 (the Compiler stdlib)."
const CC = isdefined(Base, :Compiler) && getfield(Base, :Compiler) isa Module ? getfield(Base, :Compiler) : Core.Compiler

const HAS_CODE_IRCODE = isdefined(Base, :code_ircode)        # 1.9+
const HAS_INFLATE_IR = isdefined(CC, :inflate_ir)
const HAS_COSTS = isdefined(Base, :print_statement_costs)  # 1.7+
# The 1.5 compiler internals the SSA reference and the `ssa` form call (see `ssa_reference_json`).
const HAS_SSA_REFERENCE = all(n -> isdefined(CC, n),
    (:convert_to_ircode, :scan_slot_def_use, :compute_live_ins, :idf, :BlockLiveness, :verify_ir,
     :InferenceState, :InferenceResult, :OptimizationState, :construct_domtree))

const ALL_FORMS = [
    "typed", "typed-unoptimized", "typed-source", "typed-vector",
    "lowered", "lowered-source", "warntype",
    "ircode", "ircode-noline", "cfg", "domtree", "costs", "ssa",
]

"Whether this Julia can print `form`."
function has_form(form::AbstractString)
    form in ("ircode", "cfg", "domtree") && return HAS_CODE_IRCODE || HAS_INFLATE_IR
    form == "ircode-noline" && return HAS_INFLATE_IR
    form == "costs" && return HAS_COSTS
    form == "ssa" && return HAS_SSA_REFERENCE
    return form in ALL_FORMS
end

"The forms this Julia can print, in a fixed order."
const FORMS = filter(has_form, ALL_FORMS)

const IRCODE_COMMAND = HAS_CODE_IRCODE ? "Base.code_ircode({f}, {T})[1][1]" :
    "$CC.inflate_ir(code_typed({f}, {T}; debuginfo=:source)[1][1], Base.method_instances({f}, {T})[1])"

"The Julia-level command each form corresponds to (`{f}` and `{T}` stand for the target)."
const FORM_COMMANDS = Dict(
    "typed" => "code_typed({f}, {T})[1]",
    "typed-unoptimized" => "code_typed({f}, {T}; optimize=false)[1]",
    "typed-source" => "code_typed({f}, {T}; debuginfo=:source)[1]",
    "typed-vector" => "code_typed({f}, {T})",
    "lowered" => "code_lowered({f}, {T})[1]",
    "lowered-source" => "code_lowered({f}, {T}; debuginfo=:source)[1]",
    "warntype" => "code_warntype(io, {f}, {T})",
    "ircode" => IRCODE_COMMAND,
    "ircode-noline" => "$CC.inflate_ir(code_typed({f}, {T})[1][1], Base.method_instances({f}, {T})[1])",
    "cfg" => "($IRCODE_COMMAND).cfg",
    "domtree" => "$CC.construct_domtree(($IRCODE_COMMAND).cfg) immediate dominators, as JSON",
    "costs" => "Base.print_statement_costs(io, {f}, {T})",
    "ssa" => "$CC.compact!($CC.slot2reg($CC.convert_to_ircode(…))) of the inferred unoptimized CodeInfo of {f}, {T} (JlirLive.ssa_ircode)",
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

"The method instances matching; from 1.11 `Base.method_instances` needs the world explicitly."
method_instances(@nospecialize(f), @nospecialize(types)) = Base.method_instances(f, types, Base.get_world_counter())

function first_result(v, what)
    isempty(v) && error("$what: no method matches")
    return v[1]
end

"""
The IRCode of the first match: what `Base.code_ircode` returns where it exists
(1.9+), else inflated from the optimized CodeInfo.  `lines=false` strips line
info first, which only inflating can do.
"""
function ircode(f, types; lines::Bool=true)
    if lines && HAS_CODE_IRCODE
        return first_result(Base.code_ircode(f, types), "code_ircode")[1]
    end
    HAS_INFLATE_IR || error("this Julia has no $CC.inflate_ir: it cannot print IRCode without line info")
    ci, _ = first_result(code_typed(f, types; debuginfo = lines ? :source : :none), "code_typed")
    mi = first_result(method_instances(f, types), "method_instances")
    return CC.inflate_ir(ci, mi)
end

"The compiler's dominator tree of `ir`: `construct_domtree(cfg)` in 1.5 and again from 1.12, `(cfg.blocks)` between."
function domtree(ir)
    cfg = ir.cfg
    hasmethod(CC.construct_domtree, Tuple{typeof(cfg)}) && return CC.construct_domtree(cfg)
    hasmethod(CC.construct_domtree, Tuple{typeof(ir)}) && return CC.construct_domtree(ir)
    return CC.construct_domtree(cfg.blocks)
end

"Immediate dominator of each block (`idoms` up to 1.5, `idoms_bb` in the SNCA tree of later versions)."
function idoms(dt)
    v = hasfield(typeof(dt), :idoms_bb) ? dt.idoms_bb : dt.idoms
    return Int[i for i in v]
end

domtree_json(ir) = string("{\"idoms\": [", join(idoms(domtree(ir)), ", "), "]}\n")

"Julia's own CFG as JSON: per block its statement range, predecessors and successors (0: the catch edge)."
function cfg_json(cfg)
    block(b) = string("{\"stmts\": [", first(b.stmts), ", ", last(b.stmts), "], \"preds\": [",
                      join(b.preds, ", "), "], \"succs\": [", join(b.succs, ", "), "]}")
    return string("{\"blocks\": [", join(map(block, cfg.blocks), ", "), "]}\n")
end

# ------------------------------------------------------------- reference
# Julia's own answers to the analyses jlir reimplements (CFG, dominators,
# iterated dominance frontiers, verify_ir), for tests/test_reference_julia.py.
# The optimized side is the `ircode-noline` IRCode; the SSA side reproduces the
# first steps of 1.5's `run_passes` on the inferred, unoptimized CodeInfo
# (`convert_to_ircode`, then what `slot2reg`/`construct_ssa!` compute before
# inserting φ nodes).  It calls compiler internals that exist in 1.5 only.

"A JSON string literal of `s`."
function json_string(s::AbstractString)
    buf = IOBuffer()
    print(buf, '"')
    for c in s
        if c == '"' || c == '\\'
            print(buf, '\\', c)
        elseif c < ' '
            print(buf, "\\u", string(UInt32(c), base=16, pad=4))
        else
            print(buf, c)
        end
    end
    print(buf, '"')
    return String(take!(buf))
end

json_ints(v) = string("[", join(v, ", "), "]")

"""
`verify_ir`'s verdict on `ir`: "ok", or what it printed to stderr before throwing
plus the error (1.5's `@verify_error` prints the reason, then calls `error()`).
"""
function verify_verdict(ir)
    mktemp() do _, io
        failure = nothing
        redirect_stderr(io) do
            try
                CC.verify_ir(ir)
            catch e
                e isa InterruptException && rethrow()
                failure = e
            end
        end
        failure === nothing && return "ok"
        flush(io); seekstart(io)
        printed = strip(read(io, String))
        shown = error_message(failure)
        return isempty(printed) ? shown : shown == "" ? printed : string(printed, " | ", shown)
    end
end

"""
The pre-SSA data of `mi` as 1.5's `run_passes` sees it: inference as `typeinf_code`
runs it (uncached), the OptimizationState, `convert_to_ircode` (no coverage), the
domtree `slot2reg` builds, and per slot that has uses (the slots `construct_ssa!`
places φ nodes for) the def blocks `compute_live_ins` returns (plus the catch
blocks `construct_ssa!` adds for PhiC nodes), the live-in blocks, the φ blocks
`idf` returns (pruned by liveness) and, with every block declared live-in,
`idf`'s unpruned iterated dominance frontier of the same defs.
"""
function ssa_reference_json(mi::Core.MethodInstance)
    ci, ir, nargs, opt = pre_ssa_ircode(mi)
    cfg = ir.cfg
    domtree = CC.construct_domtree(cfg)
    catch_blocks = Int[CC.block_for_inst(cfg, stmt.args[1]) for stmt in ir.stmts if isexpr(stmt, :enter)]
    all_blocks = collect(1:length(cfg.blocks))
    slots = String[]
    for (idx, slot) in enumerate(CC.scan_slot_def_use(nargs, ci, ir.stmts))
        isempty(slot.uses) && continue
        live = CC.compute_live_ins(cfg, slot)
        for li in live.live_in_bbs
            li in catch_blocks && !(li in live.def_bbs) && push!(live.def_bbs, li)
        end
        phis = CC.idf(cfg, live, domtree)
        full = CC.idf(cfg, CC.BlockLiveness(copy(live.def_bbs), all_blocks), domtree)
        push!(slots, string("{\"slot\": ", idx, ", \"defs\": ", json_ints(live.def_bbs),
                            ", \"live_in\": ", json_ints(live.live_in_bbs), ", \"idf\": ", json_ints(phis),
                            ", \"idf_full\": ", json_ints(full), "}"))
    end
    return string("{\"cfg\": ", rstrip(cfg_json(cfg)), ", \"idoms\": ", json_ints(idoms(domtree)),
                  ", \"slots\": [", join(slots, ", "), "]}")
end

"""
The inferred, unoptimized CodeInfo of `mi` and its IRCode before SSA construction, as
1.5's `run_passes` gets them: inference as `typeinf_code` runs it (uncached), the
OptimizationState, `convert_to_ircode` (no coverage).  `(ci, ir, nargs, opt)`.
"""
function pre_ssa_ircode(mi::Core.MethodInstance)
    HAS_SSA_REFERENCE || error("Julia $VERSION lacks the 1.5 compiler internals the SSA reference needs")
    frame = CC.InferenceState(CC.InferenceResult(mi), false, CC.Params(Base.get_world_counter()))
    frame === nothing && error("no code to infer for $(mi.specTypes)")
    CC.typeinf(frame) || error("inference did not finish for $(mi.specTypes)")
    opt = CC.OptimizationState(frame)
    ci = opt.src
    nargs = Int(opt.nargs) - 1
    return ci, CC.convert_to_ircode(ci, CC.copy_exprargs(ci.code), false, nargs, opt), nargs, opt
end

"""
The IRCode Julia's SSA construction makes of `mi`: 1.5's `run_passes` up to its first
`compact!` (`convert_to_ircode`, `slot2reg`, `compact!`), nothing after it (no inlining),
its line info stripped (every statement's line 0, no line table) so that it prints like
the `ircode-noline` form.  Compacted, because slot2reg leaves its φ nodes pending.
"""
function ssa_ircode(mi::Core.MethodInstance)
    ci, ir, nargs, opt = pre_ssa_ircode(mi)
    ir = CC.slot2reg(ir, ci, nargs, opt)
    fill!(ir.lines, 0)
    for i in 1:length(ir.new_nodes)
        n = ir.new_nodes[i]
        ir.new_nodes[i] = CC.NewNode(n.pos, n.attach_after, n.typ, n.node, Int32(0))
    end
    empty!(ir.linetable)
    return CC.compact!(ir)
end

"""
Julia's reference answers for the optimized IRCode `ir` of `mi` (its CFG, its
idoms, verify_ir's verdict) and for `mi`'s SSA construction, as one JSON object.
"""
function reference_json(ir, mi::Core.MethodInstance)
    return string("{\"cfg\": ", rstrip(cfg_json(ir.cfg)), ", \"idoms\": ", json_ints(idoms(domtree(ir))),
                  ", \"verify\": ", json_string(verify_verdict(ir)), ", \"ssa\": ", ssa_reference_json(mi), "}")
end

"`reference_json` of the target's `ircode-noline` IRCode and method instance."
function reference_json(@nospecialize(f), @nospecialize(types))
    mi = first_result(method_instances(f, types), "method_instances")
    return reference_json(ircode(f, types; lines=false), mi)
end

"""
    render(form, f, types; mod=Main) -> String

The text Julia shows for one form (see the file header) of the method(s) of `f`
matching `types`.  Throws when Julia cannot produce the form.
"""
function render(form::AbstractString, @nospecialize(f), @nospecialize(types); mod::Module=Main)
    has_form(form) || error(form in ALL_FORMS ? "Julia $VERSION cannot print the form `$form`" :
                                "unknown form `$form` (known: $(join(FORMS, ", ")))")
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
        isempty(method_instances(f, types)) && error("code_warntype: no method matches")
        printed(io -> code_warntype(io, f, types), mod)
    elseif form == "ircode"
        displayed(ircode(f, types; lines=true), mod)
    elseif form == "ircode-noline"
        displayed(ircode(f, types; lines=false), mod)
    elseif form == "cfg"
        displayed(ircode(f, types; lines=true).cfg, mod)
    elseif form == "domtree"
        domtree_json(ircode(f, types; lines=true))
    elseif form == "ssa"
        displayed(ssa_ircode(first_result(method_instances(f, types), "method_instances")), mod)
    else # costs
        printed(io -> Base.print_statement_costs(io, f, types), mod)
    end::String
end

"How `f` and `types` print at the REPL when they are defined in `mod`."
function type_string(@nospecialize(f), @nospecialize(types), mod::Module)
    fs = sprint(show, f; context = :module => mod)
    return fs, sprint(show, types; context = :module => mod)
end

form_command(form, fs, ts) = replace(replace(FORM_COMMANDS[form], "{f}" => fs), "{T}" => ts)

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

# ------------------------------------------------------------- recorded runs
# Julia's own outcome of calls to a case's target function (`# run:` lines of a
# case file), for jlir.interp's tests, and the callees the interpreter needs to
# run the case's forms.  A value is written as `Type:raw` (jlir/interp/encoding.py
# decodes it): integers in decimal, floats by their bits in hex, Char by its
# UInt32 code, types and symbols by name, `nothing` as `Nothing:`, vectors as
# `Array{T,1}:raw,raw,…`.

enc_raw(x::Bool) = string(x)
enc_raw(x::Integer) = string(x)
enc_raw(x::Base.IEEEFloat) = "0x" * string(reinterpret(Unsigned, x), base=16)
enc_raw(x::Char) = string(reinterpret(UInt32, x))
enc_raw(x::Type) = string(x)
enc_raw(x::Symbol) = string(x)
enc_raw(x::Nothing) = ""
enc_raw(x::Vector) = join(map(enc_raw, x), ",")
enc_raw(x) = error("a run's argument of type $(typeof(x)) has no `Type:raw` text form (jlir/interp/encoding.py)")
encode_value(x) = string(x isa Type ? "Type" : typeof(x)) * ":" * enc_raw(x)

"The static parameters (`where T`) of method `m` for argument types `argt`, comma-separated."
function sparams_text(m::Method, @nospecialize(sig))
    _, env = ccall(:jl_type_intersection_with_env, Any, (Any, Any), sig, m.sig)::Core.SimpleVector
    return join(map(string, collect(env)), ",")
end

one_line(s::AbstractString) = occursin(r"[\t\n\r]", s) ? error("$(repr(s)) has a tab or line break") : s

"""
    run_row(f, types, call; mod) -> String

Evaluate the call text `call` (a call of `f` with positional arguments whose
types `types` covers, so the case's IR is the code that runs) in `mod`, and
say what happened: `call, argnames, sparams, encoded args, ok, type, repr` or
`…, err, exception type,` as one tab-separated line.  The arguments are
encoded before the call (it may mutate them).
"""
function run_row(@nospecialize(f), @nospecialize(types), call::AbstractString; mod::Module=Main)
    ex = Meta.parse(call; raise=true)
    isexpr(ex, :call) || error("`# run: $call` is not a call")
    any(a -> isexpr(a, :kw) || isexpr(a, :parameters) || isexpr(a, :...), ex.args[2:end]) &&
        error("`# run: $call`: only positional arguments")
    Core.eval(mod, ex.args[1]) === f || error("`# run: $call` does not call the target's function $f")
    args = Any[Core.eval(mod, a) for a in ex.args[2:end]]
    argt = Tuple{map(Core.Typeof, args)...}
    argt <: types || error("`# run: $call`: argument types $argt are not within the target's $types")
    m = which(f, argt)
    names = join(string.(Base.method_argnames(m)[2:end]), ",")
    encoded = join(map(encode_value, args), " ")
    outcome = try
        r = Base.invokelatest(f, args...)
        "ok\t" * one_line(string(typeof(r))) * "\t" * one_line(repr(r))
    catch e
        e isa InterruptException && rethrow()
        "err\t" * string(typeof(e)) * "\t"
    end
    sp = sparams_text(m, Tuple{Core.Typeof(f), argt.parameters...})
    return join([one_line(call), names, sp, encoded, outcome], "\t")
end

# The callees: every generic call and `invoke` of the code the interpreter runs
# (the target's optimized and unoptimized code, and for each call its own
# argument types), three levels down, each as its optimized `code_typed` under a
# `# MethodInstance for f(::T…)` line, its argument names and static parameters:
# the dumps a jlir.interp.DumpProvider serves.  The structs the code builds with
# `%new` are listed in `structs.txt` (`# struct T: a, b`).
# A constant argument is typed as dispatch sees it: `Int64` in `round(Int64, x)` is `Type{Int64}`, not the
# DataType `widenconst` gives (the interpreter keys a type argument `::Type{Int64}`, as a MethodInstance does).
argtype(x, ci) = try  # (a static parameter has no type here: Any, so that call is not dumped)
    t = CC.argextype(x, ci, Any[], ci.slottypes)
    t isa CC.Const ? Core.Typeof(t.val) : CC.widenconst(t)
catch
    Any
end

"The type a `%new` builds: named (a GlobalRef or the type itself) or an SSA value whose type is `Const(T)`."
function new_type(x, ci)
    x isa GlobalRef && return getfield(x.mod, x.name)
    x isa DataType && return x
    t = argtype_const(x, ci)
    t isa CC.Const && return t.val
    return nothing
end

argtype_const(x, ci) = try
    CC.argextype(x, ci, Any[], ci.slottypes)
catch
    nothing
end

"A struct's name as jlir.interp keys it: Base's and Core's by their full path, others by their bare name."
function struct_key(T::DataType)
    m = parentmodule(T)
    inbase = any(b -> m === b || parentmodule(m) === b, (Base, Core))
    return inbase ? string(T.name.wrapper) : string(nameof(T))
end

"A struct type as a `# struct` line names it: `struct_key` and its parameters (`Counter{Int64}`)."
struct_full_name(T::DataType) =
    struct_key(T) * (isempty(T.parameters) ? "" : "{" * join(map(string, T.parameters), ",") * "}")

function call_signatures!(structs::Dict{String,Any}, ci::Core.CodeInfo)
    sigs = Any[]
    for st in ci.code
        ex = st isa Expr && st.head == :(=) ? st.args[2] : st
        ex isa Expr || continue
        if ex.head == :new
            T = new_type(ex.args[1], ci)
            T isa DataType && !(T <: Tuple) && isstructtype(T) && (structs[struct_full_name(T)] = T)
        elseif ex.head == :call
            push!(sigs, Any[argtype(a, ci) for a in ex.args])
        elseif ex.head == :invoke
            push!(sigs, collect(Any, ex.args[1].specTypes.parameters))
        end
    end
    return sigs
end

mutable struct CalleeDumps
    files::Vector{String}           # the dumps, in the order they were found
    seen::Set{String}
    structs::Dict{String,Any}
end
CalleeDumps() = CalleeDumps(String[], Set{String}(), Dict{String,Any}())

"""
The function a call's function type `ft` stands for and the name jlir.interp looks it up by (the binding's
name without its module: `:` for `Colon()`, `UInt32` for the constructor `Type{UInt32}`), or nothing when
there is no IR to dump (builtins, intrinsics, parametric or abstract constructors).
"""
function callee_function(@nospecialize(ft))
    ft isa DataType || return nothing
    if ft <: Type && length(ft.parameters) == 1
        T = ft.parameters[1]
        T isa UnionAll && return T, string(nameof(Base.unwrap_unionall(T)))     # `Counter(0)` of Counter{T}
        (T isa DataType && isconcretetype(T) && isempty(T.parameters)) || return nothing
        return T, string(nameof(T))
    end
    isdefined(ft, :instance) || return nothing
    f = ft.instance
    (f isa Core.Builtin || f isa Core.IntrinsicFunction) && return nothing
    f === Colon() && return f, ":"
    return f isa Function ? (f, string(nameof(f))) : nothing
end

"An argument type one method instance covers: a concrete type, or `Type{T}` of a type (a type passed as a value)."
dispatch_concrete(@nospecialize(T)) =
    isconcretetype(T) || (T isa DataType && T <: Type && length(T.parameters) == 1 && !(T.parameters[1] isa TypeVar))

function dump_callee!(acc::CalleeDumps, sig, depth::Int)
    found = callee_function(sig[1])
    found === nothing && return dump_callable!(acc, sig, depth)   # a closure's call: julia/closures.jl
    f, name = found
    all(dispatch_concrete, sig[2:end]) || return
    types = Tuple{sig[2:end]...}
    key = string(name, "(", join(["::$T" for T in sig[2:end]], ", "), ")")
    key in acc.seen && return
    push!(acc.seen, key)
    results = code_typed(f, types)
    length(results) == 1 || return
    ci, rt = results[1]
    m = which(f, types)
    io = IOBuffer()
    println(io, "# MethodInstance for ", key)
    println(io, "# argnames: ", join(string.(Base.method_argnames(m)[2:end]), ","))
    sp = sparams_text(m, Tuple{sig...})
    isempty(sp) || println(io, "# sparams: ", sp)
    m.isva && println(io, "# vararg: true")
    println(io, sprint(show, ci => rt))
    push!(acc.files, String(take!(io)))
    depth > 0 && foreach(s -> dump_callee!(acc, s, depth - 1), call_signatures!(acc.structs, ci))
end

function callee_dumps(@nospecialize(f), type_tuples::Vector{Any})
    acc = CalleeDumps()
    for types in type_tuples, optimize in (false, true)
        for (ci, _) in code_typed(f, types; optimize=optimize)
            foreach(s -> dump_callee!(acc, s, 3), call_signatures!(acc.structs, ci))
        end
    end
    lines = String[]
    for (full, T) in sort!(collect(acc.structs); by=first)
        fields = join(["$n::$t" for (n, t) in zip(fieldnames(T), T.types)], ", ")
        push!(lines, "# " * (mutable_type(T) ? "mutable struct " : "struct ") * full * ": " * fields * "\n")
    end
    return acc.files, join(lines)
end

"""
    record_runs(target, calls; mod=Main) -> Vector{String}

Each call's row (see `run_row`), then `structs.txt`'s text, then the callee
dumps: the reply to `runs`.
"""
function record_runs(target::AbstractString, calls::Vector{String}; mod::Module=Main)
    f, types = resolve_target(mod, target)
    rows = String[run_row(f, types, c; mod=mod) for c in calls]
    argts = Any[types]
    for c in calls
        ex = Meta.parse(c)
        t = Tuple{Any[Core.Typeof(Core.eval(mod, a)) for a in ex.args[2:end]]...}
        t in argts || push!(argts, t)
    end
    files, structs = Base.invokelatest(callee_dumps, f, argts)
    return String[join(rows .* "\n"), structs, files...]
end

include("julia/closures.jl")

# ------------------------------------------------------------- protocol

clean_message(s) = replace(strip(s), r"\s*\n\s*" => " | ")[1:min(end, 500)]
error_message(e) = clean_message(sprint(showerror, e))

"One message: `JLIR <n>` (a served session's replies: `JLIR <nonce> <n>`), then each field as `<byte length>\\n<bytes>`."
function encode_message(fields, nonce::AbstractString="")::Vector{UInt8}
    buf = IOBuffer()
    print(buf, "JLIR ", isempty(nonce) ? "" : string(nonce, " "), length(fields), '\n')
    for field in fields
        s = String(field)
        print(buf, sizeof(s), '\n')
        write(buf, s)
    end
    return take!(buf)
end

"The next message on `io`, or `nothing` at the end of the stream."
function read_message(io::IO)
    header = readline(io)
    isempty(header) && eof(io) && return nothing
    startswith(header, "JLIR ") || error("protocol: expected a `JLIR <n>` header, got $(repr(header[1:min(end, 80)]))")
    n = parse(Int, header[6:end])
    fields = Vector{String}(undef, n)
    for i in 1:n
        len = parse(Int, readline(io))
        fields[i] = String(read(io, len))
        sizeof(fields[i]) == len || error("protocol: message cut short")
    end
    return fields
end

"Paths of this machine, which fixtures must not contain."
machine_paths() = filter(p -> length(p) > 4, unique([Sys.BINDIR, normpath(Sys.BINDIR, ".."), homedir(), pwd(), tempdir()]))

"What the client needs to know of this Julia: `key\\tvalue` lines (`path` repeats)."
function info()
    lines = ["protocol\t$PROTOCOL", "version\t$VERSION", "machine\t$(Sys.MACHINE)",
             "word_size\t$(Sys.WORD_SIZE)", "forms\t$(join(FORMS, ","))", "pid\t$(getpid())",
             "compiler\t$CC", "reference\t$(HAS_SSA_REFERENCE && HAS_INFLATE_IR)"]
    append!(lines, ["path\t$p" for p in machine_paths()])
    return join(lines, "\n")
end

"Definitions already evaluated in Main, by (file name, code): each is evaluated once per process,
so that repeating it neither redefines its types nor advances Main's closure counter."
const DEFINED = Set{Tuple{String,String}}()

function define(code::AbstractString, name::AbstractString)
    isempty(code) && return
    key = (String(name), String(code))
    key in DEFINED && return
    Base.include_string(Main, code, name)
    push!(DEFINED, key)
    return
end

# ------------------------------------------------------------------ interpreter queries

"Whether the type `T` is mutable (`ismutabletype` from 1.7, the DataType's field before)."
mutable_type(T::DataType) = isdefined(Base, :ismutabletype) ? Base.ismutabletype(T) : T.mutable

"""
    struct_text(typetext) -> String

For the interpreter's `%new` (`struct TYPE`): `mutable` or `immutable`, then `name<TAB>fieldtype` per field
(`fieldnames`/`fieldtypes`), of the struct type TYPE names in Main (`Base.Math.DoubleFloat64`).
"""
function struct_text(typetext::AbstractString)
    T = Base.unwrap_unionall(Core.eval(Main, Meta.parse(strip(typetext); raise=true)))
    T isa DataType && !(T <: Tuple) && isstructtype(T) || error("`$typetext` is not a struct type")
    lines = [mutable_type(T) ? "mutable" : "immutable"]
    for (n, t) in zip(fieldnames(T), T.types)
        push!(lines, "$n\t$t")
    end
    return join(lines, "\n")
end

"A static parameter as the interpreter reads it (`# sparams:` of a callee dump): an integer, else a type."
function sparam_text(x)
    x isa TypeVar && error("static parameter $(x.name) is not bound by the call")
    x isa Integer && return string(x)
    x isa Type && return sprint(show, x; context=repl_context(IOBuffer(), Main))
    error("static parameter $(repr(x)) is neither an integer nor a type")
end

"""
    method_text(target) -> String

For the interpreter's calls (`method TARGET`): the method a call dispatches to, as lines
`argnames<TAB>a,b,xs` (`Base.method_argnames`, without `#self#`), `vararg<TAB>true|false` and
`sparams<TAB>T,…` (the static parameters the call binds).
"""
function method_text(target::AbstractString)
    f, types = resolve_target(Main, target)
    m = which(f, types)
    tt = Base.signature_type(f, types)
    env = ccall(:jl_type_intersection_with_env, Any, (Any, Any), tt, m.sig)::Core.SimpleVector
    names = Base.method_argnames(m)[2:end]
    return join(["argnames\t" * join(string.(names), ","), "vararg\t$(m.isva)",
                 "sparams\t" * join([sparam_text(x) for x in env[2]], ",")], "\n")
end

function resolve_in_main(target)
    f, types = resolve_target(Main, target)
    return f, types, type_string(f, types, Main)...
end

"""
    handle(request::Vector{String}) -> Vector{String}

Answer one request (see the file header): `["ok", ...]` or `["error", stage, message]`.
Never throws, except on InterruptException.
"""
function handle(request::Vector{String})
    stage = "request"
    try
        isempty(request) && error("empty request")
        verb, args = request[1], request[2:end]
        nargs = Dict("hello" => 0, "define" => 2, "render" => 2, "cfg" => 1, "reference" => 1, "load_case" => 3,
                     "runs" => 2, "struct" => 1, "method" => 1, "callable" => 2, "quit" => 0)
        haskey(nargs, verb) || error("unknown request `$verb`")
        length(args) == nargs[verb] || error("`$verb` takes $(nargs[verb]) field(s), got $(length(args))")
        if verb == "hello" || verb == "quit"
            return ["ok", info()]
        elseif verb == "define"
            stage = "define"
            define(args[1], args[2])
            return ["ok"]
        elseif verb == "render"
            form, target = args
            stage = "target"
            f, types, fs, ts = resolve_in_main(target)
            stage = "render"
            text = Base.invokelatest(render, form, f, types; mod=Main)
            return ["ok", text, form_command(form, fs, ts)]
        elseif verb == "cfg"
            stage = "target"
            f, types, _, _ = resolve_in_main(args[1])
            stage = "render"
            (HAS_CODE_IRCODE || HAS_INFLATE_IR) || error("Julia $VERSION cannot produce IRCode")
            return ["ok", Base.invokelatest(() -> cfg_json(ircode(f, types; lines=true).cfg))]
        elseif verb == "struct" || verb == "method"
            stage = "target"
            return ["ok", Base.invokelatest(verb == "struct" ? struct_text : method_text, args[1])]
        elseif verb == "callable"
            stage = "target"
            return ["ok", Base.invokelatest(callable_text, args[1], args[2])]
        elseif verb == "reference"
            stage = "target"
            f, types, _, _ = resolve_in_main(args[1])
            stage = "render"
            return ["ok", Base.invokelatest(reference_json, f, types)]
        elseif verb == "runs"
            stage = "runs"
            calls = String[c for c in split(args[2], '\n') if !isempty(c)]
            return ["ok", Base.invokelatest(record_runs, args[1], calls)...]
        else # load_case
            stage = "load_case"
            code, name, rank = args
            header, warning = load_case(code, name; rank=parse(Int, rank), mod=Main)
            stage = "target"
            _, _, fs, ts = resolve_in_main(header.target)
            return ["ok", header.target, join(header.forms, ","), fs, ts, warning]
        end
    catch e
        e isa InterruptException && rethrow()
        return ["error", stage, error_message(e)]
    end
end

"For juliacall: one encoded request in, one encoded reply out."
handle_encoded(request::AbstractString) =
    String(encode_message(handle(read_message(IOBuffer(String(request))))))

"""
Serve requests on stdin, replies on the original stdout; from here on what
user code prints to stdout goes to stderr, so it cannot corrupt a reply.
The first request may be `session NONCE`: every reply (hello first) then
carries NONCE in its header, a token user code is never given, so that
whatever user code writes to the reply pipe cannot pass for a reply.
Without it (an older client, or by hand) replies are plain `JLIR <n>` frames.
"""
function serve()
    fd = Libc.dup(RawFD(1))
    replies = Base.fdio(Int(reinterpret(Cint, fd)), true)
    redirect_stdout(stderr)
    first = try
        read_message(stdin)
    catch e
        e isa InterruptException && rethrow()
        ["error", "request", error_message(e)]
    end
    first === nothing && return
    nonce = length(first) == 2 && first[1] == "session" ? first[2] : ""
    reply(fields) = (write(replies, encode_message(fields, nonce)); flush(replies))
    reply(handle(["hello"]))
    if isempty(nonce) && first[1] != "hello"      # a client without a nonce: its first request is a real one
        reply(handle(first))
        first[1] == "quit" && return
    end
    while true
        request = try
            read_message(stdin)
        catch e
            e isa InterruptException && rethrow()
            reply(["error", "request", error_message(e)])
            return
        end
        request === nothing && return
        reply(handle(request))
        request[1] == "quit" && return
    end
end

function usage()
    println(stderr, """
    usage: julia jlir.jl serve
           julia jlir.jl render FORM TARGET [CASEFILE]
           julia jlir.jl forms""")
end

function main(args::Vector{String})
    cmd = isempty(args) ? "" : args[1]
    if cmd == "serve" && length(args) == 1
        serve()
    elseif cmd == "forms" && length(args) == 1
        foreach(println, FORMS)
    elseif cmd == "render" && length(args) in (3, 4)
        length(args) == 4 && load_case(read(args[4], String), splitext(basename(args[4]))[1])
        f, types = resolve_target(Main, args[3])
        print(stdout, Base.invokelatest(render, args[2], f, types; mod=Main))
    else
        usage()
        exit(2)
    end
end

end # module JlirLive

if abspath(PROGRAM_FILE) == abspath(@__FILE__)
    JlirLive.main(ARGS)
end
