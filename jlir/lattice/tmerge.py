"""Julia 1.5.3's `tmerge` (`base/compiler/typelimits.jl`): the type a φ gets from its incoming values' types.

`slot2reg` types each φ as `tmerge` of its incoming values' types (`recompute_type` in
`base/compiler/ssair/slot2ssa.jl`), so a φ of `0` (`Const(0)`) and an `Int64` is `Int64`, of an `Int64`
and a `Float64` is `Union{Float64, Int64}`.  This is that function, step for step, on the printed types
(`jlir.ir.types` AST), with the inference lattice as it reaches `slot2reg`: `Const`, `PartialStruct`,
`MaybeUndef` (an `#undef` edge).  1.5 widens little: two concrete types always form a Union; otherwise
members of one type name become its wrapper (`Array{Int64,1}` and `Array{Float64,1}` → `Array`), Tuples
merge element-wise, and a Union past `MAX_TYPEUNION_LENGTH`/`MAX_TYPEUNION_COMPLEXITY` (3 and 3) becomes
`Any`; there is no widening to a common abstract supertype in 1.5.

`tmerge` returns None where the facts jlir has (`jlir.lattice.typeset`) cannot decide a step: such a φ is
left untyped rather than given a guess.  `tests/lattice/test_tmerge.py` checks it against a table of
Julia's own `Core.Compiler.tmerge` results (`fixtures/julia-1.5.3/tmerge-pairs.tsv`).
"""
from __future__ import annotations


from jlir.ir import types as T
from jlir.ir import values as V
from jlir.lattice import typeset as S
from jlir.lattice.typeset import Undecided
from jlir.lattice.typewhere import unwrap_unionall
from jlir.lattice.shown import INT_HINT as _INT_HINT, egal as _egal, typeof_value

__all__ = ["tmerge", "signed_hint", "widenconst", "const_of", "maybe_undef", "MAX_TYPEUNION_COMPLEXITY", "MAX_TYPEUNION_LENGTH"]

MAX_TYPEUNION_COMPLEXITY = 3
MAX_TYPEUNION_LENGTH = 3
CONST = T.TypeName(("Core", "Compiler", "Const"))
PARTIAL = T.TypeName(("Core", "Compiler", "PartialStruct"))
MAYBE_UNDEF = T.TypeName(("Core", "Compiler", "MaybeUndef"))
_SIGNED = frozenset({"Int8", "Int16", "Int32", "Int64", "Int128", "Core.Int8", "Core.Int16", "Core.Int32",
                     "Core.Int64", "Core.Int128"})


def _lattice(t, name: str) -> bool:
    return type(t) is T.TypeCall and type(t.head) is T.TypeName and t.head.name == name


def is_const(t) -> bool:
    return _lattice(t, "Const")


def is_partial(t) -> bool:
    return _lattice(t, "PartialStruct")


def is_maybe_undef(t) -> bool:
    return _lattice(t, "MaybeUndef")


def maybe_undef(t):
    return T.TypeCall(MAYBE_UNDEF, (t,))


def const_of(value):
    """`Const(value)` as 1.5 prints it (`Core.Compiler.Const(value, false)`)."""
    return T.TypeCall(CONST, (value, V.Literal("false", "bool")))


def widenconst(t):
    if is_const(t):
        return typeof_value(t.args[0])
    if is_partial(t) or is_maybe_undef(t):
        return widenconst(t.args[0])
    if type(t) is T.TypeCall:
        raise Undecided(f"lattice element {t}")
    return t


def _fields(t) -> list | None:
    """The field lattice elements of a Const tuple or a PartialStruct (None: another kind of value)."""
    if is_partial(t):
        return list(t.args[1].items)
    if is_const(t) and type(t.args[0]) is T.TypeTuple:
        return [const_of(x) for x in t.args[0].items]
    return None


def _nfields(t) -> int | None:
    """`nfields_tfunc(t).val`, None where it is no constant."""
    f = _fields(t)
    if f is not None:
        return len(f)
    w = widenconst(t)
    if S.is_type_type(w) and is_const(t) and S.is_datatype(w.params[0]):
        w = T.TypeName(("DataType",))  # the constant is a DataType: its fields are DataType's
    if S.is_tuple(w):
        return len(w.params) if type(w) is T.TypeApply else None
    facts = S.facts(S.head_name(w))
    if facts is None or "a" in facts[2] or facts[3] < 0:
        raise Undecided(f"nfields of {w}")
    return facts[3]


def sqsub(a, b) -> bool:
    """Julia's `⊑` on the lattice elements that reach slot2reg."""
    if is_maybe_undef(a) and not is_maybe_undef(b):
        return False
    a = a.args[0] if is_maybe_undef(a) else a
    b = b.args[0] if is_maybe_undef(b) else b
    if S.is_any(b) or a == T.UNION_EMPTY:
        return True
    if S.is_any(a) or b == T.UNION_EMPTY:
        return False
    if is_partial(a):
        if is_partial(b):
            fa, fb = a.args[1].items, b.args[1].items
            return len(fa) == len(fb) and S.issub(a.args[0], b.args[0]) and all(map(sqsub, fa, fb))
        return type(b) is not T.TypeCall and S.issub(a.args[0], b)
    if is_partial(b):
        if not is_const(a):
            return False
        if _fields(a) is None:
            if _nfields(a) != len(b.args[1].items):
                return False
            raise Undecided("Const ⊑ PartialStruct")
        fa, fb = _fields(a), b.args[1].items
        return len(fa) == len(fb) and S.issub(widenconst(a), widenconst(b)) and all(map(sqsub, fa, fb))
    if is_const(a):
        return _egal(a.args[0], b.args[0]) if is_const(b) else S.issub(widenconst(a), b)
    if is_const(b):
        if S.is_datatype(a) and S.facts(S.head_name(a)) is not None and S._singleton(a):
            return widenconst(b) == a
        return False
    if type(a) is T.TypeCall or type(b) is T.TypeCall:
        raise Undecided("lattice element")
    return S.issub(a, b)


def issimpleenoughtype(t) -> bool:
    return S.unionlen(t) <= MAX_TYPEUNION_LENGTH and S.unioncomplexity(t) <= MAX_TYPEUNION_COMPLEXITY


def tmerge(a, b, *, int_hint=None):
    """Julia 1.5.3's `tmerge(a, b)`, or None where jlir cannot decide a step (see the module docstring).

    `int_hint`: the type a decimal constant (`Const(0, false)`) is read with; `show` prints every signed
    integer in decimal, so the text alone says Int64 only by default (see `signed_hint`)."""
    token = _INT_HINT.set(int_hint)
    try:
        return _map_types(_tmerge(_map_types(a, _expand), _map_types(b, _expand)), _contract)
    except (Undecided, RecursionError):
        return None
    finally:
        _INT_HINT.reset(token)


def signed_hint(types):
    """The one signed integer type among the plain members of `types` (constants not counted), if exactly one.

    An `Int32(0)` prints `Const(0, false)`; the φ that merges it with an `Int32` held Julia's `Int32(0)` in
    every case jlir has met (`static_params`): Julia code merges like with like."""
    found = set()
    for t in types:
        t = t.args[0] if t is not None and is_maybe_undef(t) else t
        if t is None or type(t) is T.TypeCall:
            continue
        found.update(m for m in S.members(t) if S.head_name(m) in _SIGNED and type(m) is T.TypeName)
    return next(iter(found)) if len(found) == 1 else None


def _tmerge(a, b):
    if a == T.UNION_EMPTY:
        return b
    if b == T.UNION_EMPTY:
        return a
    suba = sqsub(a, b)
    if suba and issimpleenoughtype(b):
        return b
    subb = sqsub(b, a)
    if suba and subb:
        return a
    if subb and issimpleenoughtype(a):
        return a
    if is_maybe_undef(a) or is_maybe_undef(b):
        return maybe_undef(_tmerge(a.args[0] if is_maybe_undef(a) else a, b.args[0] if is_maybe_undef(b) else b))
    if _lattice(a, "Conditional") or _lattice(b, "Conditional"):
        raise Undecided("Conditional")
    if (is_partial(a) or is_const(a)) and (is_partial(b) or is_const(b)) and widenconst(a) == widenconst(b):
        return _merge_structs(a, b)
    return _join(widenconst(a), widenconst(b))


def _merge_structs(a, b):
    na, nb = _nfields(a), _nfields(b)
    if na is None or nb is None or na != nb:
        return widenconst(a)
    fa, fb = _fields(a), _fields(b)
    if na and (fa is None or fb is None):
        raise Undecided("getfield_tfunc of a struct")
    fields = [_tmerge(x, y) for x, y in zip(fa or (), fb or ())]
    if any(_nontrivial(f) for f in fields):
        return T.TypeCall(PARTIAL, (widenconst(a), T.TypeVect(T.ANY, tuple(fields))))
    return widenconst(a)


def _nontrivial(t) -> bool:
    """`has_nontrivial_const_info`: a PartialStruct, or a Const of no singleton and no type."""
    if is_partial(t):
        return True
    if not is_const(t):
        return False
    w = widenconst(t)
    return not S.is_type_type(w) and not (S.facts(S.head_name(w)) is not None and S._singleton(w))


def _join(a, b):
    """The part of `tmerge` past the lattice: join two plain types."""
    if a == b:
        return a
    if (S.isconcrete(a) or S.is_type_type(a)) and (S.isconcrete(b) or S.is_type_type(b)):
        return S.union_of([a, b])
    types = S.members(a) + S.members(b)
    names = []
    for t in types:   # (Julia: `unwrap_unionall(ti) isa DataType`, and `ti` below its name's wrapper)
        uw = unwrap_unionall(t)
        if not S.is_datatype(uw) and not (type(uw) is T.TypeName):
            return T.ANY
        names.append(S.head_name(uw))
    for i in range(len(types)):
        for j in range(i + 1, len(types)):
            if names[i] is None or names[i] != names[j]:
                continue
            ti, tj = types[i], types[j]
            if S.issub(ti, tj):
                types[i], names[i] = T.UNION_EMPTY, None
                break
            if S.issub(tj, ti):
                types[j], names[j] = T.UNION_EMPTY, None
            else:
                uw = unwrap_unionall(ti)
                widen = _tuplemerge(ti, tj) if S.is_tuple(ti) else T.TypeName(uw.head.path if type(uw) is
                                                                               T.TypeApply else uw.path)
                types[i], names[i] = T.UNION_EMPTY, None
                types[j] = widen
                break
    u = S.union_of(types)
    if issimpleenoughtype(u):
        return u
    for i, t in enumerate(types):
        if names[i] is not None and S.is_tuple(t):
            types[i] = (T.TypeApply(T.TypeName(("Tuple",)), (T.ANY,) * len(t.params))
                        if type(t) is T.TypeApply and not _vararg(t) else T.TypeName(("Tuple",)))
            u = S.union_of(types)
            if issimpleenoughtype(u):
                return u
            break
    return T.ANY


def _vararg(t) -> bool:
    return any(type(p) in (T.TypeApply, T.TypeName) and S.head_name(p) in ("Vararg", "Core.Vararg")
               or type(p) is T.TypeWhere for p in t.params)


def _tuplemerge(a, b):
    """Julia's `tuplemerge` for Tuples without Vararg: element-wise Unions (`Any` past the limits) when the
    lengths agree, else one `Vararg` of the elements' common type name (`Tuple` when there is none)."""
    if type(a) is not T.TypeApply or type(b) is not T.TypeApply:
        raise Undecided("tuplemerge of a bare Tuple")
    va, vb = _vararg(a), _vararg(b)
    if len(a.params) == len(b.params) and not va and not vb:
        out = []
        for x, y in zip(a.params, b.params):
            u = S.union_of([x, y])
            out.append(u if issimpleenoughtype(u) else T.ANY)
        return T.TypeApply(a.head, tuple(out))
    tail = T.UNION_EMPTY
    for ti in a.params + b.params:
        x = S.vararg_of(ti)
        tail = _widen_tail(tail, ti if x is None else x)
        if S.is_any(tail):
            return T.TypeName(a.head.path)
    n = T.TypeName(("N",))
    return T.TypeApply(a.head, (T.TypeWhere(T.TypeApply(T.TypeName(("Vararg",)), (tail, n)), n),))


def _wrapper(t):
    """The wrapper of a DataType's name (`Array` for `Array{Int64,1}`), or None for a Union."""
    if S.is_union(t) or type(t) not in (T.TypeName, T.TypeApply):
        return None
    return T.TypeName(t.head.path if type(t) is T.TypeApply else t.path)


def _widen_tail(tail, ti):
    """One step of `tuplemerge`'s tail loop: the tail widened to take in `ti`."""
    if S.issub(ti, tail):
        return tail
    if S.issub(tail, ti):
        return ti
    w = _wrapper(tail)
    if w is None:
        return T.ANY
    tail = w
    if S.issub(ti, tail):
        return tail
    wi = _wrapper(ti)
    if wi is None:
        return T.ANY
    return wi if S.issub(tail, wi) else T.ANY


_NTUPLE = T.TypeName(("NTuple",))
_TUPLE = T.TypeName(("Tuple",))


def _expand(t):
    """`NTuple{4,Int64}` (how 1.5 shows a Tuple of 4 or more equal types) as the Tuple it is."""
    if type(t) is T.TypeApply and t.head == _NTUPLE and len(t.params) == 2 and type(t.params[0]) is V.Literal \
            and t.params[0].kind == "int":
        return T.TypeApply(_TUPLE, (t.params[1],) * int(t.params[0].text))
    return t


def _contract(t):
    """A Tuple of 4 or more equal types (no Vararg) as 1.5 shows it: `NTuple{4,Int64}`."""
    if type(t) is T.TypeApply and t.head == _TUPLE and len(t.params) >= 4 and len(set(t.params)) == 1 \
            and S.vararg_of(t.params[0]) is None:
        return T.TypeApply(_NTUPLE, (V.Literal(str(len(t.params)), "int"), t.params[0]))
    return t


def _map_types(t, f):
    """`t` with `f` applied to every type in it, innermost first (Union members, parameters, lattice fields)."""
    if type(t) is T.TypeApply:
        t = T.TypeApply(t.head, tuple(_map_types(p, f) for p in t.params))
    elif type(t) is T.TypeWhere:
        t = T.TypeWhere(_map_types(t.body, f), t.var)
    elif type(t) is T.TypeCall and (is_partial(t) or is_maybe_undef(t)):
        t = T.TypeCall(t.head, tuple(_map_types(x, f) for x in t.args))
    elif type(t) is T.TypeVect:
        t = T.TypeVect(t.eltype, tuple(_map_types(x, f) for x in t.items))
    return f(t)
