"""What `into_ssa` refuses rather than decide either way: a step slot2reg takes by a type the print does not give.

Two kinds: a node kept after compaction whose type merges a constant of a width the print does not prove
(`jlir.ssa.widths.UndecidedWidth`), and a π (a typed slot read) of a φ whose `tmerge` jlir cannot take, where
compaction's keeping or dropping the π depends on that type.
"""
from __future__ import annotations

from dataclasses import dataclass

from jlir.ir import nodes as N
from jlir.ir import values as V
from jlir.ir.errors import JlirError
from jlir.ssa.widths import UndecidedWidth

__all__ = ["UndecidedType", "UnknownArgument", "refuse_untyped_pi", "refuse_undecided_widths"]


@dataclass(frozen=True, slots=True)
class UnknownArgument:
    """The type of a φ, φᶜ or ϒ that merges an argument whose type the caller could not give (None among the
    `slottypes`: a closure's type, which inference gives as the `Const` of its instance if it is a singleton):
    a node compaction keeps with it makes `into_ssa` refuse, naming `why`."""
    why: str


class UndecidedType(JlirError):
    """A step slot2reg takes by a type the print does not give jlir (a constant's width `show` does not print, an
    untyped φ that a π narrows): refused rather than taken either way."""


def refuse_untyped_pi(b, kept: list) -> None:
    """`UndecidedType` where a π (a typed slot read) narrows a φ or φᶜ whose type jlir's `tmerge` cannot decide:
    compaction drops the π when its type is `===` the value's, so whether Julia keeps it is not in the print
    (`Distributed.#pmap#205`: a φ of two closure types, one a `UnionAll`)."""
    n = len(b.code)
    for p in kept:
        v = p.node.val if p.kind == "node" and type(p.node) is N.PiNode else None
        for _ in range(len(b.delayed)):   # a statement that assigned the node (a chain, never a cycle to follow)
            if type(v) is not V.SSAValue or v.id not in b.delayed:
                break
            v = b.delayed[v.id]
        if type(v) is V.SSAValue and v.id > n:
            q = b.pending[v.id - n - 1]
            if q.kind in ("phi", "phic") and q.type is None:
                raise UndecidedType("a π narrows a φ whose type jlir's tmerge cannot decide: whether Julia drops "
                                    "the π (its type `===` the φ's) is not in the print")


def refuse_undecided_widths(out) -> None:
    """`UndecidedType` where a node compaction kept merges a constant whose width the print does not show
    (`UndecidedWidth`); a node compaction dropped does not matter."""
    for i, s in enumerate(out.positional, 1):
        if type(s.type) is UnknownArgument:
            raise UndecidedType(f"the type of %{i} in SSA form is not in the print: it merges {s.type.why}")
        if type(s.type) is UndecidedWidth:
            raise UndecidedType(f"the type of %{i} in SSA form is not in the print: it merges {s.type.why}, whose "
                                "type `show` does not print (an Int16 1 prints as 1, a Float16 zero as 0.0); "
                                "Julia's tmerge depends on it")
