"""Which widths of its constants a slot-form print proves.

`show` prints an `Int16(1)` as `1` and (Julia 1.5) a Float16 zero as a Float64's `0.0`, so a `Const(1, false)` may
be of any signed width; Julia's `tmerge` of two constants depends on it.  A constant's width is proven by its
source: a literal in slot-form code is lowering's (Int64, or Int128 past its range), a number type's constructor
call or a `Core.typeassert` to one is of that type.  `jlir.ssa.phitypes` reads φ types with these and refuses
(`UndecidedWidth`) where a kept node's type depends on a width nothing proves.
"""
from __future__ import annotations

from dataclasses import dataclass

from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.lattice.shown import typeof_value
from jlir.lattice.tmerge import const_of, is_const

__all__ = ["UndecidedWidth", "source_widths", "decimal_const", "mentions_default"]


@dataclass(frozen=True, slots=True)
class UndecidedWidth:
    """The type of a φ, φᶜ or ϒ that merges a decimal constant whose width the print does not show: `show` prints
    an `Int16(1)` as `1` (and 1.5 a Float16 zero as `0.0`), so `Const(1, false)` on a call's result
    (`%17 = Main.abs(%16)`) may be any signed width, and Julia's `tmerge` of it with another constant is that width
    (`Int16`) or a `Union` of two.  jlir takes the width the sources prove or a read or a declaration shows
    (`jlir.ssa.phitypes._width`); where none does, it does not guess Int64: a node that keeps this type after
    compaction makes `into_ssa` refuse, naming `why`."""
    why: str


def decimal_const(t) -> bool:
    """`Const(1024, false)`, `Const(-0.0, false)`: a constant `show` prints alike whatever its width (a signed
    integer in decimal; a Float16 zero as a Float64's)."""
    if not (is_const(t) and type(t.args[0]) is V.Literal):
        return False
    v = t.args[0]
    return v.kind == "int" and not v.text.startswith("0") or v.kind == "float" and v.text in ("0.0", "-0.0") \
        or v.text == "0"


def source_widths(b, values) -> set:
    """The widths of the decimal constants flowing in as `values` (a φ's or φᶜ's, in the `jlir.ssa.builder.Builder`
    `b`, followed through copies, ϒ, π, φ and φᶜ nodes), as
    the print proves them (`None` members left out): a literal in slot-form code is lowering's (Int64, or Int128 past its range), `Int16(…)`
    of a signed integer type is of that type; for a constant a call or a global gave, the text saying so."""
    out: set = set()
    seen: set = set()
    work = [v for v in values if v is not None]
    n = len(b.code)
    while work:
        v = work.pop()
        while type(v) is V.SSAValue and v.id not in seen:
            seen.add(v.id)
            if v.id in b.delayed:
                v = b.delayed[v.id]
            elif v.id > n:
                q = b.pending[v.id - n - 1]
                if q.kind in ("phi", "phic"):
                    work += [u for u in q.values if u is not None]
                    v = None
                else:   # a ϒ, or a π of a typed slot read: the value it stands for
                    v = q.node.val if type(q.node) in (N.UpsilonNode, N.PiNode) else None
            elif type(b.code[v.id - 1]) is V.SSAValue:
                v = b.code[v.id - 1]
            else:
                out.add(_statement_width(v.id, b.code[v.id - 1], b.types[v.id - 1]))
                v = None
        if type(v) is V.Literal and decimal_const(const_of(v)):
            out.add(typeof_value(v))
    out.discard(None)
    return out


def _statement_width(k: int, node, t):
    """The width of statement `k`'s decimal constant type `t` (see `source_widths`); None where `t` is none."""
    if not (is_const(t) and type(t.args[0]) is V.Literal and decimal_const(t)):
        return None
    if type(node) is V.Literal:
        return typeof_value(node)
    if type(node) is N.Expr and node.head in ("call", "invoke"):
        f = node.args[0] if node.head == "call" else node.args[1] if len(node.args) > 1 else None
        if _width_type(f):
            return T.TypeName((f.name,))   # a number type's constructor returns that type (or throws)
        if f == _TYPEASSERT and len(node.args) == 3 and _width_type(node.args[2]):
            return T.TypeName((node.args[2].name,))   # the builtin returns its argument, which is of that type
        name = f"{f.module}.{f.name}" if type(f) is V.GlobalRef and f.module else getattr(f, "name", "a call")
        return f"%{k}'s constant {t.args[0].text} (the result of a call: {name})"
    if type(node) is V.GlobalRef:
        return f"%{k}'s constant {t.args[0].text} (the value of {node.module}.{node.name})"
    return None


def mentions_default(t) -> bool:
    """Whether Int64 or Float64 (the types jlir would otherwise read a decimal constant or a float zero as) is in
    the type."""
    if type(t) is T.TypeName:
        return t.path[-1] in ("Int64", "Float64")
    if type(t) is T.TypeApply:
        return any(mentions_default(a) for a in t.params)
    if type(t) is T.TypeCall:   # `MaybeUndef(Int64)` (a `Const`'s value is no type: not looked at)
        return not is_const(t) and any(mentions_default(a) for a in t.args)
    return False


def _width_type(v) -> bool:
    """`Int16`, `Base.Float16`, `Main.Gen3.Int8` (a module reads Base's bindings through its own): a number type
    whose values `show` prints alike across widths."""
    return type(v) is V.GlobalRef and v.name in _WIDTH_NAMES and (v.module in (None, "Main", "Base", "Core")
                                                                   or (v.module or "").startswith("Main."))


_TYPEASSERT = V.GlobalRef("Core", "typeassert")
_WIDTH_NAMES = frozenset(("Int8", "Int16", "Int32", "Int64", "Int128", "Float16", "Float64"))
