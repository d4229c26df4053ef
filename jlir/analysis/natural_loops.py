"""Natural loops, their nesting, and the evidence of irreducible control flow.

A back edge is an edge `t → h` whose target dominates its source; its
natural loop is `h` plus every block that reaches `t` without passing `h`.
Loops sharing a header are merged (one `Loop` per header, as LLVM's
`LoopInfo` and most compilers do), and two loops with different headers are
then either disjoint or nested, so they form a forest: the parent of a loop is
the innermost other loop holding its header, and `depth` counts from 1 at the
outermost loop.

A retreating edge (target an ancestor of the source in the DFS tree: Julia's
DFS order, see `jlir.analysis.graph`) that is not a back edge enters a cycle
other than through a dominating header: that is irreducible control flow,
which natural loops do not describe; those edges are listed in
`LoopForest.irreducible`.  Which retreating edges a DFS meets in an
irreducible region depends on the DFS order; that the list is empty exactly
when the reachable graph is reducible does not.  Unreachable blocks and the
catch-edge predecessor 0 take no part.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from jlir.analysis.dominance import DomTree, NoSuchBlock
from jlir.analysis.graph import by_shape, dfs_preorder, predecessor_lists, subtree_sizes, successor_lists
from jlir.ir.cfg import CFG

__all__ = ["Loop", "LoopForest", "find_loops"]


@dataclass(frozen=True, slots=True)
class Loop:
    """One natural loop: its header, its blocks (sorted, header included), its back edges `(latch, header)`."""
    header: int
    blocks: tuple[int, ...]
    back_edges: tuple[tuple[int, int], ...]
    depth: int
    parent: int


@dataclass(frozen=True, slots=True)
class LoopForest:
    """Every natural loop of a CFG (by header, ascending) and, per block, the innermost loop holding it.

    `back_edges` are `(latch, header)` sorted by header, then latch;
    `irreducible` are `(source, target)` sorted.
    """
    loops: tuple[Loop, ...]
    back_edges: tuple[tuple[int, int], ...]
    irreducible: tuple[tuple[int, int], ...]
    _innermost: tuple[int, ...] = field(repr=False)
    _depths: tuple[int, ...] = field(repr=False)

    def _check(self, b: int) -> None:
        if not 1 <= b <= len(self._innermost):
            raise NoSuchBlock(f"no block #{b} (the CFG has {len(self._innermost)})")

    def loop_of(self, b: int) -> int:
        """The header of the innermost loop holding block `b`, 0 when `b` is in no loop."""
        self._check(b)
        return self._innermost[b - 1]

    def depth(self, b: int) -> int:
        """How many loops hold block `b` (0 outside every loop)."""
        self._check(b)
        return self._depths[b - 1]

    def loop(self, header: int) -> Loop:
        """The loop headed by `header` (a `NoSuchBlock` error when `header` heads none)."""
        for lp in self.loops:
            if lp.header == header:
                return lp
        raise NoSuchBlock(f"block #{header} heads no loop")


def _natural_loop(header: int, latches: list[int], preds: list, reached: list[int]) -> list[int]:
    """`header` plus every reachable block that reaches a latch without passing the header (backward walk)."""
    body = {header}
    stack = [t for t in latches if t != header]
    body.update(stack)
    while stack:
        for p in preds[stack.pop()]:
            if p not in body and reached[p]:
                body.add(p)
                stack.append(p)
    return sorted(body)


def _edges(cfg: CFG, dt: DomTree) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """`(back edges, irreducible retreating edges)`, both sorted, from one pass over the DFS tree."""
    to_pre, _, parent = dfs_preorder(successor_lists(cfg), 1)
    size = subtree_sizes(parent)
    back: list[tuple[int, int]] = []
    irreducible: list[tuple[int, int]] = []
    for t, block in enumerate(cfg.blocks, 1):
        kt = to_pre[t]
        if not kt:
            continue
        for h in block.succs:
            kh = to_pre[h]
            if dt.dominates(h, t):
                back.append((t, h))
            elif kh <= kt < kh + size[kh]:
                irreducible.append((t, h))
    back.sort(key=lambda e: (e[1], e[0]))
    irreducible.sort()
    return back, irreducible


def find_loops(cfg: CFG, dt: DomTree) -> LoopForest:
    """The natural loops of `cfg` under dominator tree `dt`, nested, plus the irreducible retreating edges (once
    per shape of a small CFG and tree: `jlir.analysis.graph.by_shape`)."""
    return by_shape("loops", cfg, dt, lambda: _find_loops(cfg, dt))


def _find_loops(cfg: CFG, dt: DomTree) -> LoopForest:
    n = len(cfg.blocks)
    if n == 0:
        return LoopForest((), (), (), (), ())
    back, irreducible = _edges(cfg, dt)
    preds = predecessor_lists(cfg)
    reached = [0] + [int(dt.in_tree(b)) for b in range(1, n + 1)]
    latches: dict[int, list[int]] = {}
    for t, h in back:
        latches.setdefault(h, []).append(t)
    bodies = {h: _natural_loop(h, ts, preds, reached) for h, ts in latches.items()}
    innermost = [0] * (n + 1)
    depths = [0] * (n + 1)
    loop_depth = {0: 0}
    parents = {}
    # Outer loops first (their headers are shallower in the dominator tree), so an
    # inner loop's blocks overwrite the outer one's: `innermost` ends up innermost.
    for h in sorted(bodies, key=lambda h: (dt.depth(h), h)):
        parents[h] = innermost[h]
        loop_depth[h] = loop_depth[parents[h]] + 1
        for b in bodies[h]:
            innermost[b] = h
            depths[b] = loop_depth[h]
    loops = tuple(Loop(h, tuple(bodies[h]), tuple((t, h) for t in latches[h]), loop_depth[h], parents[h])
                  for h in sorted(bodies))
    return LoopForest(loops, tuple(back), tuple(irreducible), tuple(innermost[1:]), tuple(depths[1:]))
