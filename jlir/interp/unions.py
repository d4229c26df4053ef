"""`Core.apply_type`, the types lowered code builds (`T{P…}`), and the union types the interpreter converts to:
lowering writes a declared type `f(…)::Union{Nothing, Int128}` as `Core.apply_type(Union, Nothing, Int128)`, then
`convert` and `typeassert` of each returned value to it."""
from __future__ import annotations

from jlir.semantics.convert import NUMBER_TYPES
from jlir.semantics.show import julia_repr
from jlir.semantics.values import (JChar, JInt, JStruct, JSymbol, JType, JuliaException, NotInterpretable, isa,
                                   split_params, typeof)

# The types a `Union{…}` the run builds may hold: their modules and whether each is a singleton (no fields).
_UNION_MEMBERS = {**{t: ("Core", False) for t in NUMBER_TYPES}, "Char": ("Core", False), "String": ("Core", False),
                  "Symbol": ("Core", False), "Nothing": ("Core", True), "Missing": ("Base", True)}


def union(params) -> JType:
    """`Core.apply_type(Union, A, B…)` (lowering's `Union{Nothing, Int128}` of a declared return type): the union
    of those types as Julia 1.5.3 writes it, each once, nested unions flattened, singleton types first, then by
    module and name (`Union{Missing, Nothing, Int64}`, `Union{Float32, Float64, Int8}`: jltypes.c sorts a union's
    components so); one type is itself, none `Union{}`.  Members other than numbers, `Char`, `String`, `Symbol`,
    `Nothing` and `Missing` are refused (their order needs Julia)."""
    members: set = set()
    for p in params:
        if type(p) is not JType:
            raise NotInterpretable(f"Core.apply_type: Union of a {typeof(p)}")
        inner = split_params(p.name[6:-1]) if p.name.startswith("Union{") and p.name.endswith("}") else [p.name]
        for m in (x.strip() for x in inner if x.strip()):
            if m not in _UNION_MEMBERS:
                raise NotInterpretable(f"Core.apply_type: Union with {m}, whose place in the union needs Julia")
            members.add(m)
    ordered = sorted(members, key=lambda m: (not _UNION_MEMBERS[m][1], _UNION_MEMBERS[m][0], m))
    if len(ordered) == 1:
        return JType(ordered[0])
    return JType("Union{" + ", ".join(ordered) + "}")


def convert_union(ctx, args) -> tuple[bool, object]:
    """`convert(T, x)` to a union the run built (`union`): `x` itself where `x isa T` (essentials.jl's
    `convert(::Type{T}, x::T) where {T} = x`, some.jl's and missing.jl's for `T>:Nothing`, `T>:Missing`); else,
    where `T` is `Nothing`/`Missing` and one other type, `convert` to that type (some.jl: `convert(::Type{T}, x)
    where {T>:Nothing} = convert(nonnothingtype_checked(T), x)`).  Any other type: `(False, None)`."""
    if len(args) != 2 or type(args[0]) is not JType or not args[0].name.startswith("Union{"):
        return False, None
    members = [m.strip() for m in split_params(args[0].name[6:-1])]
    if any(m not in _UNION_MEMBERS for m in members):
        return False, None
    if isa(args[1], args[0].name):
        return True, args[1]
    rest = [m for m in members if m not in ("Nothing", "Missing")]
    if len(rest) != 1:
        return False, None
    return True, ctx.call("Base.convert", None, [JType(rest[0]), args[1]])


_PLAIN_DATATYPES = frozenset(NUMBER_TYPES) | {"Bool", "Char", "String", "Symbol", "Nothing"}


def _parameter_text(p) -> str | None:
    """A type parameter as Julia prints it inside `T{…}` (its `repr`): a type, an Int64, a Bool, a Symbol; else None."""
    return julia_repr(p) if type(p) in (JType, bool, int, JSymbol) else None


def _symbols(p) -> bool:
    """A tuple of Symbols: the names a NamedTuple type takes (any such tuple is within its bounds)."""
    return type(p) is tuple and all(type(x) is JSymbol for x in p)


# Core's and Base's parametric types whose parameters have no bounds, by their count, as Julia 1.5.3's source
# declares them: any type or bits value instantiates them (boot.jl `primitive type Ptr{T} <: Ref{T} 64 bits end`,
# generator.jl `struct Generator{I,F}`, pair.jl `struct Pair{A, B}`, some.jl `struct Some{T}`, refvalue.jl
# `mutable struct RefValue{T}`, operators.jl `struct Fix1{F,T}` and `Fix2{F,T}`, iterators.jl
# `struct Enumerate{I}` and `struct Filter{F,I}`).
_UNBOUNDED = {"Ptr": 1, "Generator": 2, "Pair": 2, "Some": 1, "RefValue": 1, "Fix1": 2, "Fix2": 2, "Enumerate": 1,
              "Filter": 2}


def apply_type(ctx, args):
    """Core's `apply_type(T, P…)`, i.e. `T{P…}` (how lowering types a closure: `apply_type(var"#1#2", typeof(k))`).
    Modelled: no parameters (T itself); `Tuple{types…}`; a parametric struct whose instance `T{P…}` the provider
    knows (a `# struct T{P…}` line or a live Julia's `fieldtypes`: Julia made that type, so its bounds hold);
    parameters given to a concrete type without any (Julia's TypeError).  Anything else is refused, since it
    needs the type's parameter count and bounds.  None where `args[0]` is not a type (not this method)."""
    if not args or type(args[0]) is not JType:
        return None
    T, params = args[0], args[1:]
    if not params:
        return T
    texts = [_parameter_text(p) for p in params]
    if T.name == "Tuple" and all(type(p) is JType for p in params):
        return JType("Tuple{" + ",".join(texts) + "}")
    if T.name == "Array" and len(params) == 2 and type(params[0]) is JType and type(params[1]) is int \
            and params[1] >= 0:
        return JType(f"Array{{{texts[0]},{params[1]}}}")  # `Array{Int64,2}`: any element type, any N ≥ 0
    if T.name in ("Vector", "Matrix") and len(params) == 1 and type(params[0]) is JType:
        # boot.jl's `const Vector{T} = Array{T,1}`, array.jl's `const Matrix{T} = Array{T,2}` (`filter`'s
        # `Vector{T}(undef, n)`): the array type, as Julia's `typeof` prints it
        return JType(f"Array{{{texts[0]},{1 if T.name == 'Vector' else 2}}}")
    if T.name == "UnitRange" and len(params) == 1 and type(params[0]) is JType and params[0].name in NUMBER_TYPES:
        return JType(f"UnitRange{{{texts[0]}}}")  # `UnitRange{T<:Real}`: every primitive number type is Real
    if T.name == "NamedTuple" and len(params) == 1 and _symbols(params[0]):
        return JType(f"NamedTuple{{{julia_repr(params[0])}}}")  # `NamedTuple{(:pad,)}`: the names, any values
    if T.name == "Union":
        return union(params)
    if T.name == "Val" and len(params) == 1 and type(params[0]) in (int, bool, JInt, JSymbol, JChar):
        return JType(f"Val{{{julia_repr(params[0])}}}")  # `Val{2}` of `x^2` (`literal_pow`): any bits value
    if T.name in _PLAIN_DATATYPES or ("{" in T.name and " where " not in T.name):
        raise JuliaException("TypeError", f"in Type{{...}} expression, expected UnionAll, got Type{{{T.name}}}",
                             JStruct("TypeError", (JSymbol("Type{...} expression"), "", JType("UnionAll"), T),
                                     ("func", "context", "expected", "got"), False))
    full = f"{T.name}{{{','.join(t or '?' for t in texts)}}}"
    if _UNBOUNDED.get(T.name.removeprefix("Base.").removeprefix("Iterators.")) == len(params) and None not in texts:
        return JType(full)
    ask = getattr(ctx.provider, "field_types", None)
    if None not in texts and ask is not None and ask(full) is not None:
        return JType(full)
    raise NotInterpretable(f"Core.apply_type: {full} is not a type this run knows (a provider's struct); "
                           "its parameter bounds need Julia")
