"""The control-flow graph of a function, computed the way Julia's `compute_basic_blocks` does.

Block boundaries come from the model (`Function.blocks`); edges come from each
block's terminator plus fall-through.  Julia gives a catch block (the target
of an `enter`) an extra predecessor 0, an edge from outside the function;
`predecessors` keeps it, because the printer's `┄` marker counts it.
"""
from __future__ import annotations

from jlir.ir import nodes as N


def successors(f) -> list[list[int]]:
    """Successor block numbers of each block (index 0 is block 1), in Julia's order."""
    stmts = f.positional
    nblocks = len(f.blocks)
    out = []
    for b, block in enumerate(f.blocks, 1):
        term = stmts[block.last - 1].node if block.last >= 1 and block.last <= len(stmts) else None
        succs: list[int] = []
        falls = True
        if isinstance(term, N.ReturnNode) or (isinstance(term, N.Expr) and term.head == "return"):
            falls = False
        elif isinstance(term, N.GotoNode):
            succs.append(term.label)
            falls = False
        elif isinstance(term, N.GotoIfNot):
            if term.dest != b + 1:
                succs.append(term.dest)
        elif isinstance(term, N.EnterNode) and term.catch_dest:
            succs.append(term.catch_dest)
        if falls and b + 1 <= nblocks:
            succs.append(b + 1)
        out.append(succs)
    return out


def predecessors(f, branch_edges: bool = True) -> list[list[int]]:
    """Predecessor block numbers of each block (index 0 is block 1); 0 marks the catch-block edge.

    `branch_edges=False` leaves out the taken edge of a conditional branch, as
    Julia 1.0 does for CodeInfo, whose branches are still `Expr(:gotoifnot)`
    and escape its `compute_basic_blocks` (only the fall-through counts).
    """
    nblocks = len(f.blocks)
    preds: list[list[int]] = [[] for _ in range(nblocks)]
    stmts = f.positional
    for b, succs in enumerate(successors(f), 1):
        term = stmts[f.blocks[b - 1].last - 1].node if f.blocks[b - 1].last >= 1 else None
        if not branch_edges and isinstance(term, N.GotoIfNot):
            succs = [s for s in succs if s == b + 1]
        for s in succs:
            if 1 <= s <= nblocks:
                preds[s - 1].append(b)
                if isinstance(term, N.EnterNode) and s == term.catch_dest:
                    preds[s - 1].append(0)
    return preds
