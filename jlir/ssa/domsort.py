"""Julia 1.5's `domsort_ssa!`: the blocks of freshly built SSA IR in dominator-tree order.

`slot2reg` ends with it (`base/compiler/ssair/slot2ssa.jl`), so the block numbers of Julia's SSA IR are
these, not the slot form's.  The order is a depth-first walk of the dominator tree from block 1 that
takes the fall-through successor first when it is a child (children otherwise in ascending order, the
lowest first); blocks the tree does not reach (unreachable ones) are dropped.  Where a block's
fall-through successor no longer follows it, a `goto` is added: for a conditional branch in a new
block of its own (a broken critical edge), otherwise at the block's end.  A `goto` to the next block
becomes `nothing`.  Statements and pending nodes are renumbered, φ edges renamed.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from jlir.ir import nodes as N
from jlir.ir import values as V
from jlir.ir import walk
from jlir.ir.function import Statement

__all__ = ["DomSorted", "domsort"]


@dataclass(frozen=True, slots=True)
class DomSorted:
    """The sorted code: statements, block ranges, and the maps old → new of statements and blocks."""
    stmts: tuple
    blocks: tuple
    inst_rename: dict     # old positional statement or pending id -> new id
    bb_rename: dict       # old block -> new block
    result_order: tuple   # old block per new block (0: a broken critical edge)
    old_cfg: object


def _result_order(stmts, cfg, dt) -> list[int]:
    order, stack = [], []
    node = 1
    while node != -1:
        order.append(node)
        cs = dt.children(node)
        term = stmts[cfg.block(node).last - 1].node
        old_node = node + 1
        if cs:
            if old_node in cs:
                stack.extend(sorted((c for c in cs if c != old_node), reverse=True))
                node = old_node
            else:
                stack.extend(sorted(cs, reverse=True))
                node = stack.pop()
        else:
            node = stack.pop() if stack else -1
        if node != old_node and type(term) not in (N.GotoNode, N.ReturnNode) and type(term) is N.GotoIfNot:
            order.append(0)
    return order


def rename_incoming_edge(old_edge: int, old_to: int, ds_order, bb_rename) -> int:
    """Julia's `rename_incoming_edge`: a fall-through edge may now come through a broken critical edge."""
    new = bb_rename[old_edge]
    if old_edge == old_to - 1 and new < len(ds_order) and ds_order[new] == 0:
        new += 1
    return new


def rename_phi(edges, values, bb: int, order, bb_rename) -> tuple[list, list]:
    """Julia's `rename_phinode_edges`: edges from dropped blocks left out, the others renamed."""
    new_edges, new_values = [], []
    for e, v in zip(edges, values):
        if e != 0 and e not in bb_rename:
            continue
        new_edges.append(0 if e == 0 else rename_incoming_edge(e, bb, order, bb_rename))
        new_values.append(v)
    return new_edges, new_values


def _fix_terminator(out: dict, end: int, bb: int, new_bb: int, bb_rename, nblocks: int) -> int:
    """Fix the terminator at `end` (new numbering); returns the block's new end (a goto may be added)."""
    term = out[end].node
    follows = bb + 1 <= nblocks and bb + 1 in bb_rename
    if type(term) is N.GotoNode:
        label = bb_rename[term.label]
        out[end] = replace(out[end], node=V.NOTHING if label == new_bb + 1 else N.GotoNode(label))
    elif type(term) is N.GotoIfNot:
        if follows and bb_rename[bb + 1] != new_bb + 1:
            out[end + 1] = Statement(N.GotoNode(bb_rename[bb + 1]), None, out[end].loc)
        out[end] = replace(out[end], node=N.GotoIfNot(term.cond, bb_rename[term.dest]))
    elif type(term) is not N.ReturnNode:
        if type(term) is N.EnterNode and term.catch_dest in bb_rename:
            out[end] = replace(out[end], node=N.EnterNode(bb_rename[term.catch_dest], term.scope))
        if follows and bb_rename[bb + 1] != new_bb + 1:
            out[end + 1] = Statement(N.GotoNode(bb_rename[bb + 1]), None, out[end].loc)
            return end + 1
    return end


def domsort(stmts, cfg, dt, pending_positions) -> DomSorted:
    """`stmts` (positional `Statement`s of `cfg`'s blocks) sorted as `domsort_ssa!` sorts them.

    `pending_positions`: where each pending node (ids after the statements) stands; those in dropped
    blocks are dropped too (absent from `inst_rename`), the others renumbered after the sorted statements.
    """
    order = _result_order(stmts, cfg, dt)
    bb_rename = {b: i for i, b in enumerate(order, 1) if b != 0}
    out: dict = {}
    blocks: list = []
    inst_rename: dict = {}
    off = 0
    for new_bb, bb in enumerate(order, 1):
        if bb == 0:
            blocks.append((off + 1, off + 1))
            off += 1
            continue
        blk = cfg.block(bb)
        for k, idx in enumerate(blk.stmts):
            inst_rename[idx] = off + 1 + k
            out[off + 1 + k] = stmts[idx - 1]
        end = _fix_terminator(out, off + len(blk.stmts), bb, new_bb, bb_rename, len(cfg.blocks))
        blocks.append((off + 1, end))
        off = end
    total = len(out)
    n = len(stmts)
    kept = 0
    for i, pos in enumerate(pending_positions, 1):
        if pos in inst_rename:
            kept += 1
            inst_rename[n + i] = total + kept
    new_stmts = tuple(replace(out[i], node=renumber(out[i].node, inst_rename)) for i in range(1, total + 1))
    return DomSorted(new_stmts, tuple(blocks), inst_rename, bb_rename, tuple(order), cfg)


def renumber(node, inst_rename: dict):
    """`node` with every SSA value renumbered (values of dropped statements kept as they were)."""
    def f(v):
        if type(v) is V.SSAValue:
            return V.SSAValue(inst_rename.get(v.id, v.id))
        return walk.map_operands(v, f) if walk.is_known(v) else v
    if type(node) is V.SSAValue:
        return f(node)
    return walk.map_operands(node, f) if walk.is_known(node) else node
