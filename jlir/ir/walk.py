"""The one traversal of the IR: operands, branch targets, and the fields of any model value.

Julia walks a statement's operands with `userefs` (`ssair/ir.jl`): every
value a statement reads, in order, each replaceable in place.  This module is
that walk for jlir's model, driven by the traits each class declares
(`OPERANDS`, `TARGETS`; see `jlir.ir.nodes`), so a new node kind is taught to
every walker in one place:

* `operands(x)` / `map_operands(x, f)`: the values `x` reads directly (an
  `Expr`'s args, a φ's values, a branch condition, …); `None` (`#undef`, a
  bare `unreachable`) is no operand and is kept as it is.
* `targets(x)` / `map_targets(x, f)`: the block numbers in `x` (`goto #b`, `φ`
  edges, `enter #b`).
* `values(x)`: `x` and every value nested in it through operands, depth
  first (nested calls of lowered code, splats, `x::T`), not into quoted
  values or types: what Julia's `scan_ssa_use!` reaches.  `ssa_uses` is its
  SSA part.
* `fields(x)` / `rebuild(x, fields)`: every field of any model value, types
  included, for the structural rewrites (template filling, canonical
  spelling, renumbering) that must reach inside types too.

Every walker raises `UnknownKind` on a class it was not taught, rather than
silently treating it as a leaf.
"""
from __future__ import annotations

from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ir.errors import JlirError

__all__ = ["UnknownKind", "KNOWN", "operands", "map_operands", "map_values", "targets", "map_targets", "values", "ssa_uses",
           "used_ids", "scanned_uses", "fields", "rebuild", "is_known"]


class UnknownKind(JlirError, TypeError):
    """A walker met an object that is not a model value: a bug in the caller, or a node kind not declared yet."""


def _model_classes(module) -> frozenset:
    return frozenset(c for c in vars(module).values()
                     if isinstance(c, type) and c.__module__ == module.__name__ and "__dataclass_fields__" in vars(c))


# Every model class the walkers know: the operand values, the statement nodes, the shown types.
KNOWN: frozenset = _model_classes(V) | _model_classes(N) | _model_classes(T)
# Plain data that may stand where a value does (a literal number in a type, a slot name).
_PLAIN = (int, str, bool, float, type(None))


def is_known(x) -> bool:
    return type(x) in KNOWN


def _kind(x) -> type:
    cls = type(x)
    if cls not in KNOWN:
        raise UnknownKind(f"not a node or value of jlir's model: {cls.__module__}.{cls.__qualname__}")
    return cls


def operands(x) -> tuple:
    """The operand values `x` reads directly, in field order (Julia's `userefs`); `#undef` and absent values left out."""
    cls = _kind(x)
    out: list = []
    for name in cls.OPERANDS:
        v = getattr(x, name)
        if type(v) is tuple:
            out.extend(i for i in v if i is not None)
        elif v is not None:
            out.append(v)
    return tuple(out)


def map_operands(x, f):
    """`x` with every operand `v` replaced by `f(v)` (None kept); `x` itself when nothing changed."""
    cls = _kind(x)
    if not cls.OPERANDS:
        return x
    changes = {}
    for name in cls.OPERANDS:
        old = getattr(x, name)
        if type(old) is tuple:
            new = tuple(None if i is None else f(i) for i in old)
            if any(a is not b for a, b in zip(new, old)):
                changes[name] = new
        elif old is not None:
            new = f(old)
            if new is not old:
                changes[name] = new
    if not changes:
        return x
    return cls(*[changes.get(name, getattr(x, name)) for name in cls.__slots__])


def map_values(x, f):
    """`x` with every value nested in it through operands replaced by `f(value)`, innermost first (the deep
    form of `map_operands`: replace-all-uses, renumbering).  Recursion follows expression nesting only."""
    return f(map_operands(x, lambda v: map_values(v, f)))


def targets(x) -> tuple[int, ...]:
    """The block numbers `x` names: a branch's target, a φ's incoming edges, an `enter`'s catch block (0: none)."""
    cls = _kind(x)
    out: list[int] = []
    for name in cls.TARGETS:
        v = getattr(x, name)
        out.extend(v) if type(v) is tuple else out.append(v)
    return tuple(out)


def map_targets(x, f):
    """`x` with every block number `b` replaced by `f(b)`; `x` itself when it names none."""
    cls = _kind(x)
    if not cls.TARGETS:
        return x
    changes = {}
    for name in cls.TARGETS:
        v = getattr(x, name)
        changes[name] = tuple(f(b) for b in v) if type(v) is tuple else f(v)
    return cls(*[changes.get(name, getattr(x, name)) for name in cls.__slots__])


def values(x):
    """`x` and every value nested in it through operands, depth first (not into quoted values or types)."""
    stack = [x]
    while stack:
        v = stack.pop()
        yield v
        cls = type(v)
        if cls not in KNOWN:
            if isinstance(v, _PLAIN):
                continue
            _kind(v)
        ops = operands(v) if cls.OPERANDS else ()
        stack.extend(reversed(ops))


_OPERAND_FIELDS = {cls: cls.OPERANDS for cls in KNOWN}


# ssa_uses by node identity: the reader shares one node object per distinct statement text, and the printer and
# each analysis ask again for the same nodes.  Entries keep their node alive (so an id is never reused while its
# entry stands); the table is emptied when it grows past _CACHE_LIMIT.  The questions come close together (one
# function's analyses, passes and print), so a limit of a large function's nodes keeps the answers that are asked
# again, and what it keeps alive of documents already let go stays small: through `opt`, 2,000 Base functions in
# one process kept 42 MB at 1 << 18 and 22 MB at 1 << 15, for the same CPU time.
_CACHE: dict[int, tuple] = {}
_CACHE_LIMIT = 1 << 15


def ssa_uses(x) -> tuple[int, ...]:
    """The ids of the SSA values `x` refers to, in `values` order (nested calls included; quoted dead code and
    types not).  `values` specialised and memoised, because the printer and every analysis call it on every
    statement."""
    hit = _CACHE.get(id(x))
    if hit is not None and hit[0] is x:
        return hit[1]
    out = _ssa_uses(x)
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.clear()
    _CACHE[id(x)] = (x, out)
    return out


def _ssa_uses(x) -> tuple[int, ...]:
    out: list[int] = []
    stack = [x]
    fields_of = _OPERAND_FIELDS
    ssa = V.SSAValue
    while stack:
        v = stack.pop()
        cls = type(v)
        if cls is ssa:
            out.append(v.id)
            continue
        fields = fields_of.get(cls)
        if fields is None:
            if v is None or isinstance(v, _PLAIN):
                continue
            _kind(v)  # raises UnknownKind
        for name in reversed(fields):  # (every class has at most one operand field today; None entries pass)
            f = getattr(v, name)
            if type(f) is tuple:
                stack.extend(reversed(f))
            else:
                stack.append(f)
    return tuple(out)


# Julia's `is_relevant_expr`: the Expr heads whose arguments `userefs` of an assignment's right-hand side visits.
_RELEVANT_HEADS = frozenset({"call", "invoke", "new", "splatnew", "=", "&", "gc_preserve_begin", "gc_preserve_end",
                             "foreigncall", "isdefined", "copyast", "undefcheck", "throw_undef_if_not",
                             "cfunction", "method", "pop_exception", "gotoifnot", "return"})


def scanned_uses(x) -> tuple[int, ...]:
    """The SSA ids Julia's printer counts as used by statement `x` (its `scan_ssa_use!`): `x` itself if it is an
    SSA value, else its direct operands (`userefs`), an assignment's right-hand side's arguments standing for the
    assignment's.  Unlike `ssa_uses`, a value nested one call deeper is not counted: lowered top-level code
    (`Core._structtype(Main, …, Core.svec(%3), …)`) prints `%3` without its `%3 = ` then."""
    if type(x) is V.SSAValue:
        return (x.id,)
    if type(x) is N.Expr and x.head == "=" and len(x.args) == 2:
        rhs = x.args[1]
        ops = rhs.args if type(rhs) is N.Expr and rhs.head in _RELEVANT_HEADS else (rhs,)
    else:
        ops = operands(x) if _kind(x).OPERANDS else ()
    # `%1::T` among an `invoke`'s arguments is the SSA value with its signature's type printed after it
    return tuple(v.id if type(v) is V.SSAValue else v.value.id for v in ops
                 if type(v) is V.SSAValue or type(v) is V.TypedSlot and type(v.value) is V.SSAValue)


def used_ids(stmts) -> set[int]:
    """Every SSA id used by any statement (pending nodes included), as Julia's printer computes `used`."""
    used: set[int] = set()
    for s in stmts:
        used.update(ssa_uses(s.node))
    return used


def fields(x) -> tuple:
    """Every field of a model value, in declaration order (types and plain data included)."""
    return tuple(getattr(x, name) for name in _kind(x).__slots__)


def rebuild(x, new_fields) -> object:
    """`x` with its fields replaced by `new_fields` (as `fields` gives them); `x` itself when all are the same objects."""
    old = fields(x)
    if all(a is b for a, b in zip(old, new_fields)):
        return x
    return type(x)(*new_fields)
