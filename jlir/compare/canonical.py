"""One spelling for IR that different Julia versions print differently, to tell printing style from real change.

Julia's printer spelled the same IR differently over the years (§5 of the format
spec): `Core.Compiler.Const(1, false)` became `Core.Const(1)`, `Array{Int64,1}`
became `Vector{Int64}`, `$(Expr(:unreachable))` became `unreachable`.  A diff
that compared parsed models directly would call each of these a change.
`Canonicalizer` rewrites statements and types into one spelling and records
which rewrite rules (`RULES`) fired, so that a diff can name the style
differences it saw rather than hide them.

The canonical spelling is the oldest one (≤1.5): it is the only one that 1.5's
upper-cased `@code_warntype` types (`TypeHighlighted`, whose original case is
lost) can be compared with, by printing the other side as 1.5 would and
comparing case-insensitively (`Canonicalizer.equal`).

Canonical values are model values (the same dataclasses), so they hash and
compare with `==`; they are for comparing, never for printing back.  The
rewrite reaches every field of every kind through `jlir.ir.walk` (`fields`,
`rebuild`), so a new node kind needs no edit here, and an object that is not
part of the model raises `walk.UnknownKind`.
"""
from __future__ import annotations

from dataclasses import dataclass

from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ir.function import Function
from jlir.ir.style import Style
from jlir.ir.walk import fields, is_known, rebuild
from jlir.printer.exprs import ExprPrinter

# Rule name (stable: it is a JSON key of `jlir diff --json`) → what differs, for people.
RULES: dict[str, str] = {
    "lattice": "lattice elements: `Core.Compiler.Const(x, false)` (≤1.5) vs `Core.Const(x)` (1.6+), "
               "and the same for PartialStruct and the other lattice wrappers",
    "alias": "array aliases: `Array{T,1}`, `Array{T,2}` (≤1.5) vs `Vector{T}`, `Matrix{T}` (1.6+)",
    "vararg": "`Vararg{T,N} where N` (≤1.5) vs `Vararg{T}`",
    "namedtuple": "`NamedTuple{(:a,),Tuple{A}}` (≤1.9) vs `@NamedTuple{a::A}` (1.10+)",
    "highlight": "types upper-cased by 1.5's @code_warntype (`UNION{FLOAT64, INT64}`) vs their real case",
    "unreachable": "`$(Expr(:unreachable))` (≤1.5 CodeInfo) vs `unreachable`",
    "nothing": "`Base.nothing`/`Main.nothing` (a global) vs the constant `nothing`",
    "typed-slot": "typed slots: `x::T` (≤1.10) vs `x` (1.11+), and ≤1.5's `@_4::T::T` statements",
    "arguments": "arguments and slots printed by number (`_2`, `@_2`, `x@_2`: IRCode, φ and invoke arguments "
                 "≤1.7) vs by name",
    "labels": "1.12 call labels (`intrinsic`, `dynamic`, …) printed by one side only",
    "header": "@code_warntype header: `Variables` (1.2–1.6) vs `MethodInstance`/`Arguments`/`Locals` (1.7+), "
              "`#unused#` vs `_`",
    "spelling": "the printer's spelling of the same model: `Tuple{A,B}` (≤1.5) vs `Tuple{A, B}`, `(Base.f)(x)` "
                "(≤1.1) vs `Base.f(x)`, `return` (≤1.5) vs `return nothing`, `$(Expr(:enter, #4))` (≤1.10) vs "
                "`enter #4`, `Core.Compiler.Argument(2)` (≤1.5) vs `Core.Argument(2)`",
}

# 1.6+ shows these aliases of ≤1.5's array types (#36107): alias → (type, dimensions).
_ARRAY_ALIASES = {"Vector": ("Array", 1), "Matrix": ("Array", 2), "AbstractVector": ("AbstractArray", 1),
                  "AbstractMatrix": ("AbstractArray", 2), "DenseVector": ("DenseArray", 1),
                  "DenseMatrix": ("DenseArray", 2), "BitVector": ("BitArray", 1), "BitMatrix": ("BitArray", 2)}
_ALIAS_MODULES = ((), ("Base",), ("Core",))
_COMPILER = ("Core", "Compiler")
# Plain data inside model values (names, numbers, flags): the same in every spelling.
PLAIN = (str, int, bool, float, type(None))
_N = T.TypeName(("N",))
_T = T.TypeName(("T",))


def _int(n: int) -> V.Literal:
    return V.Literal(str(n), "int")


@dataclass(frozen=True, slots=True)
class Canonical:
    """A statement in canonical spelling: its node and type, and the `RULES` that rewrote each."""
    node: object
    type: object
    node_rules: frozenset
    type_rules: frozenset


class Canonicalizer:
    """Rewrites statements, types and values into the canonical spelling; memoised per object.

    `strip_typed_slots`: also drop `x::T` TypedSlot annotations inside statements.  Julia 1.11
    removed TypedSlot, so the diff sets it when one side is 1.11+ and the other ≤1.10, or when one
    side is lowered code (which has no types at all); between two typed prints ≤1.10 a TypedSlot's
    type is information, not style.
    One Canonicalizer serves both sides of one comparison (it owns the 1.5 printer that `equal` uses).
    """

    def __init__(self, *, strip_typed_slots: bool = False):
        self.strip_typed_slots = strip_typed_slots
        self._memo: dict[int, tuple[object, object, frozenset]] = {}
        self._fired: set[str] = set()
        self._printer = ExprPrinter(Style.for_version("1.5"))

    # ------------------------------------------------------------------ public
    def statement(self, s) -> Canonical:
        """`s` (a Statement) in canonical spelling; a whole-statement TypedSlot typed like the statement
        (≤1.5's `@_4::T::T`) becomes the bare slot, as 1.6+ prints it (#38961)."""
        node, node_rules = self.value(s.node)
        typ, type_rules = self.value(s.type)
        if type(node) is V.TypedSlot and self.equal(node.type, typ):
            node, node_rules = node.value, node_rules | {"typed-slot"}
        if type(node) is N.ReturnNode and s.type is not None:  # `$(Expr(:unreachable))::Union{}`: no type now
            typ = None
        return Canonical(node, typ, node_rules, type_rules)

    def value(self, x) -> tuple[object, frozenset]:
        """(canonical `x`, rules that fired) for any node, value or type."""
        key = id(x)
        hit = self._memo.get(key)
        if hit is not None and hit[0] is x:
            return hit[1], hit[2]
        outer, self._fired = self._fired, set()
        try:
            canon = self._canon(x)
            rules = frozenset(self._fired)
        finally:
            self._fired = outer | self._fired
        self._memo[key] = (x, canon, rules)
        return canon, rules

    def equal(self, x, y, notes: set | None = None) -> bool:
        """Whether canonical values `x` and `y` are the same IR; `notes` collects `highlight` when an
        upper-cased 1.5 warntype type had to be compared case-insensitively to match."""
        if x == y:
            return True
        cx, cy = type(x), type(y)
        if cx is T.TypeHighlighted or cy is T.TypeHighlighted:
            same = self._shouted(x) == self._shouted(y)
            if same and notes is not None:
                notes.add("highlight")
            return same
        if cx is not cy:
            return False
        if cx is tuple:
            return len(x) == len(y) and all(self.equal(a, b, notes) for a, b in zip(x, y))
        if not is_known(x):  # plain data, or the markers a diff rewrites into nodes (`%k` with no partner): `==`
            return False
        return all(self.equal(a, b, notes) for a, b in zip(fields(x), fields(y)))

    # ------------------------------------------------------------------ rewriting
    def _fire(self, rule: str) -> None:
        self._fired.add(rule)

    def _canon(self, x):
        cls = type(x)
        if cls in PLAIN:
            return x
        if cls is tuple:
            items = tuple(self._sub(i) for i in x)
            return x if all(a is b for a, b in zip(items, x)) else items
        if isinstance(x, T.Shown):
            return self._type(x)
        if cls is Function:  # a CodeInfo nested in a statement (`$(Expr(:thunk, CodeInfo(…)))`): compared whole
            return x
        if cls is N.Expr and x.head == "unreachable" and not x.args:
            self._fire("unreachable")
            return N.ReturnNode(None)
        if cls is V.GlobalRef and x.name == "nothing" and x.module is not None:
            self._fire("nothing")
            return V.NOTHING
        if cls is V.TypedSlot and self.strip_typed_slots:
            self._fire("typed-slot")
            return self._sub(x.value)
        return self._rebuild(x)

    def _sub(self, x):
        """A part of a value: memoised like a whole one (the parser shares parts), rules passed up."""
        if type(x) in PLAIN:
            return x
        canon, rules = self.value(x)
        self._fired |= rules
        return canon

    def _rebuild(self, x):
        """`x` with every field canonical (any kind of the model: `walk.fields`; UnknownKind for anything else)."""
        return rebuild(x, [self._sub(v) for v in fields(x)])

    def _type(self, t):
        cls = type(t)
        if cls is T.TypeCall and T.is_lattice_element(t):
            return self._lattice(t)
        if cls is T.TypeApply:  # a name as a head is not the bare alias (`Vector{T}` is no `(Vector){T}`)
            head = t.head if type(t.head) is T.TypeName else self._sub(t.head)
            return self._apply(head, self._sub(t.params))
        if cls is T.TypeName and t.path[-1] in _ARRAY_ALIASES and t.path[:-1] in _ALIAS_MODULES:
            if t.path[-1].startswith("Bit"):
                return self._apply(t, ())
            self._fire("alias")  # bare `Vector`: 1.5 shows the UnionAll `Array{T,1} where T`
            base, dims = _ARRAY_ALIASES[t.path[-1]]
            return T.TypeWhere(T.TypeApply(T.TypeName(t.path[:-1] + (base,)), (_T, _int(dims))), _T)
        return self._rebuild(t)

    def _apply(self, head, params: tuple):
        """`head{params}` with 1.6+'s aliases spelled out as ≤1.5 printed them."""
        if type(head) is T.TypeName:
            name, prefix = head.path[-1], head.path[:-1]
            if name in _ARRAY_ALIASES and prefix in _ALIAS_MODULES:
                self._fire("alias")
                base, dims = _ARRAY_ALIASES[name]
                return T.TypeApply(T.TypeName(prefix + (base,)), params + (_int(dims),))
            if name == "Vararg" and len(params) == 1:
                self._fire("vararg")
                return T.TypeWhere(T.TypeApply(head, params + (_N,)), _N)
            if head.path == ("@NamedTuple",) and all(type(p) is T.TypeInfix and p.op == "::"
                                                     and type(p.lhs) is T.TypeName for p in params):
                self._fire("namedtuple")
                names = T.TypeTuple(tuple(V.Literal(":" + p.lhs.name, "symbol") for p in params))
                return T.TypeApply(T.TypeName(("NamedTuple",)),
                                   (names, T.TypeApply(T.TypeName(("Tuple",)), tuple(p.rhs for p in params))))
        return T.TypeApply(head, params)

    def _lattice(self, t: T.TypeCall):
        """`Core.Compiler.Name(args…)` with ≤1.5's arguments: `Const` keeps its (ignored) second flag, always
        `false`; 1.13's three-argument PartialStruct loses its middle `undefs`."""
        name = t.head.name
        args = parts = self._sub(t.args)
        if name == "Const" and len(parts) == 1:
            args = parts + (V.FALSE,)
        elif name == "Const" and len(parts) == 2 and parts[1] == V.TRUE:
            args = (parts[0], V.FALSE)
        elif name == "PartialStruct" and len(parts) == 3:
            args = (parts[0], parts[2])
        head = T.TypeName(_COMPILER + (name,))
        if head != t.head or args is not parts:
            self._fire("lattice")
        return T.TypeCall(head, args)

    def _shouted(self, t) -> str:
        """A type as 1.5's @code_warntype would shout it, blanks removed: what an upper-cased type compares by."""
        text = t.text if type(t) is T.TypeHighlighted else self._printer.type(t)
        return "".join(text.split()).upper()
