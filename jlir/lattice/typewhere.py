"""Subtyping between `Type{X}` and a UnionAll of `Type{…}` (`Type{Tuple{Vararg{Any, _A}}} where _A`), decided by
the invariance of `Type`'s parameter.

Julia 1.5.3's `tmerge` (`base/compiler/typelimits.jl`) asks `ti <: tj` of two members of one type name; a φ of
`Core.apply_type(NTuple, n, Any)` and the constant `Tuple` (`Const(Tuple)` widens to `Type{Tuple}`) asks it of
`Type{Tuple}` and `Type{NTuple{_A,Any}} where _A`.  `Type{X}` holds the one value `X` (`Type` is invariant), so:

- `Type{X} <: (Type{Y} where V)` holds only if some instance `Y[V := …]` is `X`: never when `Y` is a Tuple whose
  length a variable of `V` fixes (`Vararg{Any,_A}`) and `X` a Tuple of any length (`Tuple`, `Tuple{Vararg{Int}}`),
  or both are Tuples of different fixed lengths, or their type names differ;
- `(Type{Y} where V) <: Type{X}` holds only if every instance is `X`: never when `Y` mentions a variable of `V`
  (each value of it gives another type);
- `(Type{Y} where V) <: Type` always.

Anything else is left undecided (None): the caller raises `Undecided`.  Layer: `jlir.lattice.typeset` calls it.
"""
from __future__ import annotations

from jlir.ir import types as T
from jlir.ir import values as V
from jlir.lattice.typefacts import head_name, last_name, table

__all__ = ["type_where_sub", "unwrap_unionall"]


def unwrap_unionall(t):
    """Julia's `unwrap_unionall`: the body under every `where`."""
    while type(t) is T.TypeWhere:
        t = t.body
    return t


def _peel(t):
    """`(body, variable names)` of a `where` chain whose variables have no bounds, else None."""
    names = []
    while type(t) is T.TypeWhere:
        if type(t.var) is not T.TypeName or len(t.var.path) != 1:
            return None
        names.append(t.var.path[0])
        t = t.body
    return t, frozenset(names)


def _is_type_of(t) -> bool:
    return type(t) is T.TypeApply and last_name(head_name(t)) == "Type" and len(t.params) == 1


def _mentions(t, names: frozenset) -> bool:
    if type(t) is T.TypeName:
        return len(t.path) == 1 and t.path[0] in names
    if type(t) is T.TypeApply:
        return _mentions(t.head, names) or any(_mentions(p, names) for p in t.params)
    if type(t) is T.TypeWhere:
        return _mentions(t.body, names - {t.var.path[0]} if type(t.var) is T.TypeName else names)
    return False


def type_where_sub(a, b) -> bool | None:
    """`a <: b` when one side is `Type{X}` or `Type` and the other a UnionAll of `Type{Y}`; None: undecided."""
    if type(b) is T.TypeWhere and _is_type_of(a):
        peeled = _peel(b)
        if peeled is None or not _is_type_of(peeled[0]):
            return None
        body, names = peeled
        return False if _never_equal(a.params[0], body.params[0], names) else None
    if type(a) is T.TypeWhere:
        peeled = _peel(a)
        if peeled is None or not _is_type_of(peeled[0]):
            return None
        if type(b) is T.TypeName and last_name(head_name(b)) == "Type":
            return True
        if _is_type_of(b) and _mentions(peeled[0].params[0], peeled[1]):
            return False
    return None


def _never_equal(x, y, names: frozenset) -> bool:
    """Whether no instance of `y` (its variables `names` set to anything) is the closed type `x`."""
    hx, hy = head_name(x), head_name(y)
    if hx is None or hy is None or _mentions(T.TypeName((hy,)), names):
        return False
    if last_name(hx) == "Tuple" and last_name(hy) == "Tuple":
        lx, ly = _tuple_length(x, frozenset()), _tuple_length(y, names)
        if lx is None or ly is None:
            return False
        (fixed_x, nx), (fixed_y, ny) = lx, ly
        if not fixed_x and fixed_y:
            return True          # any length against a length a variable (or the text) fixes
        return fixed_x and fixed_y and nx is not None and ny is not None and nx != ny
    known = table().lattice
    return hx != hy and hx in known and hy in known


def _tuple_length(t, names: frozenset):
    """`(fixed, n)`: whether every instance of Tuple `t` has one length, and that length where the text gives it
    (None when a variable of `names` sets it); None when undecided."""
    params = t.params if type(t) is T.TypeApply else None
    if params is None:
        return (False, None)     # `Tuple`: any length
    if not params:
        return (True, 0)
    last = params[-1]
    where_bound = frozenset()
    while type(last) is T.TypeWhere:
        if type(last.var) is not T.TypeName:
            return None
        where_bound |= {last.var.path[0]}
        last = last.body
    if not (type(last) is T.TypeApply and last_name(head_name(last)) == "Vararg"):
        return None if type(params[-1]) is T.TypeWhere else (True, len(params))
    if len(last.params) < 2:
        return (False, None)     # `Vararg{T}`: any length
    n = last.params[1]
    if type(n) is V.Literal and n.kind == "int":
        return (True, len(params) - 1 + int(n.text))
    if type(n) is T.TypeName and len(n.path) == 1 and n.path[0] in where_bound:
        return (False, None)     # `Vararg{T,N} where N`: any length
    if type(n) is T.TypeName and len(n.path) == 1 and n.path[0] in names:
        return (True, None)      # a length the outer variable fixes in each instance
    return None
