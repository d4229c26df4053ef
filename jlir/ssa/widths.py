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
from jlir.lattice.typeset import Undecided
from jlir.ssa.builder import Pending
from jlir.lattice.tmerge import const_of, is_const

__all__ = ["UndecidedWidth", "source_widths", "value_source", "decimal_const", "mentions_default"]


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


def value_source(b, v, seen: set):
    """Where the value `v` (in the `jlir.ssa.builder.Builder` `b`) comes from, followed through the statements
    that assigned an inserted node (`b.delayed`), copies (`%5 = %3`) and ϒ and π nodes (the value each stands
    for): the inserted node it is (a `Pending`: a φ or φᶜ, or a node standing for no other value), the `SSAValue`
    of the statement that computes it, or a value that is no SSA value (a literal, an argument); None at a cycle
    (`seen`: the ids passed, shared by a caller that walks on through φ inputs)."""
    n = len(b.code)
    while type(v) is V.SSAValue:
        if v.id in seen:
            return None
        seen.add(v.id)
        if v.id in b.delayed:
            v = b.delayed[v.id]
        elif v.id > n:
            q = b.pending[v.id - n - 1]
            if q.kind in ("phi", "phic") or type(q.node) not in (N.UpsilonNode, N.PiNode):
                return q
            v = q.node.val
        elif type(b.code[v.id - 1]) is V.SSAValue:
            v = b.code[v.id - 1]
        else:
            return v
    return v


def source_widths(b, values, known: dict | None = None) -> set:
    """The widths of the decimal constants flowing in as `values` (a φ's or φᶜ's, in the `jlir.ssa.builder.Builder`
    `b`, followed through copies, ϒ, π, φ and φᶜ nodes), as the print proves them (`None` members left out;
    `known`: statement id → a width proven otherwise): a literal in slot-form code is lowering's (Int64, or Int128
    past its range), `Int16(…)` of a signed integer type is of that type, Base's arithmetic on operands of one
    proven width is of that width; for a constant a call or a global gave, the text saying so."""
    out: set = set()
    seen: set = set()
    work = [v for v in values if v is not None]
    while work:
        v = value_source(b, work.pop(), seen)
        if type(v) is Pending:
            work += [u for u in v.values if u is not None] if v.kind in ("phi", "phic") else []
        elif type(v) is V.SSAValue:
            out.add(known[v.id] if known and v.id in known else _statement_width(b, v.id))
        elif type(v) is V.Literal and decimal_const(const_of(v)):
            out.add(typeof_value(v))
    out.discard(None)
    return out


def _statement_width(b, k: int, active: frozenset = frozenset()):
    """The width of statement `k`'s decimal constant type (see `source_widths`); None where it has none."""
    node, t = b.code[k - 1], b.types[k - 1]
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
        if _base_binding(f) and f.name in ("%", "rem") and len(node.args) == 3 and _width_type(node.args[2]) \
                and not node.args[2].name.startswith("Float"):
            return T.TypeName((node.args[2].name,))   # int.jl's `rem(x, ::Type{T})`, `x % T`: an integer of type T
        args = node.args[1:] if node.head == "call" else node.args[2:]
        same = _same_type_result(b, f, args, active) or _tuple_element(b, f, args, active)
        if same is not None:
            return same
        name = f"{f.module}.{f.name}" if type(f) is V.GlobalRef and f.module else getattr(f, "name", "a call")
        return f"%{k}'s constant {t.args[0].text} (the result of a call: {name})"
    if type(node) is V.GlobalRef:
        return f"%{k}'s constant {t.args[0].text} (the value of {node.module}.{node.name})"
    return None


def _same_type_result(b, f, args, active: frozenset):
    """`T` where `f` is Base's arithmetic (`+`, `-`, `*`, `÷`, `rem`, `&`, `min`, …) and every operand's width is
    proven to be one number type `T`: Base defines these on two values of one `BitInteger` type (int.jl:
    `(+)(x::T, y::T) where {T<:BitInteger} = add_int(x, y)`) or of one IEEE float type (float.jl) to return that
    type, and inference's constant is the call's value.  None otherwise (an operand unproven, widths that differ
    and promote, a name that is not Base's)."""
    if not (_base_binding(f) and f.name in _SAME_TYPE_OPS and 1 <= len(args) <= 2):
        return None
    widths = {_operand_width(b, a, active) for a in args}
    if len(widths) != 1:
        return None
    w = next(iter(widths))
    if w is None or not (type(w) is T.TypeName and w.path[-1] in _NUMBER_NAMES):
        return None
    if w.path[-1].startswith("Float") and f.name in _INTEGER_ONLY_OPS:
        return None
    return w


def _tuple_element(b, f, args, active: frozenset):
    """The proven width of element `i` of a tuple built in this function, read by `getindex(t, i)` or
    `getfield(t, i)` with a literal `i`: tuple.jl's `getindex(t::Tuple, i::Int) = getfield(t, i, …)` returns the
    element itself, so inference's constant is the `Core.tuple` call's `i`-th argument.  None otherwise."""
    if not (type(f) is V.GlobalRef and (f.name == "getindex" and _base_binding(f) or f == _GETFIELD)
            and len(args) == 2 and type(args[0]) is V.SSAValue and type(args[1]) is V.Literal
            and args[1].kind == "int" and 0 < args[0].id <= len(b.code)):
        return None
    built = b.code[args[0].id - 1]
    i = int(args[1].text)
    if not (type(built) is N.Expr and built.head == "call" and built.args[0] == _TUPLE and 1 <= i < len(built.args)):
        return None
    w = _operand_width(b, built.args[i], active)
    return w if type(w) is T.TypeName else None


def _operand_width(b, v, active: frozenset):
    """The one width every value an operand can be is proven to have: a literal's; a statement's printed type
    where it is a plain number type; a decimal constant's proven width; all of a φ's or φᶜ's inputs' (an input
    whose width is being worked out further up, a loop's `i = i + 8`, left out: a type-preserving step from
    values of one type gives that type).  None where any is unproven."""
    widths: set = set()
    work, seen = [v], set()
    while work:
        v = work.pop()
        v = value_source(b, v.value if type(v) is V.TypedSlot else v, seen)
        if type(v) is Pending:
            work += [u for u in v.values if u is not None] if v.kind in ("phi", "phic") else []
            if v.kind not in ("phi", "phic") or None in v.values:
                widths.add(None)
        elif type(v) is V.SSAValue:
            node, t = b.code[v.id - 1], b.types[v.id - 1]
            if type(node) in (V.Literal, V.TypedSlot):
                work.append(node)
            elif v.id in active:
                continue
            elif type(t) is T.TypeName:
                widths.add(t)
            elif _shown_unambiguously(t):   # `Const(Float16(0.5), false)`
                widths.add(typeof_value(t.args[0]))
            else:
                w = _statement_width(b, v.id, active | {v.id})
                widths.add(w if type(w) is T.TypeName else None)
        elif v is not None:   # (None: a cycle, whose values are the others')
            widths.add(typeof_value(v) if type(v) is V.Literal and v.kind in ("int", "float") else None)
    return next(iter(widths)) if len(widths) == 1 else None


def _shown_unambiguously(t) -> bool:
    """A constant number type whose value `show` prints with its type (`Float16(0.5)`, `0x05`, `1.5f0`)."""
    if not is_const(t) or decimal_const(t):
        return False
    try:
        w = typeof_value(t.args[0])
    except Undecided:
        return False
    return type(w) is T.TypeName and w.path[-1] in _NUMBER_NAMES


def _base_binding(f) -> bool:
    """`+`, `Main.:+`, `Base.:+`, `Main.Gen3.:+` (a module reads Base's bindings through its own)."""
    return type(f) is V.GlobalRef and (f.module in (None, "Main", "Base", "Core")
                                       or (f.module or "").startswith(("Main.", "Base.")))


_SAME_TYPE_OPS = frozenset(("+", "-", "*", "÷", "div", "rem", "%", "mod", "&", "|", "xor", "⊻", "min", "max",
                            "abs", "fld", "cld"))
_INTEGER_ONLY_OPS = frozenset(("÷", "div", "&", "|", "xor", "⊻", "fld", "cld"))
_NUMBER_NAMES = frozenset(("Int8", "Int16", "Int32", "Int64", "Int128", "UInt8", "UInt16", "UInt32", "UInt64",
                           "UInt128", "Float16", "Float32", "Float64"))


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
    """`Int16`, `Base.Float16`, `Main.Gen3.Int8`, `Base.Ryu.Int16` (`_base_binding`): a number type whose values
    `show` prints alike across widths."""
    return _base_binding(v) and v.name in _WIDTH_NAMES


_TYPEASSERT = V.GlobalRef("Core", "typeassert")
_GETFIELD = V.GlobalRef("Core", "getfield")
_TUPLE = V.GlobalRef("Core", "tuple")
_WIDTH_NAMES = frozenset(("Int8", "Int16", "Int32", "Int64", "Int128", "Float16", "Float64"))
