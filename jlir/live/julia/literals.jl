# The types of the numbers an optimized CodeInfo holds as literals, for jlir.interp (included by jlir/live/jlir.jl,
# inside module JlirLive; serve.jl's `handle` answers the `literals` request with `literals_text`).
#
# The optimizer puts the values it folds into the code itself (`ssa_substitute!`, `compact!`'s constant
# uses): an `Int32(1)` passed on becomes the literal `1`, and the IR printer shows an integer by `show`, which
# writes every signed integer type alike (and 1.5 a Float16 zero as `0.0`).  A print of such code does not say
# which type a decimal literal is; the CodeInfo's own objects do.

"The number types whose literals a print of the IR does not tell apart."
const SHOWN_ALIKE = Union{Int8, Int16, Int32, Int64, Int128, Float16, Float32, Float64}

"Push `(statement, value)` of every number literal of statement `i` (`x`) onto `out`, in the order printed."
function literal_values!(out, i::Int, @nospecialize(x))
    if x isa SHOWN_ALIKE || (x isa Union{Tuple, NamedTuple} && isbits(x))
        push!(out, (i, x))
    elseif x isa Expr
        for a in x.args
            literal_values!(out, i, a)
        end
    elseif x isa Core.PhiNode
        for k in 1:length(x.values)
            isassigned(x.values, k) && literal_values!(out, i, x.values[k])
        end
    elseif x isa Core.PiNode
        literal_values!(out, i, x.val)
    elseif x isa Core.UpsilonNode
        isdefined(x, :val) && literal_values!(out, i, x.val)
    elseif isdefined(Core, :ReturnNode) && x isa getfield(Core, :ReturnNode)
        isdefined(x, :val) && literal_values!(out, i, getfield(x, :val))
    end
    return out
end

"""
    literals_text(sigtext) -> [print, table]

`code_typed` (optimized, `debuginfo=:none`) of the method the signature `Tuple{F, argtypes…}` (evaluated in Main)
dispatches to: its print (`CodeInfo => T`, as a callee dump holds it: the caller checks it is the code it runs)
and one line per number literal of each statement, `statement<TAB>int|float<TAB>value<TAB>type` (an integer's
value in decimal, a float's as the Float64 it converts to exactly), and per bits tuple or named tuple constant
(`return (3, 5)`, whose elements print alike), `statement<TAB>tuple<TAB><TAB>type`.
"""
function literals_text(sigtext::AbstractString)
    sig = Core.eval(Main, Meta.parse(strip(sigtext); raise=true))
    (sig isa DataType && sig <: Tuple && !isempty(sig.parameters)) ||
        error("`$sigtext` is not a Tuple{F, argtypes…} signature")
    ci, rt = typed_by_sig(sig; optimize=true)
    found = Tuple{Int, Any}[]
    for (i, stmt) in enumerate(ci.code)
        literal_values!(found, i, stmt)
    end
    io = IOBuffer()
    for (i, x) in found
        kind, value = x isa Integer ? ("int", string(x)) : x isa AbstractFloat ? ("float", repr(Float64(x))) :
            ("tuple", "")
        println(io, i, '\t', kind, '\t', value, '\t', typeof(x))
    end
    return [sprint(show, ci => rt), String(take!(io))]
end
