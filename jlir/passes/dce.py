"""`dce`: dead-code elimination, mark and sweep (what Julia's `adce_pass!` does, minus its type-lattice reasoning).

Unreachable blocks go first (with the φ edges they fed); then every statement
that cannot be removed (`jlir.edit.purity`: effects, possible throws,
terminators) is live, and so is everything a live statement uses, through
φ operands too.  What is left is dead and deleted: unused pure statements and
whole webs of φs that only feed each other.  The result is compacted, so φs
left with one edge in a block with one predecessor fold into their value.
"""
from __future__ import annotations

from jlir.ir.cfg import compute_cfg, in_range
from jlir.analysis.graph import reachable_blocks
from jlir.edit import IRCode
from jlir.ir import walk
from jlir.ir.function import Function
from jlir.edit.purity import is_removable
from jlir.passes.registry import register


def compacted(fn: Function) -> Function:
    """`fn` without pending nodes (compacted when it has any), the form the passes edit."""
    return IRCode(fn).compact() if any(s.new_id is not None for s in fn.stmts) else fn


@register("dce", "delete unreachable blocks and statements whose value nothing live uses (pure ones only)")
def dce(fn: Function, notes: list | None = None) -> Function:
    """A new Function without dead code (`fn` is unchanged)."""
    ir, stmts, live = _swept(compacted(fn))
    for i in stmts:
        if i not in live:
            ir.delete(i)
    return ir.compact()


def dead_statements(fn: Function) -> set[int]:
    """The statements of reachable blocks that `dce` deletes (numbered as in `fn`, which has no pending nodes):
    unused and without effect.  Unreachable blocks go whole; they are not listed here."""
    _ir, stmts, live = _swept(fn)
    return {i for i in stmts if i not in live}


def _swept(fn: Function) -> tuple[IRCode, list[int], set[int]]:
    """`fn` as an IRCode without its unreachable blocks, the statements of its reachable blocks, the live ones."""
    ir = IRCode(fn)
    cfg = in_range(compute_cfg(fn))
    live_blocks = reachable_blocks(cfg)
    dead = set(range(1, len(cfg.blocks) + 1)) - set(live_blocks)
    if dead:
        ir.remove_blocks(dead)
    stmts = [i for b in sorted(live_blocks) for i in cfg.blocks[b - 1].stmts]
    return ir, stmts, _mark(ir, stmts)


def _mark(ir: IRCode, stmts: list[int]) -> set[int]:
    """The statements that must stay: the unremovable ones and, transitively, what they use."""
    n = len(ir)
    live: set[int] = set()
    every = [ir.stmt(k) for k in range(1, n + 1)]
    work = [i for i in stmts if not is_removable(ir.stmt(i), every)]
    live.update(work)
    while work:
        i = work.pop()
        for k in walk.ssa_uses(ir.stmt(i).node):
            if 1 <= k <= n and k not in live:
                live.add(k)
                work.append(k)
    return live
