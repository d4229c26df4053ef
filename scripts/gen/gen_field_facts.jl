# gen_field_facts.jl -- the fields of every struct Base and Core define, read from a live Julia.
#
# Usage: julia scripts/gen/gen_field_facts.jl | gzip -9n > jlir/lattice/data/fields-1.5.3.json.gz
#
# Julia's `compact!` ends in `simple_dce!`, which erases an unused `%new(T, …)` or `getfield(x, :f)` only
# where the struct's fields prove it cannot throw (`stmt_effect_free`, `getfield_nothrow`).  The print
# names the struct, never its fields, so jlir reads them here: for every name bound (at any depth of
# Base's and Core's modules, non-exported and generated names included) to a struct type or a UnionAll
# of one, keyed by the name it prints as from Main (`Base.OneTo`, `LinearIndices`, `Base.var"#64#65"`):
#   [ninitialized, [[field name, field type], …]]
# where ninitialized is how many leading fields every instance has defined (`DataType.ninitialized`),
# and a field type is the index (from 0) of the wrapper's parameter it is, the name of a type without
# free type variables as printed from Main, or null when it is neither (jlir then decides nothing).
# Output: JSON {"julia": version, "names": {name: [...]}}, one name a line, sorted.

jstr(s) = string('"', replace(replace(s, "\\" => "\\\\"), "\"" => "\\\""), '"')

function field_type(@nospecialize(t), params)
    for (i, p) in enumerate(params)
        t === p && return string(i - 1)
    end
    (t isa Type && !Base.has_free_typevars(t)) && return jstr(sprint(show, t))
    return "null"
end

function entry(@nospecialize(v))
    u = Base.unwrap_unionall(v)
    (u isa DataType && !u.abstract && u.name !== Tuple.name && isdefined(u, :types)) || return nothing
    u.name.wrapper === v || return nothing   # an alias (`const Vector = Array{T,1}`) prints as its wrapper
    names = try fieldnames(u) catch; return nothing end   # NamedTuple's fields depend on its parameters
    isempty(names) && return nothing
    fields = [string("[", jstr(string(n)), ", ", field_type(t, u.parameters), "]") for (n, t) in zip(names, u.types)]
    return string("[", u.ninitialized, ", [", join(fields, ", "), "]]")
end

function collect_types!(out::Dict{String,String}, m::Module, seen::Set{Module})
    m in seen && return
    push!(seen, m)
    for s in names(m; all=true, imported=false)
        isdefined(m, s) || continue
        v = try getfield(m, s) catch; continue end
        if v isa Module
            parentmodule(v) === m && collect_types!(out, v, seen)
        elseif v isa Type
            e = entry(v)
            e === nothing || (out[sprint(show, v)] = e)
        end
    end
end

out = Dict{String,String}()
seen = Set{Module}()
for m in (Core, Base, Core.Compiler)
    collect_types!(out, m, seen)
end
for m in values(Base.loaded_modules)   # the standard libraries in the system image (Pkg, REPL, …)
    collect_types!(out, m, seen)
end
println("{\"julia\": ", jstr(string(VERSION)), ", \"names\": {")
println(join([string(jstr(k), ": ", out[k]) for k in sort!(collect(keys(out)))], ",\n"))
println("}}")
