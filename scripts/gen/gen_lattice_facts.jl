# gen_lattice_facts.jl -- what jlir.lattice.tmerge needs to know of each type name, read from a live Julia.
#
# Usage: julia scripts/gen/gen_lattice_facts.jl jlir/lattice/data/types-1.5.3.json > jlir/lattice/data/lattice-1.5.3.json
#
# For every name of the type table (jlir/lattice/data/types-1.5.3.json, scripts/gen/gen_abstract_types.jl)
# that is bound to a DataType or a UnionAll of one: [module, supertype, flags, nfields], where
#   module     the module that defines the type (`parentmodule`): Julia 1.5 sorts a Union's members
#              by it before their names (`union_sort_cmp` in src/jltypes.c)
#   supertype  the name the supertype's wrapper prints as from Main (`Signed` for Int64,
#              `DenseArray` for Array), null for Any: the chain `<:` walks for bare names
#   flags      "m" mutable, "s" a singleton (no parameters, `Base.issingletontype`), "b" isbits
#              (no parameters, `isbitstype`), "p" immutable with parameters, every field's type
#              isbits or one of the parameters (isbits once its parameters are), "a" abstract
#   nfields    the number of fields (`length(fieldnames)`), -1 when Julia cannot tell
# One line per name; the output is JSON {"julia": version, "names": {name: [...]}}.
const table = ARGS[1]

function resolve(name::AbstractString)
    v = Main
    for part in split(name, ".")
        s = Symbol(part)
        (v isa Module && isdefined(v, s)) || return nothing
        v = getfield(v, s)
    end
    return v
end

function facts(@nospecialize(v))
    u = Base.unwrap_unionall(v)
    u isa DataType || return nothing
    st = u === Any ? nothing : string(Base.unwrap_unionall(supertype(u)).name.wrapper)
    flags = ""
    u.mutable && (flags *= "m")
    u.abstract && (flags *= "a")
    if !(v isa UnionAll)
        Base.issingletontype(u) && (flags *= "s")
        isbitstype(u) && (flags *= "b")
    elseif !u.mutable && !u.abstract && u.name !== Tuple.name
        ok = isdefined(u, :types) &&
             all(t -> t isa TypeVar ? any(p -> p === t, u.parameters) : (t isa Type && isbitstype(t)), u.types)
        ok && (flags *= "p")
    end
    n = try length(fieldnames(u)) catch; -1 end
    return (string(parentmodule(u)), st, flags, n)
end

jstr(s) = s === nothing ? "null" : string('"', replace(replace(s, "\\" => "\\\\"), "\"" => "\\\""), '"')
names = [m.captures[1] for m in eachmatch(r"^    \"([^\"]+)\": \["m, read(table, String))]
println("{\"julia\": ", jstr(string(VERSION)), ", \"names\": {")
rows = String[]
for name in names
    v = resolve(name)
    v isa Type || continue
    f = facts(v)
    f === nothing && continue
    push!(rows, string(jstr(name), ": [", jstr(f[1]), ", ", jstr(f[2]), ", ", jstr(f[3]), ", ", f[4], "]"))
end
println(join(rows, ",\n"))
println("}}")
