"""The blocks Julia computes with, for a print whose blocks are the printer's (Julia's `inflate_ir`).

Julia 1.5 prints a CodeInfo with the blocks `compute_basic_blocks` finds in
its `code`, where `$(Expr(:unreachable))` is an ordinary expression: inference
leaves dead statements after it (`φ ()`, more `unreachable`s, `meta`), and the
print keeps them in the same block.  `inflate_ir`, which makes the IRCode the
optimizer, `construct_domtree` and `verify_ir` see, first turns that
expression into `ReturnNode()`, which ends a block: a statement after it starts
a new one, and every block after it gets a number one higher.  So the analyses
answer for `inflate(f)`, the same statements in Julia's blocks, with branch
targets and φ edges renumbered as `inflate_ir` renumbers them.
"""
from __future__ import annotations

import dataclasses

from jlir.ir import nodes as N
from jlir.ir import walk
from jlir.ir.function import Block

__all__ = ["inflate", "inflated_blocks"]


def inflated_blocks(blocks, positional) -> tuple[tuple[Block, ...], tuple[int, ...]] | None:
    """`(blocks, pieces)`: the blocks with each one split after every `$(Expr(:unreachable))` that is not its
    last statement, and how many pieces each printed block became; None when no block needs it."""
    n = len(positional)
    out: list[Block] = []
    pieces: list[int] = []
    split = False
    for blk in blocks:
        start = blk.first
        count = 1
        for i in range(blk.first, min(blk.last, n + 1)):
            if 1 <= i <= n and N.is_unreachable(positional[i - 1].node):
                out.append(Block(start, i))
                start = i + 1
                count += 1
                split = True
        out.append(Block(start, blk.last))
        pieces.append(count)
    return (tuple(out), tuple(pieces)) if split else None


def inflate(f):
    """`f` in the blocks Julia's `inflate_ir` computes (itself when they are the printed ones).

    A branch to printed block `b` goes to the first of `b`'s pieces; a φ edge from `b` comes from its last
    piece (the edge is `b`'s last statement, where control left it)."""
    positional = f.positional
    split = inflated_blocks(f.blocks, positional)
    if split is None:
        return f
    blocks, pieces = split
    first_piece = [0]
    for count in pieces:
        first_piece.append(first_piece[-1] + count)

    def target(b: int) -> int:
        return first_piece[b - 1] + 1 if 1 <= b <= len(pieces) else b

    def edge(b: int) -> int:
        return first_piece[b] if 1 <= b <= len(pieces) else b

    stmts = []
    for s in f.stmts:
        node = s.node
        if type(node) is N.PhiNode:
            node = N.PhiNode(tuple(edge(e) for e in node.edges), node.values)
        elif type(node).TARGETS:
            node = walk.map_targets(node, target)
        stmts.append(s if node is s.node else dataclasses.replace(s, node=node))
    return f.replace(stmts=tuple(stmts), blocks=blocks)
