"""Statement nodes: the instructions of Julia's SSA IR.

They mirror Julia's own node types (`Core.GotoNode`, `Core.PhiNode`, …) and
are frozen, slotted dataclasses.  Anything Julia represents as an `Expr`
(calls, `invoke`, `new`, `foreigncall`, `leave`, `boundscheck`, …) is an
`Expr` here too, with the same head and argument order.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class GotoNode:
    """`goto #label`: `label` is a block number (a statement number inside a quoted `:(goto %9)`)."""
    label: int


@dataclass(frozen=True, slots=True)
class GotoIfNot:
    """`goto #dest if not cond`."""
    cond: object
    dest: int


@dataclass(frozen=True, slots=True)
class ReturnNode:
    """`return val`; `val is None` is `unreachable`."""
    val: object = None


@dataclass(frozen=True, slots=True)
class PhiNode:
    """`φ (#e1 => v1, …)`: a value of None is `#undef`."""
    edges: tuple[int, ...]
    values: tuple


@dataclass(frozen=True, slots=True)
class PhiCNode:
    """`φᶜ (v1, …)`: the catch-block φ fed by upsilons."""
    values: tuple


@dataclass(frozen=True, slots=True)
class UpsilonNode:
    """`ϒ (v)`; `val is None` is `ϒ (#undef)`."""
    val: object = None


@dataclass(frozen=True, slots=True)
class PiNode:
    """`π (val, T)`: `val` narrowed to type `T`."""
    val: object
    typ: object


@dataclass(frozen=True, slots=True)
class EnterNode:
    """Start of a `try`: `enter #catch_dest` (1.11+), `$(Expr(:enter, #n))` before; `#0` is no catch block."""
    catch_dest: int
    scope: object = None


@dataclass(frozen=True, slots=True)
class NewvarNode:
    """`Core.NewvarNode(:(y))`: slot `y` becomes undefined."""
    slot: object


@dataclass(frozen=True, slots=True)
class MethodInstance:
    """The method instance of an `invoke`, reduced to what the printer shows: its argument types."""
    arg_types: tuple


@dataclass(frozen=True, slots=True)
class Expr:
    """`Expr(head, args…)`: calls (`call`, `invoke`), `new`, `=`, `foreigncall` and every other head.

    For `call`, `args[0]` is the callee; for `invoke`, `args[0]` is a
    `MethodInstance` and `args[1]` the callee.
    """
    head: str
    args: tuple


# Expr heads that Julia's printer never follows with a `::T` suffix (its `should_print_ssa_type`).
UNTYPED_EXPR_HEADS = frozenset({"gc_preserve_begin", "gc_preserve_end", "meta", "enter", "leave", "return"})
UNTYPED_NODES = (GotoNode, GotoIfNot, ReturnNode, PiNode, EnterNode)


def takes_type_suffix(node) -> bool:
    """Whether Julia prints `::T` after this statement in typed code (§2.3 of the format spec)."""
    from jlir.ir.values import QuoteNode
    if isinstance(node, Expr):
        return node.head not in UNTYPED_EXPR_HEADS
    return not isinstance(node, UNTYPED_NODES + (QuoteNode,))


def is_terminator(node) -> bool:
    """Whether `node` ends a basic block the way Julia's `compute_basic_blocks` sees it."""
    if isinstance(node, (GotoNode, GotoIfNot, ReturnNode, EnterNode)):
        return True
    return isinstance(node, Expr) and node.head in ("return", "gotoifnot", "enter")
