"""Union types the interpreter builds and converts to: lowering writes a declared type `f(…)::Union{Nothing, Int128}`
as `Core.apply_type(Union, Nothing, Int128)`, then `convert` and `typeassert` of each returned value to it."""
from __future__ import annotations

from jlir.semantics.convert import NUMBER_TYPES
from jlir.semantics.values import JType, NotInterpretable, isa, split_params, typeof

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
