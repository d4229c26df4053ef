"""Dominator and post-dominator trees, dominance frontiers and φ placement, as Julia computes them.

The dominator tree is Julia's (`base/compiler/ssair/domtree.jl`, 1.5 and
later): Semi-NCA [Georgiadis 2005] over Julia's DFS order (see
`jlir.analysis.graph`), semidominators by path compression, then each
immediate dominator as the nearest common ancestor of the DFS parent and the
semidominator.  Everything is iterative, so a million-block chain is fine: about 0.1 s per
100,000 blocks on structured graphs (`scripts/bench/bench_analyses.py`).

Conventions, all Julia's:

* `idoms[b - 1]` is the immediate dominator of block `b`; `idoms[0] == 0`
  (the entry) and unreachable blocks have 0 too.  Predecessor 0 (the extra
  catch-block edge of an `enter`) is ignored: a catch block is dominated
  through its `enter` block's successor edge, as in Julia.
* `depth(b)` is Julia's `nodes[b].level`: 1 for the entry, one more per tree
  edge; an unreachable block keeps Julia's default level 1 (Julia's own
  `bb_unreachable` is "not the entry and level 1").
* `dominates(a, b)` is reflexive, but False whenever `b` is unreachable (Julia
  answers True for `a == b` even then; nothing dominates an unreachable block
  here).  It answers in O(1) from dominator-tree preorder intervals.

Post-dominators mirror Julia 1.9+'s `construct_postdomtree`: the DFS runs
over predecessors from a virtual exit (Julia's preorder number 0, "block -1")
whose children are the blocks without successors, pushed in ascending order.
So `ipdoms[b - 1] == 0` for an exit block and for a block whose paths reach
different exits (the parent of both is the virtual exit), and also for a block
from which no exit is reachable (an infinite loop).  Every block whose parent
is the virtual exit is a root at level 1; a block that never reaches an exit
has level 1 and no children.  `postdominates(a, b)` is False when `b` never
reaches an exit.  Predecessor 0 is skipped by that DFS, as in Julia.

Checked against set-based definitions (tests/analysis/test_dominance.py), against the
idoms Julia 1.5.3 stored beside every fixture, and against a live Julia 1.5.3's
`construct_domtree` levels and `idf` order on random CFGs.
"""
from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from heapq import heappop, heappush
from typing import Iterable

from jlir.analysis.graph import by_shape, dfs_preorder, predecessor_lists, successor_lists
from jlir.util.gcpause import gc_paused
from jlir.ir.cfg import CFG
from jlir.ir.errors import JlirError

__all__ = ["DomTree", "PostDomTree", "NoSuchBlock", "dominator_tree", "post_dominator_tree",
           "dominance_frontiers", "iterated_dominance_frontier"]


class NoSuchBlock(JlirError, IndexError):
    """A block number outside `1..n` was asked of a dominator tree."""


@dataclass(frozen=True, slots=True)
class _Forest:
    """Shared shape of both trees: parents, Julia's levels, children and preorder intervals.

    Only `idoms` is by block number.  The rest stays indexed by the DFS
    preorder number `_to_pre[b]` Semi-NCA gave each block (0: not in the
    tree), since translating every array back to block numbers costs more
    than the analysis on a large graph: `_level[k]` is Julia's level,
    `_tin[k]` a preorder number in the tree itself and `_size[k]` its subtree
    size, so "a is over b" is two comparisons.  Children are kept flat:
    `_clist` is every block sorted by parent (stable, so ascending within a
    parent) and `_ckeys` the parents in that order.  The lists are never
    mutated after construction.
    """
    idoms: tuple[int, ...]
    _to_pre: list[int] = field(repr=False)
    _level: list[int] = field(repr=False)
    _tin: list[int] = field(repr=False)
    _size: list[int] = field(repr=False)
    _ckeys: list[int] = field(repr=False)
    _clist: list[int] = field(repr=False)

    def __hash__(self) -> int:
        # The generated hash would hash the lists; the parents determine the whole tree.
        return hash(self.idoms)

    def _check(self, b: int) -> None:
        if not 1 <= b <= len(self.idoms):
            raise NoSuchBlock(f"no block #{b} (the CFG has {len(self.idoms)})")

    @property
    def levels(self) -> tuple[int, ...]:
        """Julia's `nodes[b].level` for every block, `levels[b - 1]` (see `depth`)."""
        level = self._level
        return tuple([level[k] for k in self._to_pre[1:]])

    def children(self, b: int) -> tuple[int, ...]:
        """The blocks whose immediate (post-)dominator is `b`, ascending (Julia's `nodes[b].children`)."""
        self._check(b)
        return tuple(self._clist[bisect_left(self._ckeys, b):bisect_right(self._ckeys, b)])

    def depth(self, b: int) -> int:
        """Julia's `nodes[b].level` (roots and blocks outside the tree: 1)."""
        self._check(b)
        return self._level[self._to_pre[b]]

    def in_tree(self, b: int) -> bool:
        """Whether `b` is in the tree: reachable from the entry (dominators) or reaching an exit (post-dominators)."""
        self._check(b)
        return self._to_pre[b] != 0

    def _dominates(self, a: int, b: int) -> bool:
        self._check(a)
        self._check(b)
        kb = self._to_pre[b]
        ka = self._to_pre[a]
        t = self._tin[kb]
        ta = self._tin[ka]
        return kb != 0 and ta <= t < ta + self._size[ka]

    def nearest_common_dominator(self, a: int, b: int) -> int:
        """Julia's `nearest_common_dominator`: the deepest block over both (0 if either is 0 or none exists)."""
        if a == 0 or b == 0:
            return 0
        self._check(a)
        self._check(b)
        if not (self._to_pre[a] and self._to_pre[b]):
            return 0
        parents, depth = self.idoms, self.depth
        while depth(a) > depth(b):
            a = parents[a - 1]
        while depth(b) > depth(a):
            b = parents[b - 1]
        while a != b and a != 0:
            a, b = parents[a - 1], parents[b - 1]
        return a


@dataclass(frozen=True, slots=True, eq=False)
class DomTree(_Forest):
    """Julia's `DomTree`: `idoms` plus the tree's children and levels."""

    def dominates(self, a: int, b: int) -> bool:
        """Whether every path from the entry to `b` passes `a` (reflexive; False if `b` is unreachable)."""
        return self._dominates(a, b)


@dataclass(frozen=True, slots=True, eq=False)
class PostDomTree(_Forest):
    """Julia's `PostDomTree`: `ipdoms` (0 = the virtual exit, or no exit reachable), children, levels."""

    @property
    def ipdoms(self) -> tuple[int, ...]:
        """`ipdoms[b - 1]`: the immediate post-dominator of `b`, 0 for exits and blocks that never exit."""
        return self.idoms

    def postdominates(self, a: int, b: int) -> bool:
        """Whether every path from `b` to an exit passes `a` (reflexive; False if `b` never reaches an exit)."""
        return self._dominates(a, b)


def _snca(adj: list, radj: list, root: int) -> tuple[list[int], list[int], list[int]]:
    """Semi-NCA from `root`: `(to_pre, from_pre, idom_pre)`, the last by preorder number.

    `radj[v]` are the edges into v (predecessors for dominators).  A node of
    `radj` never reached by the DFS (`to_pre` 0, which includes Julia's
    predecessor 0 in the forward case) is skipped, as Julia skips unreachable
    and virtual predecessors.  `semi` starts at the DFS parent (Julia 1.9+),
    which also covers the virtual exit's edges that `radj` does not list.
    """
    to_pre, from_pre, parent = dfs_preorder(adj, root)
    n = len(from_pre) - 1
    label = list(range(n + 1))
    semi = label[:]
    ancestor = parent[:]
    path: list[int] = []
    for w in range(n, 1, -1):
        s = parent[w]
        for v in radj[from_pre[w]]:
            v = to_pre[v]
            if v > w:                  # already processed ("linked"): compress, read its label
                if ancestor[v] > w:
                    _compress(v, w + 1, ancestor, label, path)
                v = label[v]
            if 0 < v < s:              # 0: unreachable, or Julia's catch-edge predecessor
                s = v
        semi[w] = s
        label[w] = s
    idom = parent
    for v in range(2, n + 1):
        i = idom[v]
        s = semi[v]
        while i > s:
            i = idom[i]
        idom[v] = i
    return to_pre, from_pre, idom


def _compress(v: int, last: int, ancestor: list[int], label: list[int], path: list[int]) -> None:
    """Julia's `snca_compress!` without recursion: collect the unlinked chain, then fold labels top-down."""
    x = v
    while ancestor[x] >= last:
        path.append(x)
        x = ancestor[x]
    while path:
        y = path.pop()
        u = ancestor[y]
        if label[u] < label[y]:
            label[y] = label[u]
        ancestor[y] = ancestor[u]


def _forest(cls, n: int, to_pre: list[int], from_pre: list[int], idom: list[int], root_level: int):
    """The tree as `cls` from Semi-NCA's output, in passes over preorder numbers (no tree walk).

    An immediate dominator always has a smaller DFS preorder number than the
    block it dominates, so levels and the tree's own preorder intervals each
    take one forward or backward sweep.  `root_level` is the DFS root's level:
    1 for the entry, 0 for the post-dominator tree's virtual exit (so each
    exit is at 1).  Blocks outside the tree map through preorder number 0:
    Julia's level 1, interval empty.
    """
    m = len(from_pre)
    level = [1] * m
    level[1] = root_level
    size = [1] * m
    size[0] = 0
    for k in range(2, m):
        level[k] = level[idom[k]] + 1
    for k in range(m - 1, 1, -1):
        size[idom[k]] += size[k]
    tin = [0] * m
    tin[1] = 1
    free = [0] * m                     # the next number for a child of k: after k and its earlier children
    free[1] = 2
    for k in range(2, m):
        p = idom[k]
        t = tin[k] = free[p]
        free[p] = t + size[k]
        free[k] = t + 1
    parents = [from_pre[idom[k]] for k in to_pre]
    parents[0] = 0
    to_pre[0] = 0                      # node 0 (the catch edge, or the virtual exit) is no block
    level[0] = 1
    return cls(tuple(parents[1:]), to_pre, level, tin, size,
               sorted(parents[1:]), sorted(range(1, n + 1), key=parents.__getitem__))


def dominator_tree(cfg: CFG) -> DomTree:
    """Julia's `construct_domtree(cfg)`: immediate dominators by Semi-NCA, then children and levels (one tree per
    shape of a small CFG: `jlir.analysis.graph.by_shape`)."""
    return by_shape("dominators", cfg, None, lambda: _dominator_tree(cfg))


def _dominator_tree(cfg: CFG) -> DomTree:
    n = len(cfg.blocks)
    if n == 0:
        return DomTree((), [0], [1], [0], [0], [], [])
    with gc_paused():  # lists of ints only: a collection pass per allocation burst rescans them all (×1.7 at 100k blocks)
        to_pre, from_pre, idom = _snca(successor_lists(cfg), predecessor_lists(cfg), 1)
        return _forest(DomTree, n, to_pre, from_pre, idom, 1)


def post_dominator_tree(cfg: CFG) -> PostDomTree:
    """Julia's `construct_postdomtree(cfg)`: Semi-NCA on the reverse graph from a virtual exit (node 0 here)."""
    return by_shape("post_dominators", cfg, None, lambda: _post_dominator_tree(cfg))


def _post_dominator_tree(cfg: CFG) -> PostDomTree:
    n = len(cfg.blocks)
    with gc_paused():
        succs = successor_lists(cfg)
        adj = predecessor_lists(cfg)
        adj[0] = tuple(b for b in range(1, n + 1) if not succs[b])
        to_pre, from_pre, idom = _snca(adj, succs, 0)
        return _forest(PostDomTree, n, to_pre, from_pre, idom, 0)


def dominance_frontiers(cfg: CFG, dt: DomTree) -> tuple[tuple[int, ...], ...]:
    """`DF(b)` for every block, sorted: the blocks `y` where `b` dominates a predecessor of `y` but not `y` strictly.

    Cooper, Harvey and Kennedy's runners: from each reachable predecessor of
    `y` walk up the dominator tree until `idom(y)`, adding `y` to every block
    passed.  Blocks are taken in ascending order, so each frontier comes out
    sorted, and a runner stops early at a block that already has `y`.
    Unreachable blocks and predecessor 0 take no part.
    """
    return by_shape("frontiers", cfg, dt, lambda: _frontiers(cfg, dt))


def _frontiers(cfg: CFG, dt: DomTree) -> tuple[tuple[int, ...], ...]:
    n = len(cfg.blocks)
    parents = (0,) + dt.idoms
    tin = dt._to_pre
    frontiers: list[list[int]] = [[] for _ in range(n + 1)]
    last = [0] * (n + 1)
    for y, block in enumerate(cfg.blocks, 1):
        if not tin[y]:
            continue
        stop = parents[y]
        for r in block.preds:
            if not tin[r]:
                continue
            while r != stop and last[r] != y:
                frontiers[r].append(y)
                last[r] = y
                r = parents[r]
    return tuple(tuple(f) for f in frontiers[1:])


def _marks(blocks: Iterable[int], n: int) -> bytearray:
    """A membership table for block numbers 0..n."""
    table = bytearray(n + 1)
    for b in blocks:
        table[b] = 1
    return table


def iterated_dominance_frontier(cfg: CFG, def_blocks: Iterable[int], dt: DomTree,
                                live_in: Iterable[int] | None = None) -> tuple[int, ...]:
    """The φ blocks for a variable defined in `def_blocks`, in the order Julia 1.5's `idf` finds them.

    (Julia 1.5 calls it `idf(cfg, BlockLiveness(defs, live_in_bbs), domtree)`
    in `slot2ssa.jl`; 1.6 renamed it `iterated_dominance_frontier` and lets
    `live_in_bbs` be `nothing`.)

    Julia's algorithm (Sreedhar–Gao as LLVM does it): take definitions
    deepest-first from a priority queue keyed by dominator-tree level; from
    each, walk its dominator subtree and collect every successor whose level
    is not deeper than the definition's (an edge leaving the subtree).  A new
    φ block becomes a definition itself.  Julia keeps the queue as an array,
    stably re-sorted by level after each push and popped from the end, so ties
    go to the most recently queued block; the heap key `(level, sequence)`
    reproduces that order exactly.  `live_in` prunes as Julia's
    `BlockLiveness.live_in_bbs` does (None: every block is live, as 1.6+'s
    `nothing`).  An unreachable definition block behaves as in Julia (level 1).
    """
    n = len(cfg.blocks)
    succs = successor_lists(cfg)
    to_pre, level = dt._to_pre, dt._level
    children = dt.children
    defs = list(def_blocks)
    for d in defs:
        dt._check(d)
    is_def = _marks(defs, n)
    live = None if live_in is None else _marks(live_in, n)
    heap = [(-level[to_pre[d]], -i, d) for i, d in enumerate(defs)]
    heap.sort()
    seq = len(defs)
    processed = bytearray(n + 1)
    visited = bytearray(n + 1)
    phis: list[int] = []
    while heap:
        _, _, node = heappop(heap)
        top = level[to_pre[node]]
        work = [node]
        while work:
            active = work.pop()
            for s in succs[active]:
                ls = level[to_pre[s]]
                if ls > top or processed[s]:
                    continue
                processed[s] = 1
                if live is not None and not live[s]:
                    continue
                phis.append(s)
                if not is_def[s]:
                    heappush(heap, (-ls, -seq, s))
                    seq += 1
            for c in children(active):
                if not visited[c]:
                    visited[c] = 1
                    work.append(c)
    return tuple(phis)
