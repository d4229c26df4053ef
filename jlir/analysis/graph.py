"""Plain graph helpers over a `CFG`: adjacency lists, Julia's DFS order, reachability.

The dominator, post-dominator and loop analyses all walk the CFG the same
way, so the walk lives here once.  Adjacency is kept as a Python list indexed
by block number (index 0 is either unused or a virtual node the caller adds,
e.g. the post-dominator tree's virtual exit): list indexing is what keeps the
analyses fast enough for a million blocks.

The depth-first search mirrors Julia's `DFS` in `base/compiler/ssair/domtree.jl`
(1.5 and later): an explicit stack of `(node, parent)` pairs, every successor
pushed in order and the visited check made on pop, so the last successor is
explored first.  That is the same tree as a recursive DFS that visits the
successors in reverse order, and it makes jlir's preorder numbers Julia's.
"""
from __future__ import annotations

from itertools import chain

from jlir.ir.cfg import CFG
from jlir.ir.errors import JlirError

__all__ = ["EdgeOutOfRange", "successor_lists", "predecessor_lists", "dfs_preorder", "subtree_sizes",
           "reachable_blocks", "by_shape"]


class EdgeOutOfRange(JlirError, ValueError):
    """A successor or predecessor names a block the CFG does not have."""


def _checked(lists: list, lowest: int, what: str) -> list:
    """`lists` after checking every number is in `lowest..n` (min/max over the lists run at C speed)."""
    n = len(lists) - 1
    if min(chain.from_iterable(lists), default=lowest) < lowest or max(chain.from_iterable(lists), default=n) > n:
        b = next(b for b, xs in enumerate(lists) if any(not lowest <= x <= n for x in xs))
        raise EdgeOutOfRange(f"block #{b} has {what} {list(lists[b])}, outside {lowest}..{n}")
    return lists


def successor_lists(cfg: CFG) -> list[tuple[int, ...]]:
    """`succs[b]` for b in 1..n (`succs[0]` is `()`), the list the walks below index."""
    return _checked([()] + [b.succs for b in cfg.blocks], 1, "successors")


def predecessor_lists(cfg: CFG) -> list[tuple[int, ...]]:
    """`preds[b]` for b in 1..n (`preds[0]` is `()`), Julia's catch-edge predecessor 0 included.

    Callers that index per-node arrays with these numbers treat node 0 as
    "not a block" (its preorder number is 0, i.e. unvisited), so the catch edge
    never needs filtering out.  Predecessors are read as given, as Julia's
    `SNCA` reads `cfg.blocks[b].preds`: they should mirror the successors.
    """
    return _checked([()] + [b.preds for b in cfg.blocks], 0, "predecessors")


def dfs_preorder(adj: list, root: int) -> tuple[list[int], list[int], list[int]]:
    """Julia's DFS from `root` over `adj`: `(to_pre, from_pre, parent)`.

    `to_pre[v]` is v's preorder number (1 for the root, 0 if never reached),
    `from_pre[k]` the node numbered k (`from_pre[0]` is a placeholder 0), and
    `parent[k]` the preorder number of k's DFS-tree parent (0 for the root).
    """
    to_pre = [0] * len(adj)
    from_pre = [0]
    parent = [0]
    stack_node = [root]
    stack_parent = [0]
    pop_node, pop_parent = stack_node.pop, stack_parent.pop
    push_node, push_parent = stack_node.append, stack_parent.append
    while stack_node:
        v = pop_node()
        p = pop_parent()
        if to_pre[v]:
            continue
        k = len(from_pre)
        to_pre[v] = k
        from_pre.append(v)
        parent.append(p)
        for s in adj[v]:
            if not to_pre[s]:
                push_node(s)
                push_parent(k)
    return to_pre, from_pre, parent


def subtree_sizes(parent: list[int]) -> list[int]:
    """Size of every DFS subtree, by preorder number: `k`'s subtree is `k .. k + size[k] - 1`.

    With it "is `a` an ancestor of `b` in the DFS tree" is two comparisons of
    preorder numbers, which is how retreating edges are told from cross edges.
    """
    size = [1] * len(parent)
    size[0] = 0
    for k in range(len(parent) - 1, 1, -1):
        size[parent[k]] += size[k]
    return size


def reachable_blocks(cfg: CFG) -> frozenset[int]:
    """The blocks reachable from block 1 along successor edges (a catch edge is an ordinary successor)."""
    if not cfg.blocks:
        return frozenset()
    _, from_pre, _ = dfs_preorder(successor_lists(cfg), 1)
    return frozenset(from_pre[1:])


# Shapes of small CFGs → what a function of the shape alone computed (trees, loops, frontiers).  Most functions
# are small and their shapes repeat (of 2,000 Base functions 61 % are one block without edges), so the trees
# of a shape are built once; a small CFG's per-call overhead was most of its cost.
SHAPE_BLOCKS = 32
_SHAPES: dict = {}
_SHAPES_LIMIT = 20_000


def by_shape(what: str, cfg: CFG, extra, build):
    """`build()`, remembered for CFGs of at most `SHAPE_BLOCKS` blocks with the same edges (each block's
    predecessors and successors, in order) and the same `extra` (`None`, or an object compared by identity such
    as the dominator tree given): for a `build` that reads nothing else of `cfg` and returns an immutable value.
    An error is raised again each time (nothing is remembered)."""
    blocks = cfg.blocks
    if len(blocks) > SHAPE_BLOCKS:
        return build()
    try:
        key = (what, tuple([(b.preds, b.succs) for b in blocks]), id(extra))
        hit = _SHAPES.get(key)
    except TypeError:  # edges given as lists: not a key
        return build()
    if hit is not None and hit[0] is extra:
        return hit[1]
    value = build()
    if len(_SHAPES) >= _SHAPES_LIMIT:
        _SHAPES.clear()
    _SHAPES[key] = (extra, value)  # (`extra` held: its id is not reused while the entry stands)
    return value
