# gen_abstract_types.jl -- the type names jlir.analysis.stability classifies, read from a live Julia.
#
# Usage: julia scripts/gen/gen_abstract_types.jl > jlir/lattice/data/types-1.5.3.json
#
# For every type bound in Core, Base and the modules loaded by default (their
# submodules included), one entry per name Julia may print for it from Main:
# the bare binding name when Main sees the same object under it, and the
# module-qualified path.  The kind is Julia's own verdict on the unwrapped type:
#   "abstract"  isabstracttype (Integer, AbstractArray, Base.AbstractCartesianIndex)
#   "kind"      DataType, UnionAll, Union, Core.TypeofBottom: concrete but not dispatch
#               elements (iskindtype), which @code_warntype flags
#   "tuple"     Tuple: covariant, so concrete only when every parameter is
#   "vararg"    Vararg, which is no type of a value
#   "union"     a name bound to a Union (Base.Callable, Base.BitInteger)
#   "bottom"    a name bound to Union{}
#   "concrete"  any other struct or primitive type (concrete once its parameters are given:
#               Array{Any,1} is concrete, parameters do not matter)
# With the kind goes the arity: how many type parameters the name still takes (`Array` 2,
# `Vector` 1, `Int64` 0), so that a bare `Array` reads as the UnionAll it is.
# "builtins" lists the names Core's builtin functions and intrinsics are printed by (`Core.tuple`,
# `Core.getfield`, `===`, `isa`, `typeof`, `Base.add_int` …): a `call` of one is no dynamic dispatch.
# The output is JSON: {"julia": version, "modules": [...], "builtins": [...],
# "types": {name: [kind, arity]}}, keys sorted.
using InteractiveUtils

const out = Dict{String,Tuple{String,Int}}()

# How many type parameters a bound name still takes: `Array` 2, `Vector` 1, `Int64` 0.
function arity(@nospecialize(v))
    n = 0
    while v isa UnionAll
        n += 1
        v = v.body
    end
    return n
end

function kind_of(@nospecialize(v))
    u = Base.unwrap_unionall(v)
    u isa Union && return "union"
    u === Union{} && return "bottom"
    u isa DataType || return nothing
    Base.iskindtype(u) && return "kind"
    u.name === Tuple.name && return "tuple"
    u.name === Base.unwrap_unionall(Vararg).name && return "vararg"
    isabstracttype(u) && return "abstract"
    return "concrete"
end

function record!(name::String, kind::String, n::Int)
    old = get(out, name, nothing)
    old === nothing || old == (kind, n) || error("$name is both $old and $((kind, n))")
    out[name] = (kind, n)
end

function visit(m::Module, seen::Set{Module})
    m in seen && return
    push!(seen, m)
    for n in names(m; all=true, imported=false)
        isdefined(m, n) || continue
        s = string(n)
        startswith(s, "#") && continue
        v = getfield(m, n)
        if v isa Module
            parentmodule(v) === m && v !== m && visit(v, seen)
            continue
        end
        v isa Type || continue
        k = kind_of(v)
        k === nothing && continue
        record!(string(m, ".", s), k, arity(v))
        if isdefined(Main, n) && getfield(Main, n) === v
            record!(s, k, arity(v))
        end
    end
end

const skip = (:Main, :__PackagePrecompilationStatementModule)
const modules = sort!([m for m in Base.loaded_modules_array() if !(nameof(m) in skip)]; by=string)
const seen = Set{Module}()
for m in modules
    visit(m, seen)
end

jstr(s) = string('"', replace(replace(s, "\\" => "\\\\"), "\"" => "\\\""), '"')
println("{")
println("  \"julia\": ", jstr(string(VERSION)), ",")
println("  \"modules\": [", join([jstr(string(m)) for m in modules], ", "), "],")
# Every name a builtin is printed by, in every module visited (`Core.getfield`, `Base.add_int`,
# `Base.Math.sqrt_llvm`), and bare where Main sees it (`===`, `isa`); `Base.getproperty` is no builtin
# although `Core.getproperty` is, so the module counts.
builtin_names = unique([n for m in (Core, Core.Intrinsics) for n in names(m; all=true)
                        if isdefined(m, n) && getfield(m, n) isa Core.Builtin])
builtins = String[]
for n in builtin_names, m in union(seen, Set([Main]))
    isdefined(m, n) && getfield(m, n) isa Core.Builtin || continue
    push!(builtins, string(m, ".", n))
    m === Main && push!(builtins, string(n))
end
sort!(unique!(builtins))
println("  \"builtins\": [", join(jstr.(builtins), ", "), "],")
println("  \"types\": {")
ks = sort!(collect(keys(out)))
for (i, k) in enumerate(ks)
    println("    ", jstr(k), ": [", jstr(out[k][1]), ", ", out[k][2], "]", i == length(ks) ? "" : ",")
end
println("  }")
println("}")
