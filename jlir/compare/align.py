"""Pairing the statements of two prints of one function, modulo SSA and block renumbering.

Two prints of one function seldom number alike: a statement inserted near the
top shifts every later `%n`, a split block every later `#b`.  So statements are
paired by content, never by position:

1. `align` (here) finds a longest common subsequence of *content keys* (the
   canonical statement with its SSA operands and block numbers blanked out;
   Myers' algorithm, whose time grows with the size of the difference): first
   with the type and what the operands compute, then with the type, then
   without it (a type change still pairs), then by the bare operation (call
   target, node kind: an operand change still pairs).  Each level only looks
   at what the level before left unpaired.
2. `derive` (`jlir.compare.judge`) reads the renumbering off the pairs.
3. `Judge` (`jlir.compare.judge`) checks every pair under that renumbering.
"""
from __future__ import annotations

from dataclasses import dataclass
from difflib import SequenceMatcher

from jlir.compare.canonical import PLAIN, Canonical, Canonicalizer
from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ir.function import Function, Statement
from jlir.ir.walk import fields, map_targets, rebuild, ssa_uses



@dataclass(frozen=True, slots=True)
class Entry:
    """One printed statement as the aligner sees it: its SSA id, its block (0: after the last block), the
    statement and its canonical form."""
    id: int
    block: int
    stmt: Statement
    canon: Canonical


@dataclass(frozen=True, slots=True)
class Unmapped:
    """An SSA operand or block of side A that corresponds to nothing on side B."""
    n: int


_HOLE = Unmapped(0)  # an SSA operand, in a content key


def rewrite(x, ssa=None, block=None, slot=None):
    """`x` with every SSA operand `%k` replaced by `ssa(k)`, every block number `b` by `block(b)` and every
    argument or slot `v` by `slot(v)`, each where given.

    Generic over the model (`jlir.ir.walk`): block numbers are the fields each kind declares as `TARGETS`
    (`goto #b`, φ edges, `enter #b`), SSA operands are `SSAValue`s at any depth; types are left alone.
    """
    cls = type(x)
    if cls is V.SSAValue:
        return x if ssa is None else ssa(x.id)
    if cls is tuple:
        return tuple(rewrite(i, ssa, block, slot) for i in x)
    if slot is not None and (cls is V.Argument or cls is V.SlotNumber):
        return slot(x)
    if cls in PLAIN or isinstance(x, T.Shown):
        return x
    x = rebuild(x, [rewrite(v, ssa, block, slot) for v in fields(x)])
    return x if block is None else map_targets(x, block)


def _blank(x, slot=None):
    """`x` with SSA operands and block numbers blanked out: its content, whatever the numbering."""
    return rewrite(x, ssa=lambda k: _HOLE, block=lambda b: 0, slot=slot)


def entries(f: Function, canonicalizer: Canonicalizer) -> list[Entry]:
    """The statements of `f` in print order; a pending node belongs to the block of the statement it
    prints before (after, when attached after)."""
    n = sum(1 for s in f.stmts if s.new_id is None)
    block_of = [0] * (n + 2)
    for b, block in enumerate(f.blocks, 1):
        for i in block.stmts:
            if 1 <= i <= n:
                block_of[i] = b
    out, pos = [], 0
    for s in f.stmts:
        if s.new_id is None:
            pos += 1
            sid, anchor = pos, pos
        else:
            sid, anchor = s.new_id, pos if s.attach_after else min(pos + 1, n)
        out.append(Entry(sid, block_of[anchor], s, canonicalizer.statement(s)))
    return out


# ---------------------------------------------------------------------------------------------- align
def _keys(es: list[Entry]) -> list[tuple]:
    """Content keys of each statement, finest first: canonical node and type with what its SSA operands
    compute (the canonical nodes defining them: the same call on other inputs is another statement), canonical
    node and type, canonical node, the operation alone."""
    blank = {e.id: _blank(e.canon.node) for e in es}
    keys = []
    for e in es:
        node = blank[e.id]
        inputs = tuple(blank.get(k) for k in ssa_uses(e.canon.node))
        keys.append(((node, e.canon.type, inputs), (node, e.canon.type), node, _operation(e.canon.node)))
    return keys


def _operation(node) -> tuple:
    """What a statement does, without its operands: node kind, Expr head, callee (or assigned slot)."""
    if type(node) is N.Expr:
        target = None
        if node.head in ("call", "=") and node.args:
            target = node.args[0]
        elif node.head == "invoke" and len(node.args) > 1:
            target = node.args[1]
        return "Expr", node.head, target if type(target) in (V.GlobalRef, V.SlotNumber) else None
    return (type(node).__name__,)


def align(xs: list[Entry], ys: list[Entry]) -> list[tuple]:
    """The two statement lists merged in order: `(i, j)` pairs, `(i, None)` only in A, `(None, j)` only in B."""
    ka, kb = _keys(xs), _keys(ys)
    out: list[tuple] = []
    _align(ka, kb, (0, len(xs), 0, len(ys)), 0, out)
    return out


def _align(ka, kb, span, level, out) -> None:
    i1, i2, j1, j2 = span
    if i1 == i2 or j1 == j2 or level == len(ka[i1]):
        _unpaired(span, out)
        return
    a, b = [k[level] for k in ka[i1:i2]], [k[level] for k in kb[j1:j2]]
    matches = _shortest_edit(a, b, _MAX_EDITS)
    if matches is None:
        matcher = SequenceMatcher(None, a, b, autojunk=False)
        matches = [(x + k, y + k) for x, y, n in matcher.get_matching_blocks() for k in range(n)]
    x = y = 0
    for p, q in matches + [(len(a), len(b))]:
        if p > x or q > y:
            _align(ka, kb, (i1 + x, i1 + p, j1 + y, j1 + q), level + 1, out)
        if p < len(a):
            out.append((i1 + p, j1 + q))
        x, y = p + 1, q + 1


# Beyond this many edits in one span the prints mostly differ, and difflib's heuristic pairs what it can.
_MAX_EDITS = 2000


def _shortest_edit(a: list, b: list, limit: int) -> list[tuple[int, int]] | None:
    """The pairs of equal elements along a shortest edit script from `a` to `b` (a longest common
    subsequence), by Myers' O((N+M)·D) algorithm: time grows with the size of the difference, not with the
    product of the lengths.  None when it needs more than `limit` edits."""
    n, m = len(a), len(b)
    off = min(n + m, limit) + 1
    v = [0] * (2 * off + 1)  # v[off + k]: the furthest x reached on diagonal k = x - y
    trace = []  # v[-d..d] after each round d, to walk back
    for d in range(off):
        for k in range(-d, d + 1, 2):
            if k == -d or (k != d and v[off + k - 1] < v[off + k + 1]):
                x = v[off + k + 1]  # a step down: b[y] inserted
            else:
                x = v[off + k - 1] + 1  # a step right: a[x] deleted
            y = x - k
            while x < n and y < m and a[x] == b[y]:
                x += 1
                y += 1
            v[off + k] = x
            if x >= n and y >= m:
                return _walk_back(trace, n, m)
        trace.append(v[off - d:off + d + 1])
    return None


def _walk_back(trace: list, n: int, m: int) -> list[tuple[int, int]]:
    pairs = []
    x, y = n, m
    for d in range(len(trace), 0, -1):
        prev = trace[d - 1]  # diagonals -(d-1)..(d-1), at index k + d - 1
        k = x - y
        down = k == -d or (k != d and prev[k - 1 + d - 1] < prev[k + 1 + d - 1])
        pk = k + 1 if down else k - 1
        px = prev[pk + d - 1]
        py = px - pk
        start = px if down else px + 1  # the snake after the edit starts here
        while x > start:
            x, y = x - 1, y - 1
            pairs.append((x, y))
        x, y = px, py
    while x > 0 and y > 0:
        x, y = x - 1, y - 1
        pairs.append((x, y))
    pairs.reverse()
    return pairs


def _unpaired(span, out) -> None:
    i1, i2, j1, j2 = span
    out.extend((i, None) for i in range(i1, i2))
    out.extend((None, j) for j in range(j1, j2))
