"""The order of each block's predecessors in Julia's `ir.cfg` after 1.5's `slot2reg`, where the print shows it.

`domsort_ssa!` (ssair/slot2ssa.jl) renumbers the blocks in a walk of the dominator tree (each block's
fall-through child first, then its other children by their old numbers) and renames each block's
predecessor list in place: the list stays in the order of the old numbers (`compute_basic_blocks` built it
ascending), while `compute_cfg` of the print lists it by the new ones.  `ssa_inlining_pass!` and `compact!`
keep these lists, so the inlining and type_lift prints carry the same order; but there the shape below no
longer tells it (`compact!` retypes the `nothing`, and the rows inlining empties make blocks of the same
shape: read there, it put 19 prints of the inlining stage right and 11 wrong), so `domsort_order` is for the
print `slot2reg` returns.

The walk moves a block only where the old order put a sibling of the fall-through child among that child's
descendants.  Lowering makes one such layout, an `if` whose branch lowering wrote as jumps (a loop body's
`if … end`, `&&`): `goto #d if not c`, then a block holding only `goto #then`, then `d`, a block holding only
`goto #end`, then the body.  The walk puts `d` after the body, where the print shows it as a block of one
`goto` (or a `nothing`, the goto `domsort_ssa!` dropped because its target became the next block), and the
block after the branch, the fall-through, as such a block too.  That shape is in the print: `d` stood right
after the fall-through block, so in a predecessor list it comes before the body's blocks.  Other moves (3 of the
28 prints on all of Base where this order differs: `_require_from_serialized`, `close_chnl_on_taskdone`,
`getfield_elim_pass!`) jlir does not reproduce.
"""
from __future__ import annotations

from jlir.ir import nodes as N
from jlir.ir import values as V
from jlir.ir.cfg import CFG, BasicBlock

__all__ = ["domsort_order", "old_block_order"]


def _lone_jump(fn, cfg: CFG, b: int) -> bool:
    """Whether block `b` holds one statement, a `goto` or the `nothing` `domsort_ssa!` leaves of one."""
    blk = cfg.blocks[b - 1]
    if blk.first != blk.last or not 1 <= blk.first <= len(fn.positional):
        return False
    node = fn.positional[blk.first - 1].node
    return node == V.NOTHING or type(node) is N.GotoNode


def old_block_order(fn, cfg: CFG) -> list[int]:
    """The blocks (their printed numbers) in the order they had before `domsort_ssa!`, as far as the print
    shows it: each `d` of the layout above moved back after its branch's fall-through block, outer branches
    first (an inner one's blocks move with the body they are in)."""
    stmts = fn.positional
    nblocks = len(cfg.blocks)
    # a linked list of the blocks (0 heads it), so that each move is O(1) and the whole near-linear
    nxt = {b: b + 1 for b in range(nblocks)}
    prv = {b + 1: b for b in range(nblocks)}
    nxt[nblocks] = None
    for n, blk in enumerate(cfg.blocks, 1):
        if not 1 <= blk.last <= len(stmts):
            continue
        term = stmts[blk.last - 1].node
        if type(term) is not N.GotoIfNot or not n + 2 < term.dest <= nblocks:
            continue
        if _lone_jump(fn, cfg, n + 1) and _lone_jump(fn, cfg, term.dest):
            d, after = term.dest, n + 1
            nxt[prv[d]], before = nxt[d], prv[d]   # take d out
            if nxt[d] is not None:
                prv[nxt[d]] = before
            nxt[d], prv[d] = nxt[after], after       # put it back after `after`
            if nxt[after] is not None:
                prv[nxt[after]] = d
            nxt[after] = d
    order, b = [], nxt[0]
    while b is not None:
        order.append(b)
        b = nxt[b]
    return order


def domsort_order(fn, cfg: CFG) -> CFG:
    """`cfg` (`compute_cfg` of `fn`) with each block's predecessors in the order of `old_block_order`, as
    `domsort_ssa!` leaves them.  Successor lists and edges are unchanged."""
    order = old_block_order(fn, cfg)
    if order == sorted(order):
        return cfg
    pos = {b: k for k, b in enumerate(order)}
    return CFG(tuple(BasicBlock(x.first, x.last, _sorted_preds(x.preds, pos), x.succs) for x in cfg.blocks))


def _sorted_preds(preds: tuple, pos: dict) -> tuple:
    """`preds` by old position; the virtual `0` of a catch block stays after the `enter` block it follows."""
    units: list[list[int]] = []
    for p in preds:
        if p == 0 and units:
            units[-1].append(0)
        else:
            units.append([p])
    units.sort(key=lambda u: pos.get(u[0], -1))
    return tuple(p for u in units for p in u)
