"""The small AST of *shown* Julia values: types after `::` and constants printed by `show`.

Julia prints a type, a lattice element (`Core.Const(1)`,
`Core.Compiler.PartialStruct(...)`) or a constant inside `$(QuoteNode(...))`
through the same `show` machinery, so one AST serves all of them.  It keeps
exactly what is needed to print the text back: the separator between curly
parameters is *not* stored, because it follows from the Julia version that
printed it (see `jlir.ir.style`).
"""
from __future__ import annotations

from dataclasses import dataclass


class Shown:
    """Base of the shown-value classes: the traits of `jlir.ir.nodes` (see there), the same for all of them.

    A shown type or constant is a leaf of the operand walk (`jlir.ir.walk`): it
    refers to no SSA value or block, even when it holds a quoted statement.
    """
    __slots__ = ()
    OPERANDS = ()
    TARGETS = ()
    TERMINATOR = False
    TYPE_SUFFIX = True
    PURE = True


@dataclass(frozen=True, slots=True)
class TypeName(Shown):
    """`Int64`, `Base.OneTo`, `Core.Compiler.Const`: a dotted path, components as printed."""
    path: tuple[str, ...]

    @property
    def name(self) -> str:
        return self.path[-1]


@dataclass(frozen=True, slots=True)
class TypeApply(Shown):
    """`Head{P1, P2}`; `Union{}` has no parameters."""
    head: object
    params: tuple


@dataclass(frozen=True, slots=True)
class TypeCall(Shown):
    """`Head(a, b)`: `typeof(f)`, `Core.Const(1)`, `Core.Compiler.Const(1, false)`, `Foo()`.

    `trailing_comma`: a value whose `show` prints its fields as a tuple, `CartesianIndex(1,)`."""
    head: object
    args: tuple
    trailing_comma: bool = False


@dataclass(frozen=True, slots=True)
class TypeWhere(Shown):
    """`body where var`; `A where B where C` nests."""
    body: object
    var: object


@dataclass(frozen=True, slots=True)
class TypeTuple(Shown):
    """A tuple value `(1, 2)`, `(:a,)`, `()`."""
    items: tuple


@dataclass(frozen=True, slots=True)
class TypeVect(Shown):
    """A vector literal: `Any[Core.Const(1), Int64]` (inside PartialStruct), `[3, 1, 4]` (`eltype` None)."""
    eltype: object
    items: tuple


@dataclass(frozen=True, slots=True)
class TypeInfix(Shown):
    """`lhs op rhs`: `T<:Real`, `1:4`, `1 => 2`."""
    op: str
    lhs: object
    rhs: object


@dataclass(frozen=True, slots=True)
class TypePrefix(Shown):
    """`op arg` without space: `<:Real`, `-x`."""
    op: str
    arg: object


@dataclass(frozen=True, slots=True)
class TypeNoted(Shown):
    """A value `show` follows with a note: `Ptr{Nothing} @0x0000000000000000`, `f (generic function with 3 methods)`."""
    value: object
    note: str


@dataclass(frozen=True, slots=True)
class TypeOpaque(Shown):
    """`show` output jlir does not model, kept verbatim: quoted surface Julia (`:(p[end])`, multi-line
    `quote` blocks), an exception's message, a truncated array `[1, 2  …  36]`.  It is a constant, not IR."""
    text: str


@dataclass(frozen=True, slots=True)
class TypeHighlighted(Shown):
    """A type Julia 1.5's `@code_warntype` printed upper-cased (its uncoloured way to flag a non-concrete
    type: `UNION{FLOAT64, INT64}`); the original case is lost, so the text is kept as printed."""
    text: str


@dataclass(frozen=True, slots=True)
class TypeComment(Shown):
    """`#= 2 cause(s) =#` (in 1.12's `LimitedAccuracy`)."""
    text: str


@dataclass(frozen=True, slots=True)
class TypeQuote(Shown):
    """`:(…)`: a quoted statement or expression shown as a value (1.5 dead code, QuoteNode contents)."""
    inner: object


@dataclass(frozen=True, slots=True)
class NestedCodeInfo(Shown):
    """A CodeInfo shown inside a statement of lowered top-level code (`$(Expr(:thunk, CodeInfo(…)))`,
    `$(Expr(:method, :f, :(%6), CodeInfo(…)))`, as `Meta.lower` gives them).

    `code` is the nested `Function` (a lowered CodeInfo, printed with its own columns), or None for a CodeInfo
    whose line table still holds LineNumberNodes: Julia (≤1.11) shows that one as an `Expr` block,
    `CodeInfo(quote … end)`, which is surface Julia, not IR, and `quote` keeps its text (`quote` … `end`).
    A constant of the statement it stands in: no operand walk enters it."""
    code: object
    quote: str | None


# Lattice element heads, by last path component: what makes a type "extended".
LATTICE_HEADS = frozenset({"Const", "PartialStruct", "PartialTuple", "MaybeUndef", "Conditional",
                           "InterConditional", "PartialTypeVar", "LimitedAccuracy", "PartialOpaque"})


def is_lattice_element(t) -> bool:
    """True for `Core.Const(…)`, `PartialStruct(…)`, `MaybeUndef(…)` and the other inference-lattice wrappers."""
    return isinstance(t, TypeCall) and isinstance(t.head, TypeName) and t.head.name in LATTICE_HEADS


def widen(t):
    """The plain Julia type behind a lattice element where it is printed (`PartialStruct(T, …)` → T)."""
    if is_lattice_element(t) and t.head.name in ("PartialStruct", "PartialTuple", "MaybeUndef", "LimitedAccuracy"):
        return t.args[0]
    return t


# The `…` of a long array shown truncated, standing among its items.
ELIDED = TypeName(("…",))

UNION_EMPTY = TypeApply(TypeName(("Union",)), ())
NOTHING_TYPE = TypeName(("Nothing",))
ANY = TypeName(("Any",))
UNDEF_TYPE = TypeName(("#UNDEF",))
