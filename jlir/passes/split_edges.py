"""`split-critical-edges`: a new block on every critical edge (see `jlir.ssa.split_edges`, where the work is done,
so that `jlir.ssa.out_of_ssa` can split before it places copies)."""
from __future__ import annotations

from jlir.ir.function import Function
from jlir.passes.registry import register
from jlir.ssa.split_edges import split_critical_edges as _split

__all__ = ["split_critical_edges"]


@register("split-critical-edges", "give every critical edge a block of its own (the enter → catch edge is left, with a note)")
def split_critical_edges(fn: Function, notes: list | None = None) -> Function:
    """A new Function with no critical edge left but those into catch blocks (`fn` is unchanged)."""
    return _split(fn, notes)
