# forms.jl -- the forms (see jlir.jl's header): which this Julia can print, the target a
# request names, and the text Julia shows for each form.  Included by jlir.jl into JlirLive.

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

Parse a target string (see jlir.jl's header) and evaluate what it names in `mod`.
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

"""
    render(form, f, types; mod=Main) -> String

The text Julia shows for one form (see jlir.jl's header) of the method(s) of `f`
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
