"""Statement nodes: the instructions of Julia's SSA IR.

They mirror Julia's own node types (`Core.GotoNode`, `Core.PhiNode`, …) and
are frozen, slotted dataclasses.  Anything Julia represents as an `Expr`
(calls, `invoke`, `new`, `foreigncall`, `leave`, `boundscheck`, …) is an
`Expr` here too, with the same head and argument order.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar


@dataclass(frozen=True, slots=True)
class GotoNode:
    """`goto #label`: `label` is a block number (a statement number inside a quoted `:(goto %9)`)."""
    OPERANDS: ClassVar[tuple] = ()
    TARGETS: ClassVar[tuple] = ("label",)
    TERMINATOR: ClassVar[bool] = True
    TYPE_SUFFIX: ClassVar[bool] = False
    PURE: ClassVar[bool] = True
    label: int


@dataclass(frozen=True, slots=True)
class GotoIfNot:
    """`goto #dest if not cond`."""
    OPERANDS: ClassVar[tuple] = ("cond",)
    TARGETS: ClassVar[tuple] = ("dest",)
    TERMINATOR: ClassVar[bool] = True
    TYPE_SUFFIX: ClassVar[bool] = False
    PURE: ClassVar[bool] = True
    cond: object
    dest: int


@dataclass(frozen=True, slots=True)
class ReturnNode:
    """`return val`; `val is None` is `unreachable`."""
    OPERANDS: ClassVar[tuple] = ("val",)
    TARGETS: ClassVar[tuple] = ()
    TERMINATOR: ClassVar[bool] = True
    TYPE_SUFFIX: ClassVar[bool] = False
    PURE: ClassVar[bool] = True
    val: object = None


@dataclass(frozen=True, slots=True)
class PhiNode:
    """`φ (#e1 => v1, …)`: a value of None is `#undef`."""
    OPERANDS: ClassVar[tuple] = ("values",)
    TARGETS: ClassVar[tuple] = ("edges",)
    TERMINATOR: ClassVar[bool] = False
    TYPE_SUFFIX: ClassVar[bool] = True
    PURE: ClassVar[bool] = True
    edges: tuple[int, ...]
    values: tuple


@dataclass(frozen=True, slots=True)
class PhiCNode:
    """`φᶜ (v1, …)`: the catch-block φ fed by upsilons."""
    OPERANDS: ClassVar[tuple] = ("values",)
    TARGETS: ClassVar[tuple] = ()
    TERMINATOR: ClassVar[bool] = False
    TYPE_SUFFIX: ClassVar[bool] = True
    PURE: ClassVar[bool] = True
    values: tuple


@dataclass(frozen=True, slots=True)
class UpsilonNode:
    """`ϒ (v)`; `val is None` is `ϒ (#undef)`."""
    OPERANDS: ClassVar[tuple] = ("val",)
    TARGETS: ClassVar[tuple] = ()
    TERMINATOR: ClassVar[bool] = False
    TYPE_SUFFIX: ClassVar[bool] = True
    PURE: ClassVar[bool] = False
    val: object = None


@dataclass(frozen=True, slots=True)
class PiNode:
    """`π (val, T)`: `val` narrowed to type `T`."""
    OPERANDS: ClassVar[tuple] = ("val",)
    TARGETS: ClassVar[tuple] = ()
    TERMINATOR: ClassVar[bool] = False
    TYPE_SUFFIX: ClassVar[bool] = False
    PURE: ClassVar[bool] = True
    val: object
    typ: object


@dataclass(frozen=True, slots=True)
class EnterNode:
    """Start of a `try`: `enter #catch_dest` (1.11+), `$(Expr(:enter, #n))` before; `#0` is no catch block."""
    OPERANDS: ClassVar[tuple] = ("scope",)
    TARGETS: ClassVar[tuple] = ("catch_dest",)
    TERMINATOR: ClassVar[bool] = True
    TYPE_SUFFIX: ClassVar[bool] = False
    PURE: ClassVar[bool] = False
    catch_dest: int
    scope: object = None


@dataclass(frozen=True, slots=True)
class NewvarNode:
    """`Core.NewvarNode(:(y))`: slot `y` becomes undefined."""
    OPERANDS: ClassVar[tuple] = ()
    TARGETS: ClassVar[tuple] = ()
    TERMINATOR: ClassVar[bool] = False
    TYPE_SUFFIX: ClassVar[bool] = True
    PURE: ClassVar[bool] = False
    slot: object


@dataclass(frozen=True, slots=True)
class MethodInstance:
    """The method instance of an `invoke`, reduced to what the printer shows: its argument types."""
    OPERANDS: ClassVar[tuple] = ()
    TARGETS: ClassVar[tuple] = ()
    TERMINATOR: ClassVar[bool] = False
    TYPE_SUFFIX: ClassVar[bool] = True
    PURE: ClassVar[bool] = True
    arg_types: tuple


@dataclass(frozen=True, slots=True)
class Expr:
    """`Expr(head, args…)`: calls (`call`, `invoke`), `new`, `=`, `foreigncall` and every other head.

    For `call`, `args[0]` is the callee; for `invoke`, `args[0]` is a
    `MethodInstance` and `args[1]` the callee.
    """
    OPERANDS: ClassVar[tuple] = ("args",)
    TARGETS: ClassVar[tuple] = ()
    TERMINATOR: ClassVar[bool] = False
    TYPE_SUFFIX: ClassVar[bool] = True
    PURE: ClassVar[bool] = False
    head: str
    args: tuple



@dataclass(frozen=True, slots=True)
class Elided:
    """What an excerpt does not show: a statement the text skips, or the part of a row a person cut away.

    Julia never prints this; a person does, pasting an excerpt (`...`, `│   ...`, `⋮`, a column of `.`, `(...)`,
    a text that starts at block 5 or stops at `return %`).  Numbering stays honest: every number the text
    skips is one positional statement with this node (`%18` stays statement 18; widths count them), and
    analyses, passes, the interpreter and SSA conversion refuse a function that holds one
    (`jlir.ir.excerpt`).  `shape` says which:

    * `run`: one of a run of skipped statements; the run's first carries in `marker` the lines the author
      wrote in its place (joined by newlines; "" when nothing was written: a text that starts at block 5),
      the others "".  The text does not show where blocks start inside a run: the blocks there are
      placeholders (each at least one statement), not facts;
    * `rest`: the text stops here (a trailing `...`): the statements from here on, as few as the text allows
      (up to the highest `%N` and `#B` it names, and what its SSA column's width implies; the rest's further
      statements carry `marker=""`); how many there really are is unknown;
    * `inline`: a printed row whose expression was elided (`%14 = (...)::Int64`): `marker` is what stands for it;
    * `truncated`: a row cut short (`return %`): `marker` is its text, kept verbatim.

    `line` is the marker's line in the text read (1-based; not compared: the same excerpt printed elsewhere is
    equal).  `uses` are the values the text shows used (printed `%N = `) that no shown statement reads: an elided
    statement reads them, so they stay used.  `merges` (on a function's first elision) are the blocks the text
    prints as merge points (`N ┄`): the branches that made them so may be elided, so the CFG cannot tell.
    """
    OPERANDS: ClassVar[tuple] = ("uses",)
    TARGETS: ClassVar[tuple] = ("merges",)
    TERMINATOR: ClassVar[bool] = False
    TYPE_SUFFIX: ClassVar[bool] = True
    PURE: ClassVar[bool] = False
    marker: str = ""
    line: int = field(default=0, compare=False)  # where it was read, not what it is: a reprint moves it
    shape: str = "run"
    uses: tuple = ()
    merges: tuple[int, ...] = ()

# Traits, declared on each class above and read through the functions below (and `jlir.ir.walk`):
#   OPERANDS    fields holding operand values (a tuple field holds several; None in one is `#undef`/absent)
#   TARGETS     fields holding block numbers (branch targets, φ edges, the catch block of `enter`)
#   TERMINATOR  ends a basic block in Julia's `compute_basic_blocks`
#   TYPE_SUFFIX Julia prints `::T` after it in typed code (its `should_print_ssa_type`)
#   PURE        no side effect and cannot throw, so removable when unused (calls: decided per callee by passes)
# An Expr's traits depend on its head: the head sets below refine the class's defaults.

# Expr heads that Julia's printer never follows with a `::T` suffix (its `should_print_ssa_type`).
UNTYPED_EXPR_HEADS = frozenset({"gc_preserve_begin", "gc_preserve_end", "meta", "enter", "leave", "return"})
# Expr heads of lowered top-level code printed as a word: `global x`, `const x`, `local x`.
DECLARATION_HEADS = frozenset({"global", "local", "const"})
# Expr heads that end a block (pre-1.x spellings of the terminators).
TERMINATOR_EXPR_HEADS = frozenset({"return", "gotoifnot", "enter"})


def takes_type_suffix(node) -> bool:
    """Whether Julia prints `::T` after this statement in typed code (§2.3 of the format spec)."""
    if type(node) is Expr:
        return node.head not in UNTYPED_EXPR_HEADS
    return getattr(type(node), "TYPE_SUFFIX", True)


def is_terminator(node) -> bool:
    """Whether `node` ends a basic block the way Julia's `compute_basic_blocks` sees it."""
    if type(node) is Expr:
        return node.head in TERMINATOR_EXPR_HEADS
    return getattr(type(node), "TERMINATOR", False)


def is_unreachable(node) -> bool:
    """1.5 CodeInfo's `$(Expr(:unreachable))`: control never passes it (IRCode's `unreachable`, a bare
    `ReturnNode`), though Julia's CFG of CodeInfo does not end a block there (`flow_kind` is None)."""
    return type(node) is Expr and node.head == "unreachable"


def flow_kind(node) -> str | None:
    """How control leaves a block ending in `node`: "return" (also `unreachable`), "goto", "gotoifnot",
    "enter" (falls through, and may jump to the catch block), or None (falls through)."""
    cls = type(node)
    if cls is ReturnNode or (cls is Expr and node.head == "return"):
        return "return"
    if cls is GotoNode:
        return "goto"
    if cls is GotoIfNot:
        return "gotoifnot"
    if cls is EnterNode:
        return "enter"
    return None
