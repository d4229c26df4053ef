"""Julia 1.5.3's plain types as jlir prints them (the `::T` AST of `jlir.ir.types`), as far as `tmerge` needs:
subtyping, concreteness, `Union{…}` construction in Julia's member order, `unionlen`/`unioncomplexity`.

What Julia knows of a name comes from two tables Julia wrote, read by `jlir.lattice.typefacts`: kind and
arity (`types-1.5.3.json`, `scripts/gen/gen_abstract_types.jl`) and module, supertype, mutability, singleton and
isbits facts (`lattice-1.5.3.json`, `scripts/gen/gen_lattice_facts.jl`).  A
question those facts cannot answer (a parametric supertype, a type variable, a user's type whose
layout is unknown) raises `Undecided`: the caller leaves the type unknown rather than guess.
"""
from __future__ import annotations

from functools import cmp_to_key

from jlir.lattice.typefacts import head_name, is_union, last_name, name_of, table
from jlir.lattice.typewhere import type_where_sub, unwrap_unionall
from jlir.ir import types as T
from jlir.ir import values as V

__all__ = ["Undecided", "issub", "isconcrete", "is_type_type", "union_of", "members", "unionlen",
           "unioncomplexity", "head_name", "facts", "is_datatype", "UNION", "TYPE"]

UNION = T.TypeName(("Union",))
TYPE = T.TypeName(("Type",))
_ANY_NAMES = frozenset({"Any", "Core.Any"})


class Undecided(Exception):
    """The facts do not decide the question (internal: `tmerge` answers None then)."""


def facts(name: str):
    """`(module, supertype, flags, nfields)` of a type name, or None when Julia's tables do not list it."""
    return table().lattice.get(name)


def members(t) -> list:
    """The members of a Union (flattened), or `[t]`; `[]` for `Union{}`."""
    out, stack = [], [t]
    while stack:
        x = stack.pop()
        if is_union(x):
            stack.extend(reversed(x.params))
        else:
            out.append(x)
    return out


def is_any(t) -> bool:
    return name_of(t) in _ANY_NAMES


def is_type_type(t) -> bool:
    """`Type{X}` (Julia's `isType`)."""
    return type(t) is T.TypeApply and last_name(head_name(t)) == "Type" and len(t.params) == 1


def is_tuple(t) -> bool:
    return last_name(head_name(t)) == "Tuple" and type(t) in (T.TypeApply, T.TypeName)


def _arity(name: str) -> int | None:
    entry = table().types.get(name)
    return None if entry is None else entry[1]


def _kind(name: str) -> str | None:
    entry = table().types.get(name)
    return None if entry is None else entry[0]


def _has_where(t) -> bool:
    """A `where` outside a Tuple's `Vararg{T,N} where N` (which leaves the Tuple a DataType)."""
    stack = [t]
    while stack:
        x = stack.pop()
        if type(x) is T.TypeWhere:
            return True
        if type(x) is T.TypeApply:
            stack.extend(p.body if is_tuple(x) and _is_vararg_where(p) else p for p in x.params)
    return False


def _is_vararg_where(p) -> bool:
    return type(p) is T.TypeWhere and type(p.body) is T.TypeApply and last_name(head_name(p.body)) == "Vararg"


def is_datatype(t) -> bool:
    """A DataType (no UnionAll, no Union): parameters complete, no `where`."""
    if type(t) is T.TypeName:
        return (_arity(name_of(t)) or 0) == 0 or is_tuple(t)
    if type(t) is T.TypeApply and not is_union(t):
        n = _arity(head_name(t))
        return not _has_where(t) and (n is None or is_tuple(t) or len(t.params) == n)
    return False


def is_known_datatype(t) -> bool:
    """`is_datatype` where Julia's tables list the type's name (an unlisted name may be a UnionAll)."""
    name = head_name(t)
    return name is not None and _arity(name) is not None and is_datatype(t)


def isconcrete(t) -> bool:
    """Julia's `isconcretetype` (a name Julia's tables do not list is taken as a concrete user type)."""
    name = head_name(t)
    if name is None or not is_datatype(t) or is_union(t) or is_type_type(t):
        return False
    if is_tuple(t):
        return type(t) is T.TypeApply and all(_is_type(p) and isconcrete(p) for p in t.params)
    kind = _kind(name)
    if kind is None:
        return True
    return kind in ("concrete", "kind")


def _is_type(p) -> bool:
    return type(p) in (T.TypeName, T.TypeApply, T.TypeWhere)


def _supers(name: str) -> list[str]:
    """The names on `name`'s supertype chain (itself first), ending at Any; Undecided when a link is unknown."""
    chain, seen = [], set()
    while name is not None and name not in seen:
        seen.add(name)
        chain.append(name)
        f = facts(name)
        if f is None:
            raise Undecided(name)
        name = f[1]
    return chain


def issub(a, b) -> bool:
    """`a <: b` for plain types; raises Undecided where the facts do not tell."""
    if a == b or is_any(b) or a == T.UNION_EMPTY:
        return True
    if b == T.UNION_EMPTY:
        return False
    if is_union(a):
        return all(issub(m, b) for m in members(a))
    if is_union(b):   # (`a` no union) below a member, so below the union, whatever the facts of the others
        undecided = None
        for m in members(b):
            try:
                if issub(a, m):
                    return True
            except Undecided as e:
                undecided = e
        if undecided is not None:
            raise undecided
        return False
    if type(a) is T.TypeWhere or type(b) is T.TypeWhere:
        decided = type_where_sub(a, b)
        if decided is None:
            raise Undecided("where")
        return decided
    if not is_datatype(b) and type(b) is T.TypeApply:
        raise Undecided("where")
    if is_type_type(a):
        return _type_type_sub(a, b)
    if is_type_type(b):
        return False  # only Type{X} (and Union{}) is below Type{X}
    return _datatype_sub(a, b)


def _type_type_sub(a, b) -> bool:
    if is_type_type(b):
        return a.params[0] == b.params[0]
    name = head_name(b)
    if name in ("Type", "Core.Type"):
        return True
    if name in ("DataType", "Core.DataType"):
        if is_datatype(a.params[0]):
            return True
        raise Undecided("Type{X} <: DataType")
    if last_name(name) in ("UnionAll", "Union", "TypeofBottom"):
        raise Undecided("Type{X} <: a kind")
    return False  # Type{X} is below Type, Any and X's kind only


def _datatype_sub(a, b) -> bool:
    ha, hb = head_name(a), head_name(b)
    if ha is None or hb is None:
        raise Undecided("no name")
    pa = a.params if type(a) is T.TypeApply else ()
    pb = b.params if type(b) is T.TypeApply else ()
    if ha == hb:
        if type(b) is T.TypeName:
            return True
        if type(a) is T.TypeName:
            return False  # a bare name (the wrapper, or `Tuple`, any length) is no subtype of one instance
        if is_tuple(a):
            return _tuple_sub(pa, pb)
        if len(pa) != len(pb):
            raise Undecided("arity")
        return pa == pb
    if is_tuple(b) and type(b) is T.TypeName:
        return is_tuple(a)
    if is_tuple(a) or is_tuple(b):
        return False
    if facts(ha) is None:
        if isconcrete(b) or _kind(hb) == "concrete":
            return False
        raise Undecided(ha)
    chain = _supers(ha)
    if hb in chain or last_name(hb) in {last_name(c) for c in chain}:
        if pb:
            raise Undecided("parametric supertype")
        return True
    return False


def vararg_of(p):
    """`X` of a Tuple's last parameter `Vararg{X,N} where N` (or `Vararg{X}`), else None."""
    if type(p) is T.TypeWhere:
        p = p.body
    if type(p) is T.TypeApply and last_name(head_name(p)) == "Vararg" and p.params:
        if len(p.params) > 1 and type(p.params[1]) is V.Literal:
            raise Undecided("Vararg of a fixed length")
        return p.params[0]
    return None


def _tuple_sub(pa, pb) -> bool:
    """Covariant Tuple subtyping, a trailing `Vararg{X,N} where N` on either side included."""
    va = vararg_of(pa[-1]) if pa else None
    vb = vararg_of(pb[-1]) if pb else None
    fa = pa[:-1] if va is not None else pa
    fb = pb[:-1] if vb is not None else pb
    if vb is None:
        return va is None and len(fa) == len(fb) and all(issub(x, y) for x, y in zip(fa, fb))
    if len(fa) < len(fb):
        return False
    return (all(issub(x, y) for x, y in zip(fa, fb)) and all(issub(x, vb) for x in fa[len(fb):])
            and (va is None or issub(va, vb)))


# ---------------------------------------------------------------- Union{…}
def _module_of(t) -> str:
    """The name of the module a type is defined in, as `datatype_module_name` gives it: the module's own name
    (`StackTraces` for `Base.StackTraces.StackFrame`, so `Core.Compiler.Const` sorts before it), not its path."""
    name = head_name(t)
    f = facts(name)
    if f is not None:
        return f[0].rsplit(".", 1)[-1]
    return name.rsplit(".", 2)[-2] if "." in name else "Main"


def _singleton(t) -> bool:
    name = head_name(t)
    if is_tuple(t):
        return type(t) is T.TypeApply and not t.params
    if is_type_type(t):
        return False
    f = facts(name)
    if f is None:
        raise Undecided(name)
    if type(t) is T.TypeName:
        return "s" in f[2]
    return "m" not in f[2] and "a" not in f[2] and f[3] == 0


def _isbits(t) -> bool:
    if is_tuple(t):
        return type(t) is T.TypeApply and all(_is_type(p) and is_datatype(p) and _isbits(p) for p in t.params)
    if is_type_type(t):
        return False
    f = facts(head_name(t))
    if f is None:
        raise Undecided(head_name(t))
    if type(t) is T.TypeName:
        return "b" in f[2]
    if "p" not in f[2]:
        return False
    return all(not _is_type(p) or (is_datatype(p) and _isbits(p)) for p in t.params)


def _name_cmp(a, b) -> int:
    """1.5's `datatype_name_cmp`: module name, type name, parameter count, then the first three parameters
    that are types (a tie keeps the members' order: the sort is stable)."""
    if not is_datatype(a):
        return 1 if is_datatype(b) else 0
    if not is_datatype(b):
        return -1
    for x, y in ((_module_of(a), _module_of(b)), (last_name(head_name(a)), last_name(head_name(b)))):
        if x != y:
            return -1 if x < y else 1
    pa = a.params if type(a) is T.TypeApply else ()
    pb = b.params if type(b) is T.TypeApply else ()
    if len(pa) != len(pb):
        return -1 if len(pa) < len(pb) else 1
    for x, y in zip(pa[:3], pb[:3]):  # (Julia compares no more than three parameters)
        if x != y and _is_type(x) and _is_type(y) and is_datatype(x) and is_datatype(y):
            c = _name_cmp(x, y)
            if c:
                return c
    return 0


def _union_sort_cmp(a, b) -> int:
    """1.5's `union_sort_cmp` (src/jltypes.c): singletons, then isbits types, then other DataTypes, then UnionAlls.

    Where the facts do not say whether a member is a singleton or isbits (a type of a module Julia's tables do not
    list), every answer is tried: the order is decided when they all agree (a singleton of `Core` sorts before
    any type of another module, whichever group that type is in), else Undecided."""
    if is_datatype(a):
        if not is_datatype(b):
            return -1
        found = {_datatype_cmp(a, b, *flags) for flags in _flag_cases(a, b)}
        if len(found) == 1:
            return found.pop()
        raise Undecided(f"the union order of {head_name(a)} and {head_name(b)}")
    if is_datatype(b):
        return 1
    return _name_cmp(_unwrap(a), _unwrap(b))


def _flag_cases(a, b) -> list[tuple]:
    """Every (singleton a, singleton b, isbits a, isbits b) the facts leave possible."""
    options = []
    for ask in (_singleton, _isbits):
        for t in (a, b):
            try:
                options.append((ask(t),))
            except Undecided:
                options.append((True, False))
    return [(sa, sb, ba, bb) for sa in options[0] for sb in options[1] for ba in options[2] for bb in options[3]]


def _datatype_cmp(a, b, sa: bool, sb: bool, ba: bool, bb: bool) -> int:
    if sa or sb:
        return _name_cmp(a, b) if sa and sb else (-1 if sa else 1)
    if ba or bb:
        return _name_cmp(a, b) if ba and bb else (-1 if ba else 1)
    return _name_cmp(a, b)


def _unwrap(t):
    t = unwrap_unionall(t)
    if type(t) is T.TypeName and (_arity(head_name(t)) or 0) > 0:
        return T.TypeApply(t, ())
    return t


def union_of(types) -> object:
    """`Union{types...}` as Julia 1.5 builds it (`jl_type_union`): flattened, members that are subtypes of
    another dropped, sorted by `union_sort_cmp` (a stable sort)."""
    flat = [m for t in types for m in members(t)]
    for i, x in enumerate(flat):
        for j, y in enumerate(flat):
            if i != j and x is not None and y is not None and _simple_sub(x, y):
                flat[i] = None
                break
    kept = sorted((m for m in flat if m is not None), key=cmp_to_key(_union_sort_cmp))
    if not kept:
        return T.UNION_EMPTY
    return kept[0] if len(kept) == 1 else T.TypeApply(UNION, tuple(kept))


def _simple_sub(a, b) -> bool:
    """`simple_subtype` as `jl_type_union` calls it (`isUnion`: `Type{T}`s are merged by plain subtyping)."""
    return a == b or issub(a, b)


def unionlen(t) -> int:
    return len(members(t)) if is_union(t) else 1


def unioncomplexity(t) -> int:
    """Julia's `unioncomplexity`: nested unions count, through Tuple parameters (their maximum)."""
    if is_union(t):
        ms = members(t)
        return sum(unioncomplexity(m) for m in ms) + len(ms) - 1
    if type(t) is T.TypeWhere:
        return unioncomplexity(t.body)
    if type(t) is T.TypeApply and (is_tuple(t) or last_name(head_name(t)) == "Vararg"):
        return max((unioncomplexity(p) for p in t.params if _is_type(p)), default=0)
    return 0


def literal_false() -> V.Literal:
    return V.Literal("false", "bool")
