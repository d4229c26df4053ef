"""Critical-edge splitting: a new block on every edge from a block with several successors to one with several
predecessors (`jlir opt --passes split-critical-edges`, and the first step of `jlir.ssa.out_of_ssa`).

Such an edge has no block of its own in which to put code that should run
only when control takes it (the copies of SSA destruction, say).  The new
block holds one `goto` to the old target and takes the edge's place in the
target's φs.  A branch target's new block goes after the last block that ends
in a `goto` or `return` (so nothing falls into it); a fall-through edge's new block
goes right after its source, which now falls into it.  The edge from an
`enter` to its catch block cannot be split (the catch block must be the
`enter`'s own target): it is left, and said in the notes.
"""
from __future__ import annotations

from jlir.edit import BBCode, IRCode
from jlir.ir import nodes as N
from jlir.ir.function import Function

__all__ = ["split_critical_edges"]


def split_critical_edges(fn: Function, notes: list | None = None) -> Function:
    """A new Function with no critical edge left but those into catch blocks (`fn` is unchanged); each edge
    left is said in `notes`."""
    notes = [] if notes is None else notes
    if any(s.new_id is not None for s in fn.stmts):
        fn = IRCode(fn).compact()
    bb = BBCode(fn)
    preds = bb.predecessors()
    for blk in list(bb.blocks):
        succs = bb.successors(blk)
        if len(succs) < 2:
            continue
        term = blk.terminator()
        for s in succs:
            if len(preds.get(s, ())) < 2:
                continue
            if N.flow_kind(term) == "enter" and s == term.catch_dest:
                notes.append(f"edge #{bb.number(blk.id)} → #{bb.number(s)} (enter → catch block) cannot be split")
                continue
            _split(bb, blk, s)
    return bb.to_function()


def _split(bb: BBCode, blk, s: int) -> None:
    """Put a new block `goto s` on the edge `blk → s` and make `s`'s φs name it."""
    falls = bb.falls_to(blk) == s and not (N.flow_kind(blk.terminator()) == "gotoifnot"
                                           and blk.terminator().dest == s)
    if falls:
        e = bb.add_block(blk.id, [N.GotoNode(s)])
        bb.fallthrough[blk.id] = e
    else:
        e = bb.add_block(_parking(bb).id, [N.GotoNode(s)])
        bb.retarget(blk, s, e)
    bb.rename_phi_edges(bb.block(s), blk.id, e)


def _parking(bb: BBCode):
    """The last block after which a new block can go without being fallen into: one ending in `goto` or `return`.

    (Not simply the last block: 1.5 CodeInfo ends blocks in `$(Expr(:unreachable))`, which Julia's CFG does
    not count as a terminator, so a block placed after one would be fallen into.)
    """
    for blk in reversed(bb.blocks):
        if N.flow_kind(blk.terminator()) in ("goto", "return"):
            return blk
    return bb.blocks[-1]
