# runs.jl -- what the interpreter (jlir.interp) needs of Julia, and the `struct`/`method`
# queries it makes (at the end).  Included by jlir.jl into module JlirLive.
#
# Julia's own outcome of calls to a case's target function (`# run:` lines of a
# case file), for jlir.interp's tests, and the callees the interpreter needs to
# run the case's forms.  A value is written as `Type:raw` (jlir/interp/encoding.py
# decodes it): integers in decimal, floats by their bits in hex, Char by its
# UInt32 code, types and symbols by name, `nothing` as `Nothing:`, a String by its
# bytes in hex, vectors as `Array{T,1}:raw,raw,…`.

enc_raw(x::Bool) = string(x)
enc_raw(x::Integer) = string(x)
enc_raw(x::Base.IEEEFloat) = "0x" * string(reinterpret(Unsigned, x), base=16)
enc_raw(x::Char) = string(reinterpret(UInt32, x))
enc_raw(x::Type) = string(x)
enc_raw(x::Symbol) = string(x)
enc_raw(x::Nothing) = ""
enc_raw(x::String) = bytes2hex(codeunits(x))
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
there is no IR to dump (builtins, intrinsics, abstract constructors).
"""
function callee_function(@nospecialize(ft))
    ft isa DataType || return nothing
    if ft <: Type && length(ft.parameters) == 1
        T = ft.parameters[1]
        T isa UnionAll && return T, string(nameof(Base.unwrap_unionall(T)))     # `Counter(0)` of Counter{T}
        (T isa DataType && isconcretetype(T)) || return nothing
        return T, isempty(T.parameters) ? string(nameof(T)) : string(T)   # `Dict{Int64,Int64}()` by its type
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

"""A callee dump's header (`jlir.interp.DumpProvider`'s format): `# MethodInstance for KEY`, the method's
argument names, its static parameters for `sig` and whether it takes varargs."""
function dump_header(io::IO, key::AbstractString, m::Method, @nospecialize(sig))
    println(io, "# MethodInstance for ", key)
    names = Base.method_argnames(m)
    println(io, "# argnames: ", join(string.(names[2:end]), ","))
    names[1] === Symbol("#self#") || println(io, "# self: ", names[1])   # a functor's `(m::MyMul)(x)`
    sp = sparams_text(m, sig)
    isempty(sp) || println(io, "# sparams: ", sp)
    m.isva && println(io, "# vararg: true")
end

function dump_callee!(acc::CalleeDumps, sig, depth::Int)
    found = callee_function(sig[1])
    found === nothing && return dump_callable!(acc, sig, depth)   # a closure's call: closures.jl
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
    dump_header(io, key, m, Tuple{sig...})
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
    x isa Symbol && return repr(x)
    # a tuple of names (a NamedTuple's, `structdiff(a::NamedTuple{an}, …) where {an, bn}`) or of integers
    x isa Tuple && all(y -> y isa Union{Symbol,Integer}, x) && return repr(x)
    error("static parameter $(repr(x)) is neither an integer, a type, a symbol nor a tuple of them")
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

"""
    global_text(name) -> String

For the interpreter's globals (`global NAME`, `Main.MyPkg.SCALE`, `Main.MyPkg.length`): the binding's owner
module (`Base.binding_module`: where a module sees Base's export, Base), then `const` or `var`, then what it holds
where the interpreter can take it: `function` (a function the owner binds by that name), `type` (a type, as it
prints in Main), `value` and the value as `Type:raw` (`encode_value`: a number, Bool, Char, Symbol, String,
nothing), or `other`.  An undefined name is an error.
"""
function global_text(name::AbstractString)
    ex = Meta.parse(strip(name); raise=true)
    mod, sym = ex isa Symbol ? (Main, ex) :
        (Core.eval(Main, ex.args[1])::Module, (ex.args[2] isa QuoteNode ? ex.args[2].value : ex.args[2])::Symbol)
    isdefined(mod, sym) || error("$name is not defined")
    owner = Base.binding_module(mod, sym)
    v = getfield(mod, sym)
    kind = v isa Function && isdefined(typeof(v), :instance) && nameof(v) === sym ? "function" :
           v isa Type ? "type" :
           (v isa Union{Number,Bool,Char,Symbol,String,Nothing} && applicable(enc_raw, v)) ? "value" : "other"
    text = kind == "type" ? sprint(show, v; context=repl_context(IOBuffer(), Main)) :
           kind == "value" ? encode_value(v) : ""
    return join([join(string.(fullname(owner)), "."), isconst(mod, sym) ? "const" : "var", kind, text], "\t")
end
