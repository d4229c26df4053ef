"""`compact`: Julia's `compact!` (see `jlir.edit.compact`): pending nodes placed, `nothing`s dropped, renumbered."""
from __future__ import annotations

from jlir.edit import IRCode
from jlir.ir.function import Function
from jlir.passes.registry import register


@register("compact", "renumber as Julia's compact! does: place pending nodes, drop nothing statements, fold trivial φ/π")
def compact(fn: Function, notes: list | None = None, types: tuple = ((), ())) -> Function:
    """A new, compacted Function (`fn` is unchanged); `types`, the instance's `(argtypes, sptypes)` as Julia's
    `IRCode` holds them (`jlir.lattice.signature`), let its `simple_dce!` prove what Julia's proves."""
    return IRCode(fn, *types).compact()
