"""Whether two functions are the same IR but for orders Julia's semantics do not depend on: the φ nodes at a block's
start (they take their values at once, on the edge), the φᶜ nodes at a catch block's start, a run of ϒ nodes in a
row (no statement between them can throw, so each φᶜ sees the same last ϒ: two that one φᶜ lists keep their
order), and the operands of a φᶜ (a set of ϒ nodes).

Julia's `slot2reg` places a block's φ nodes, and the φᶜ/ϒ nodes of a try region, in the order of their slots'
numbers.  A print of slot form names its slots and does not number them (`@code_typed optimize=false`
shows `x`, not `_5`), and jlir numbers them by first assignment, as lowering does for most slots but not
all (a `local` declared before earlier-assigned ones).  Where only such an order differs, `jlir diff` says
"equivalent" with the reason, and the oracle names the rule (`slot-order`), after checking it: the nodes of each
run are matched by what does not depend on SSA numbering (kind, type, incoming blocks, constant operands,
then the classes of their operands and users), reordered as the other side's, every use renumbered, each φᶜ's operands in the other side's order where they
are the same set, and the result must be accepted (print byte for byte as Julia's; `jlir diff`: no difference).
"""
from __future__ import annotations

from dataclasses import replace
from itertools import permutations, product
from math import prod

from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ir import walk
from jlir.ir.function import IR
from jlir.lattice.tmerge import MAYBE_UNDEF

__all__ = ["reorder", "reordered_like"]

_KINDS = (N.PhiNode, N.PhiCNode, N.UpsilonNode)


def _runs(fn) -> list[tuple[int, int]]:
    """Maximal runs `[i, j)` (0-based) of consecutive statements of one of the kinds within one block, longer than
    one.  A slot2reg node that printed as `nothing::MaybeUndef(Union{})` (an undefined slot's node, erased) joins
    the run it stands in: it does nothing, wherever its slot's number put it."""
    stmts, starts = fn.stmts, {blk.first - 1 for blk in fn.blocks}
    out, i = [], 0
    while i < len(stmts):
        j, kind = i, None
        while j < len(stmts) and (j == i or j not in starts):
            k = _kind(stmts[j])
            if k is None or k is not _GAP and kind is not None and k is not kind:
                break
            kind = kind if k is _GAP else k
            j += 1
        if kind is not None and j - i > 1:
            out.append((i, j))
        i = max(j, i + 1)
    return out


_GAP = object()


def _kind(s):
    """The run kind of a statement: φ, φᶜ or ϒ, `_GAP` for an erased undefined slot's node, else None."""
    n = type(s.node)
    if n in _KINDS:
        return n
    if n is V.Literal and s.node == V.NOTHING and type(s.type) is T.TypeCall and s.type.head == MAYBE_UNDEF:
        return _GAP
    return None


def _key(s) -> tuple:
    n = s.node
    consts = tuple(repr(_as_printed(v)) for v in walk.values(n) if type(v) not in (V.SSAValue, N.Expr, *_KINDS))
    edges = tuple(getattr(n, "edges", ()))
    return type(n).__name__, repr(s.type), edges, consts


def _as_printed(v):
    """A value as its print reads back: an object named by its path (`Pkg.Operations`, a module a logging macro
    spliced in, which `jlir.oracle.checks` rereads a global as) prints as the global of that name, and is read so."""
    if type(v) is T.TypeName and len(v.path) > 1:
        return V.GlobalRef(".".join(v.path[:-1]), v.path[-1])
    return v


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
    if len(a) != len(b) or ours.blocks != theirs.blocks or _runs(ours) != _runs(theirs):
        return None
    ca, cb = _refined(ours, theirs)
    slots: list[tuple[list[int], list[int]]] = []   # (positions in theirs, our candidates), one per class and run
    for i, j in _runs(ours):
        pool: dict[int, list[int]] = {}
        for k in range(i, j):
            pool.setdefault(ca[k], []).append(k)
        wanted: dict[int, list[int]] = {}
        for k in range(i, j):
            wanted.setdefault(cb[k], []).append(k)
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
                return moved, _what(ours, perm, moved is not permuted)
    moved = _operands_as(ours, theirs)  # no run moves: a φᶜ's operands may still be in another order
    return (moved, ("φᶜ operands",)) if moved is not ours and accept(moved) else None


def _refined(a, b) -> tuple[dict[int, int], dict[int, int]]:
    """Each run member's class on both sides, refined from `_key` by the classes of what it uses and what uses it
    (colour refinement, both sides in step, one table), until neither side's partition grows.

    `_key` alone leaves alike nodes (two `φ (#13 => %42, #25 => %…)::Int64`) to be tried in every order, which a
    function with many try regions and loops multiplies past any limit; their operands and users tell them apart.
    A statement outside the runs is named by its position, which reordering the runs does not move."""
    table: dict = {}
    sides = [(f.stmts, _links(f)) for f in (a, b)]
    colors = [{k: table.setdefault(_key(stmts[k]), len(table)) for k in links} for stmts, links in sides]
    while True:
        new = [{k: table.setdefault((c[k], _named(c, links[k][0], type(stmts[k].node) is N.PhiCNode),
                                     _named(c, links[k][1], True)), len(table))
                for k in links} for c, (stmts, links) in zip(colors, sides)]
        if all(len(set(n.values())) == len(set(c.values())) for n, c in zip(new, colors)):
            return colors[0], colors[1]
        colors = new


def _named(colors: dict[int, int], positions: list[int], as_set: bool) -> tuple[int, ...]:
    """Statements by class (a run member) or position (any other); sorted where their order is no matter (a
    φᶜ's operands, a node's users)."""
    named = [colors.get(u, -1 - u) for u in positions]
    return tuple(sorted(named) if as_set else named)


def _links(fn) -> dict[int, tuple[list[int], list[int]]]:
    """Each run member's operands and users, as 0-based statement positions."""
    stmts = fn.stmts
    members = {k for i, j in _runs(fn) for k in range(i, j)}
    links: dict[int, tuple[list[int], list[int]]] = {k: ([], []) for k in members}
    for k, s in enumerate(stmts):
        for v in walk.values(s.node):
            if type(v) is V.SSAValue:
                if k in members:
                    links[k][0].append(v.id - 1)
                if v.id - 1 in members:
                    links[v.id - 1][1].append(k)
    return links


def _what(fn, perm: list[int], operands: bool) -> tuple[str, ...]:
    """The kinds of the runs `perm` reorders, and `φᶜ operands` where those were put in the other order too."""
    kinds = [next(k for k in map(_kind, fn.stmts[i:j]) if k is not _GAP) for i, j in _runs(fn)
             if perm[i:j] != list(range(i, j))]
    moved = [_NAMES[k] for k in kinds]
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
