"""Whether two functions are the same IR but for the order of φ, φᶜ and ϒ nodes within a run of one kind.

Julia's `slot2reg` places a block's φ nodes, and the φᶜ/ϒ nodes of a try region, in the order of their slots'
numbers.  A print of slot form names its slots and does not number them (`@code_typed optimize=false`
shows `x`, not `_5`), and jlir numbers them by first assignment, as lowering does for most slots but not
all (a `local` declared before earlier-assigned ones).  Where only that order differs, the oracle names the
rule (`slot-order`) after checking it: the nodes of each run are matched by what does not depend on SSA
numbering (kind, type, incoming blocks, constant operands), reordered as Julia's, every use renumbered, and
the result must print byte for byte as Julia's.
"""
from __future__ import annotations

from dataclasses import replace
from itertools import permutations, product
from math import prod

from jlir.ir import nodes as N
from jlir.ir import values as V
from jlir.ir import walk
from jlir.ir.function import IR

__all__ = ["reordered_like"]

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
        if perm != list(range(len(a))):
            moved = _permuted(ours, perm)
            if accept(moved):
                return moved
    return None


def _permuted(ours, perm: list[int]):
    new_id = {old + 1: new + 1 for new, old in enumerate(perm)}

    def renumber(v):
        return V.SSAValue(new_id.get(v.id, v.id)) if type(v) is V.SSAValue else v

    a = ours.stmts
    stmts = tuple(replace(a[old], node=walk.map_values(a[old].node, renumber)) for old in perm)
    return ours.with_ir(IR(stmts, ours.blocks, ours.linetable, ours.catch_entry))
