"""The CFGs of two prints compared under the block map read off the paired statements."""
from __future__ import annotations

from dataclasses import replace

from jlir.compare.align import Entry
from jlir.compare.model import BlockDiff, EdgeChange
from jlir.ir.cfg import compute_cfg
from jlir.ir.function import Function


def _canonical_function(f: Function, es: list[Entry]) -> Function:
    """`f` with canonical nodes: its CFG as Julia's later printers see it (`$(Expr(:unreachable))` ends a block)."""
    return f.replace(stmts=tuple(replace(e.stmt, node=e.canon.node) for e in es))


def block_diff(fa, fb, xs, ys, pairs, mapping) -> BlockDiff:
    na, nb = len(fa.blocks), len(fb.blocks)
    to_b = {a: b for a, b in mapping.blocks.items() if 1 <= a <= na and 1 <= b <= nb}
    homes_a: dict[int, list[int]] = {}  # A block → B blocks of its paired statements, in order
    homes_b: dict[int, list[int]] = {}  # B block → A blocks of its paired statements
    for i, j in pairs:
        a, b = xs[i].block, ys[j].block
        if a and b:
            homes_a.setdefault(a, []).append(b)
            homes_b.setdefault(b, []).append(a)
    succ_a = [b.succs for b in compute_cfg(_canonical_function(fa, xs)).blocks]
    succ_b = [b.succs for b in compute_cfg(_canonical_function(fb, ys)).blocks]
    edges = []
    for a, b in sorted(to_b.items()):
        tail = homes_a[a][-1] if a in homes_a else b  # where A's terminator went (the last piece of a split)
        pieces = set(homes_a.get(a, ()))
        # edges between the pieces of a split or into a merged block are reported as the split or merge
        mapped = {to_b.get(s, -s) for s in succ_a[a - 1]} - pieces
        if mapped != set(succ_b[tail - 1]) - pieces:
            edges.append(EdgeChange(a, tail, tuple(succ_a[a - 1]), tuple(succ_b[tail - 1])))
    return BlockDiff(na, nb, tuple(sorted(to_b.items())),
                     tuple(a for a in range(1, na + 1) if a not in homes_a),
                     tuple(b for b in range(1, nb + 1) if b not in homes_b),
                     _spread(homes_a), tuple((a_blocks, b) for b, a_blocks in _spread(homes_b)), tuple(edges))


def _spread(homes: dict) -> tuple:
    """(block, the other side's blocks) for each block whose paired statements lie in several blocks there."""
    return tuple((k, tuple(dict.fromkeys(v))) for k, v in sorted(homes.items()) if len(set(v)) > 1)
