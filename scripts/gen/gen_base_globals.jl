# Writes jlir/semantics/data/base_globals.tsv: the globals of Core and Base (and Base's submodules) whose
# values the interpreter may use when the IR names them without showing their value (`Base.:+` passed to
# `_apply_iterate`, `Base.shifttable` read by Float16 conversion).
#   function <TAB> Module <TAB> name                   a constant binding to a Function (not a type)
#   const <TAB> Module <TAB> name <TAB> Type <TAB> raw  a constant number, tuple or vector of numbers; raw as in
#                                                       fixtures/interp (integers decimal, floats by bits in hex,
#                                                       a tuple's elements comma-separated)
#   singleton <TAB> Module <TAB> name <TAB> Type        the instance of a singleton struct type (as Main prints it)
#   main <TAB> Owner <TAB> name                        Main.name resolves to Owner.name (an export of Base/Core)
#   alias <TAB> Main <TAB> name <TAB> Type             Main.name is the concrete type printed Type (Int: Int64)
#   exported_type <TAB> Owner <TAB> name               Main.name is a type that shows as `name` (`Set`)
#   compiler_sees <TAB> Owner <TAB> name               Core.Compiler.name is defined, Owner's binding
# Usage: julia scripts/gen/gen_base_globals.jl > jlir/semantics/data/base_globals.tsv   (Julia 1.5.3)

raw_text(x::Bool) = string(x)
raw_text(x::Integer) = string(x)
raw_text(x::Union{Float16,Float32,Float64}) = "0x" * string(reinterpret(Unsigned, x), base=16)
raw_text(x::Char) = "0x" * string(reinterpret(UInt32, x), base=16)   # Julia's encoding: UTF-8 bytes, left-aligned

const PRIMS = (Bool, Int8, Int16, Int32, Int64, Int128, UInt8, UInt16, UInt32, UInt64, UInt128,
               Float16, Float32, Float64)

function constant_line(m::Module, n::Symbol, v)
    t = typeof(v)
    if t in PRIMS
        return "const\t$m\t$n\t$t\t$(raw_text(v))"
    elseif v isa Tuple && !isempty(v) && all(x -> typeof(x) === typeof(v[1]), v) && typeof(v[1]) in PRIMS
        return "const\t$m\t$n\tNTuple{$(length(v)),$(typeof(v[1]))}\t$(join(map(raw_text, v), ","))"
    elseif v isa Tuple && !isempty(v) && all(x -> typeof(x) === typeof(v[1]), v) && v[1] isa Tuple &&
           all(t -> t in PRIMS, typeof(v[1]).parameters)
        # a tuple of tuples (`Base.Math.t_log_Float64`): the inner tuples `;`-separated
        inner = join([join(map(raw_text, x), ",") for x in v], ";")
        return "const\t$m\t$n\tNTuple{$(length(v)),$(typeof(v[1]))}\t$inner"
    elseif Base.issingletontype(typeof(v)) && isstructtype(typeof(v)) && !(v isa Function) && !(v isa Type) &&
           !(v isa IO || v isa Base.EnvDict || v === nothing)  # the process's streams and environment: not data
        # a singleton instance (`Base.Order.Forward`, `RoundDown`, `pi`): its type, as Main prints it
        return "singleton\t$m\t$n\t$(typeof(v))"
    elseif v isa Union && all(t -> t in PRIMS, Base.uniontypes(v))
        # a union of primitive types (`Base.BitInteger`): the type, as Julia prints it
        return "union\t$m\t$n\t$v"
    elseif v isa Vector && (eltype(v) in PRIMS || eltype(v) === Char) && !isempty(v) && length(v) <= 1024
        # a constant table (`Base.powers_of_ten`, `Base.base62digits`): one vector, the same object at each read
        return "const\t$m\t$n\t$(typeof(v))\t$(join(map(raw_text, v), ","))"
    elseif v isa Vector{String} && !isempty(v) && length(v) <= 1024 && all(x -> isascii(x) && isvalid(x) &&
            !any(c -> c in (',', '\t', '\\') || iscntrl(c), x), v)
        # a table of words (`Base._mem_units`): ASCII without a separator, written as they are
        return "const\t$m\t$n\t$(typeof(v))\t$(join(v, ","))"
    end
    return nothing
end

function modules()
    out = Module[Core, Base]
    k = 2
    while k <= length(out)   # Base's submodules and theirs (`Base.Sort.Float`), breadth first
        m = out[k]
        for n in names(m; all=true)
            isdefined(m, n) || continue
            v = getfield(m, n)
            v isa Module && parentmodule(v) === m && v !== m && !(v in out) && push!(out, v)
        end
        k += 1
    end
    return out
end

# Constants that describe the machine or the OS, not Julia: left out (the IR's code must not be run with them).
const MACHINE_MODULES = ("Base.PCRE", "Base.Libc", "Base.Filesystem", "Base.Sys", "Base.Threads")
# The load and depot paths are the process's (a const binding to a vector Pkg and the user push! to).
const MACHINE_NAMES = (:FMA_NATIVE, :DARWIN_FRAMEWORK, :ENDIAN_BOM, :DEPOT_PATH, :LOAD_PATH, :DEFAULT_LOAD_PATH)
# Scratch buffers (`Base.Grisu.DIGITS`, allocated uninitialised and written before each read): no table.
const SCRATCH_NAMES = (:DIGITS,)

# A module's own names, those it imports, and for Base those its submodules export (`Base.simd_outer_range`
# is Base.SimdLoop's, taken by `using .SimdLoop`).
module_names(m::Module) = sort(unique(vcat(names(m; all=true, imported=true),
                                           (m === Base ? [names(s) for s in modules() if s !== Core] : [])...)))

lines = String[]
for m in modules()
    for n in module_names(m)
        s = string(n)
        (startswith(s, "#") || occursin('#', s) || !isdefined(m, n) || !isconst(m, n)) && continue
        Base.isdeprecated(m, n) && continue
        v = getfield(m, n)
        if v isa Function && !(v isa Type)
            push!(lines, "function\t$m\t$s")
        else
            (string(m) in MACHINE_MODULES || n in MACHINE_NAMES || n in SCRATCH_NAMES) && continue
            l = constant_line(m, n, v)
            l === nothing || push!(lines, l)
        end
    end
end
# Types Main cannot name bare (not exported by Base or Core): `type <TAB> Module <TAB> name`, Module the one
# that defines it, so that a type the interpreter prints bare (`OneTo{Int64}`) can be named to Julia.
for m in modules(), n in sort(names(m; all=true))
    s = string(n)
    (occursin('#', s) || !isdefined(m, n) || !isconst(m, n) || isdefined(Main, n)) && continue
    v = getfield(m, n)
    u = v isa UnionAll ? Base.unwrap_unionall(v) : v
    u isa DataType && u.name.name === n && parentmodule(u) === m && push!(lines, "type\t$m\t$s")
end
# What a fresh Main resolves through `using Base` (Core's and Base's exports): `main <TAB> Owner <TAB> name` (Main.name
# is Owner.name, Owner the module the binding comes from), and `alias <TAB> Main <TAB> name <TAB> Type` for an
# exported name of a concrete type that prints otherwise (`Int` is `Int64`).
for n in sort(unique(vcat(names(Core), names(Base))))
    s = string(n)
    (occursin('#', s) || !isdefined(Main, n) || Base.isdeprecated(Main, n)) && continue
    owner = Base.binding_module(Main, n)
    (owner === Core || owner === Base || owner in modules()) || continue
    v = getfield(Main, n)
    if v isa DataType && isconcretetype(v) && string(v) != s
        push!(lines, "alias\tMain\t$s\t$v")
    else
        push!(lines, "main\t$owner\t$s")
        # an exported type (`Set`, a UnionAll) shows as its bare name: `exported_type <TAB> Owner <TAB> name`
        v isa Type && string(v) == s && push!(lines, "exported_type\t$owner\t$s")
    end
end
# Core.Compiler's own numeric constants (`Core.Compiler._msk64`) and the functions it binds (its own copies of
# Base's, or Core's it imports: `Core.Compiler.unsigned`, `Core.Compiler.getfield`): which names it has, since
# 1.5.3's Core.Compiler lacks most of Base's (a call of `Core.Compiler.float` throws UndefVarError).  Its types
# are its own, not Main's: not taken.
for n in sort(names(Core.Compiler; all=true, imported=true))
    s = string(n)
    (occursin('#', s) || !isdefined(Core.Compiler, n) || !isconst(Core.Compiler, n)) && continue
    v = getfield(Core.Compiler, n)
    if v isa Function && !(v isa Type)
        push!(lines, "function\tCore.Compiler\t$s")
    elseif typeof(v) in PRIMS
        push!(lines, "const\tCore.Compiler\t$s\t$(typeof(v))\t$(raw_text(v))")
    end
end
# Every name Core.Compiler binds or sees (its own, those it imports, Core's, Core.Intrinsics' and Core.IR's exports
# by `using`): `compiler_sees <TAB> Owner <TAB> name`, Owner the module the binding comes from.  A name missing
# here is not defined in Core.Compiler: a dynamic call of it throws UndefVarError, as `Core.Compiler.string` does.
let seen = sort(unique(vcat(names(Core.Compiler; all=true, imported=true), names(Core), names(Core.Intrinsics),
                            names(Core.IR))))
    for n in seen
        s = string(n)
        (occursin('#', s) || !isdefined(Core.Compiler, n)) && continue
        push!(lines, "compiler_sees\t$(Base.binding_module(Core.Compiler, n))\t$s")
    end
end
# Core's singletons Core.Compiler sees as Core's own objects (`Core.Compiler.undef`, taken by `using Core`).
for n in sort(names(Core))
    (isdefined(Core.Compiler, n) && isdefined(Core, n) && getfield(Core.Compiler, n) === getfield(Core, n)) || continue
    l = constant_line(Core, n, getfield(Core, n))
    l !== nothing && startswith(l, "singleton") && push!(lines, replace(l, "\tCore\t" => "\tCore.Compiler\t"; count=1))
end
foreach(println, lines)
