"""Whether two functions are the same IR but for orders Julia's semantics do not depend on: the φ nodes at a block's
start (they take their values at once, on the edge), the φᶜ nodes at a catch block's start, a run of ϒ nodes in a
row (no statement between them can throw, so each φᶜ sees the same last ϒ: two that one φᶜ lists keep their
order), and the operands of a φᶜ (a set of ϒ nodes).

Julia's `slot2reg` places a block's φ nodes, and the φᶜ/ϒ nodes of a try region, in the order of their slots'
numbers.  A print of slot form names its slots and does not number them (`@code_typed optimize=false`
shows `x`, not `_5`), and jlir numbers them by first assignment, as lowering does for most slots but not
all (a `local` declared before earlier-assigned ones).  Where only such an order differs, `jlir diff` says
"equivalent" with the reason, and the oracle names the rule (`slot-order`), after checking it: the nodes of each
run are matched by what does not depend on SSA numbering (kind, type, incoming blocks, constant operands),
reordered as the other side's, every use renumbered, each φᶜ's operands in the other side's order where they
are the same set, and the result must be accepted (print byte for byte as Julia's; `jlir diff`: no difference).
"""
from __future__ import annotations

from dataclasses import replace
from itertools import permutations, product
from math import prod

from jlir.ir import nodes as N
from jlir.ir import values as V
from jlir.ir import walk
from jlir.ir.function import IR

__all__ = ["reorder", "reordered_like"]

_KINDS = (N.PhiNode, N.PhiCNode, N.UpsilonNode)


def _runs(stmts) -> list[tuple[int, int]]:
    """Maximal runs `[i, j)` (0-based) of consecutive statements of one of the kinds, longer than one."""
    out, i = [], 0
    while i < len(stmts):
        k = type(stmts[i].node)
        j = i + 1
        if k in _KINDS:
            while j < len(stmts) and type(stmts[j].node) is k:
                j += 1
            if j - i > 1:
                out.append((i, j))
        i = j
    return out


def _key(s) -> tuple:
    n = s.node
    consts = tuple(repr(v) for v in walk.values(n) if type(v) not in (V.SSAValue, N.Expr, *_KINDS))
    edges = tuple(getattr(n, "edges", ()))
    return type(n).__name__, repr(s.type), edges, consts


def reordered_like(ours, theirs, accept, limit: int = 256):
    """The first of `ours` with each run's nodes in the order of `theirs`' matching run (uses renumbered) that
    `accept`s; None where the runs or their nodes do not match one to one, nothing moves, or none is accepted.

    Nodes alike but for their SSA operands (two `φ (#9 => …, #17 => …)::Int64`) may go either way: each such
    group's orders are tried, at most `limit` combinations in all."""
    found = reorder(ours, theirs, accept, limit)
    return None if found is None else found[0]


_NAMES = {N.PhiNode: "φ nodes", N.PhiCNode: "φᶜ nodes", N.UpsilonNode: "ϒ nodes"}


def reorder(ours, theirs, accept, limit: int = 256):
    """`reordered_like`'s result and what it reordered (`φ nodes`, `φᶜ nodes`, `ϒ nodes`, `φᶜ operands`), or None."""
    a, b = ours.stmts, theirs.stmts
    if len(a) != len(b) or ours.blocks != theirs.blocks or _runs(a) != _runs(b):
        return None
    slots: list[tuple[list[int], list[int]]] = []   # (positions in theirs, our candidates), one per key and run
    for i, j in _runs(a):
        pool: dict[tuple, list[int]] = {}
        for k in range(i, j):
            pool.setdefault(_key(a[k]), []).append(k)
        wanted: dict[tuple, list[int]] = {}
        for k in range(i, j):
            wanted.setdefault(_key(b[k]), []).append(k)
        if {key: len(v) for key, v in pool.items()} != {key: len(v) for key, v in wanted.items()}:
            return None
        slots += [(wanted[key], pool[key]) for key in wanted]
    choices = [list(permutations(ours_)) if len(ours_) > 1 else [tuple(ours_)] for _, ours_ in slots]
    if prod(len(c) for c in choices) > limit:
        return None
    for pick in product(*choices):
        perm = list(range(len(a)))   # new position -> old position
        for (where, _), chosen in zip(slots, pick):
            for k, old in zip(where, chosen):
                perm[k] = old
        if perm != list(range(len(a))) and _upsilons_keep_order(a, perm):
            permuted = _permuted(ours, perm)
            moved = _operands_as(permuted, theirs)
            if accept(moved):
                return moved, _what(a, perm, moved is not permuted)
    moved = _operands_as(ours, theirs)  # no run moves: a φᶜ's operands may still be in another order
    return (moved, ("φᶜ operands",)) if moved is not ours and accept(moved) else None


def _what(stmts, perm: list[int], operands: bool) -> tuple[str, ...]:
    """The kinds of the runs `perm` reorders, and `φᶜ operands` where those were put in the other order too."""
    moved = [_NAMES[type(stmts[i].node)] for i, j in _runs(stmts) if perm[i:j] != list(range(i, j))]
    return tuple(dict.fromkeys(moved)) + (("φᶜ operands",) if operands else ())


def _upsilons_keep_order(stmts, perm: list[int]) -> bool:
    """Whether the permutation keeps the order of every two ϒ nodes one φᶜ lists (the φᶜ takes the last one
    run before the throw: their order is what it computes)."""
    where = {old: new for new, old in enumerate(perm)}
    for s in stmts:
        if type(s.node) is N.PhiCNode:
            ids = [v.id - 1 for v in walk.operands(s.node) if type(v) is V.SSAValue]
            moved = [where.get(k, k) for k in ids]
            if any((x < y) != (mx < my) for (x, mx) in zip(ids, moved) for (y, my) in zip(ids, moved) if x != y):
                return False
    return True


def _operands_as(ours, theirs):
    """`ours` with each φᶜ's operands in the order of `theirs`' φᶜ at the same place, where they are the same set
    (`ours` itself where nothing changes)."""
    a, b = ours.stmts, theirs.stmts
    stmts, changed = list(a), False
    for k, (x, y) in enumerate(zip(a, b)):
        if type(x.node) is N.PhiCNode and type(y.node) is N.PhiCNode and x.node.values != y.node.values \
                and sorted(map(repr, x.node.values)) == sorted(map(repr, y.node.values)):
            stmts[k], changed = replace(x, node=replace(x.node, values=y.node.values)), True
    return ours.with_ir(IR(tuple(stmts), ours.blocks, ours.linetable, ours.catch_entry)) if changed else ours


def _permuted(ours, perm: list[int]):
    new_id = {old + 1: new + 1 for new, old in enumerate(perm)}

    def renumber(v):
        return V.SSAValue(new_id.get(v.id, v.id)) if type(v) is V.SSAValue else v

    a = ours.stmts
    stmts = tuple(replace(a[old], node=walk.map_values(a[old].node, renumber)) for old in perm)
    return ours.with_ir(IR(stmts, ours.blocks, ours.linetable, ours.catch_entry))
