"""Pairing the statements of two prints of one function, modulo SSA and block renumbering.

Two prints of one function seldom number alike: a statement inserted near the
top shifts every later `%n`, a split block every later `#b`.  So statements are
paired by content, never by position:

1. `align` finds a longest common subsequence of *content keys* (the canonical
   statement with its SSA operands and block numbers blanked out; Myers'
   algorithm, whose time grows with the size of the difference): first with the
   type and what the operands compute, then with the type, then without it (a
   type change still pairs), then by the bare operation (call target, node
   kind: an operand change still pairs).  Each level only looks at what the
   level before left unpaired.
2. `derive` reads the renumbering off the pairs: SSA ids A→B, blocks A→B (an
   A block goes where its first paired statement went: a branch lands there),
   and which name an argument printed as `_N` on one side has on the other
   (warntype headers name them too).
3. `judge` checks every pair under that renumbering: an operand whose
   definition was paired elsewhere, or a branch into a block that maps
   elsewhere, makes the statement *changed*; a difference that the canonical
   spelling (`jlir.analysis.canonical`) removes makes it *style*.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from difflib import SequenceMatcher

from jlir.analysis.canonical import Canonical, Canonicalizer, VALUE_CLASSES
from jlir.ir import nodes as N
from jlir.ir import values as V
from jlir.ir.function import Function, Statement
from jlir.ir.walk import ssa_uses

# Values with no SSA operand or block number inside (a SlotNumber's `id` is a slot, not a block).
_LEAVES = frozenset({V.SlotNumber, V.Argument, V.Literal, V.GlobalRef, V.Symbol})


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


@dataclass(frozen=True, slots=True)
class Mapping:
    """The renumbering read off the paired statements: SSA ids and blocks A→B, slot number → slot name."""
    ssa: dict
    blocks: dict
    slots: dict


@dataclass(frozen=True, slots=True)
class Slot:
    """A slot or argument by number, however it was printed (`_2`, `@_2`, `x@_2`, or `x` once `x` is known
    to be slot 2)."""
    n: int


@dataclass(frozen=True, slots=True)
class Verdict:
    """How a pair compares: `same`, `style` (the same IR; `rules` say which spellings differ) or `changed`
    (`aspects`: `node`, `operands` (SSA operands), `target` (branch targets, φ edges), `type`, `label`)."""
    kind: str
    aspects: tuple = ()
    rules: frozenset = frozenset()


_HOLE = Unmapped(0)  # an SSA operand, in a content key


def rewrite(x, ssa=None, block=None, slot=None):
    """`x` with every SSA operand `%k` replaced by `ssa(k)`, every block number `b` by `block(b)` and every
    argument or slot `v` by `slot(v)`, each where given.

    Generic over the model: inside a node, the only bare integers are block numbers (`goto #b`, φ edges,
    `enter #b`); SSA operands are `SSAValue`s; types are left alone.
    """
    cls = type(x)
    if cls is V.SSAValue:
        return x if ssa is None else ssa(x.id)
    if cls is int:
        return x if block is None else block(x)
    if cls is tuple:
        return tuple(rewrite(i, ssa, block, slot) for i in x)
    if slot is not None and (cls is V.Argument or cls is V.SlotNumber):
        return slot(x)
    if cls in VALUE_CLASSES and cls not in _LEAVES:
        return cls(*[rewrite(getattr(x, f), ssa, block, slot) for f in cls.__slots__])
    return x


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


# ---------------------------------------------------------------------------------------------- derive
def derive(xs: list[Entry], ys: list[Entry], pairs: list[tuple], names: dict) -> Mapping:
    """The renumbering the pairs imply.  `names` (slot number → name, from warntype headers) is taken as
    given; other slot names are voted for by the pairs (one side prints `_2`, the other `x` at the same
    place), one name per number and one number per name."""
    ssa = {xs[i].id: ys[j].id for i, j in pairs}
    blocks = {0: 0}
    for i, j in pairs:  # a branch to block `a` lands on its first statement: where that statement went
        blocks.setdefault(xs[i].block, ys[j].block)
    slots, votes = dict(names), []
    for i, j in pairs:
        _slot_votes(xs[i].canon.node, ys[j].canon.node, votes)
    taken = set(slots.values())
    for (n, name), _ in _by_votes(votes):
        if n not in slots and name not in taken:
            slots[n] = name
            taken.add(name)
    return Mapping(ssa, blocks, slots)


def _by_votes(items) -> list:
    """(item, count) by decreasing count, ties in item order: a deterministic majority."""
    return sorted(Counter(items).items(), key=lambda kv: (-kv[1], kv[0]))


def _number(x) -> int | None:
    """The number a slot or argument is printed with (`_2`, `@_2`, `x@_2`), if any."""
    if type(x) is V.Argument:
        return x.n
    if type(x) is V.SlotNumber:
        return x.id
    return None


def _slot_votes(x, y, out: list) -> None:
    """Where one side prints a slot by number and the other by name alone at the same place, a vote for
    `number → name`."""
    for p, q in _side_by_side(x, y):
        n = _number(p) if _number(p) is not None else _number(q)
        named = q if _number(p) is not None else p
        if n is not None and type(named) is V.SlotNumber and named.name and named.id is None:
            out.append((n, named.name))


def _side_by_side(x, y):
    """The values at the same places of two nodes (walking both while their shapes agree; where they part,
    the two values there)."""
    cls = type(x)
    if cls is not type(y) or cls in _LEAVES or cls is V.SSAValue:
        yield x, y
    elif cls is tuple and len(x) == len(y):
        for a, b in zip(x, y):
            yield from _side_by_side(a, b)
    elif cls in VALUE_CLASSES:
        for f in cls.__slots__:
            yield from _side_by_side(getattr(x, f), getattr(y, f))
    else:
        yield x, y


# ---------------------------------------------------------------------------------------------- judge
class Judge:
    """Compares paired statements under a Mapping.  `labels`: compare 1.12's call labels (both sides print
    some); otherwise a label difference is style."""

    def __init__(self, mapping: Mapping, canonicalizer: Canonicalizer, labels: bool):
        self.m, self.c, self.labels = mapping, canonicalizer, labels
        names = Counter(mapping.slots.values())
        self._numbers = {name: n for n, name in mapping.slots.items() if names[name] == 1}

    def _ssa(self, k):
        b = self.m.ssa.get(k)
        return V.SSAValue(b) if b is not None else Unmapped(k)

    def _block(self, k):
        b = self.m.blocks.get(k)
        return b if b is not None else Unmapped(k)

    def _slot(self, x):
        """A slot or argument as its number where known: `_2`, `@_2`, `x@_2` and (slot 2 being `x`) `x` alike."""
        n = _number(x)
        if n is None and x.name is not None:
            n = self._numbers.get(x.name)
        return x if n is None else Slot(n)

    def rewired(self, x: Entry, y: Entry) -> tuple[tuple[int, int, int | None], ...]:
        """Where paired statements use different values: (A's operand, B's operand at that place, A's operand's
        counterpart in B or None)."""
        return tuple((p.id, q.id, self.m.ssa.get(p.id)) for p, q in _side_by_side(x.canon.node, y.canon.node)
                     if type(p) is V.SSAValue and type(q) is V.SSAValue and self.m.ssa.get(p.id) != q.id)

    def judge(self, x: Entry, y: Entry) -> Verdict:
        sa, sb = x.stmt, y.stmt
        typed = sa.type is not None and sb.type is not None  # lowered code and unused warntype values have none
        node_same = rewrite(sa.node, self._ssa, self._block) == sb.node
        type_same = not typed or sa.type == sb.type
        if node_same and type_same and sa.label == sb.label:
            return Verdict("same")
        ca, cb = x.canon, y.canon
        # the rules that may explain a difference: those that rewrote a part that differs
        notes = set() if node_same else set(ca.node_rules | cb.node_rules)
        if not type_same:
            notes |= ca.type_rules | cb.type_rules
        node_ok = node_same or self.c.equal(rewrite(ca.node, self._ssa, self._block, self._slot),
                                            rewrite(cb.node, slot=self._slot), notes)
        if node_ok and not node_same and not self.c.equal(rewrite(ca.node, self._ssa, self._block), cb.node):
            notes.add("arguments")
        type_ok = type_same or ca.type is None or cb.type is None or self.c.equal(ca.type, cb.type, notes)
        label_ok = sa.label == sb.label or not self.labels
        if sa.label != sb.label and not self.labels:
            notes.add("labels")
        if node_ok and type_ok and label_ok:
            return Verdict("style", rules=frozenset(notes))
        aspects = []
        if not node_ok:
            aspects.append(self._node_aspect(ca.node, cb.node))
        if not type_ok:
            aspects.append("type")
        if not label_ok:
            aspects.append("label")
        return Verdict("changed", tuple(aspects))

    def _node_aspect(self, a, b) -> str:
        """Why two nodes differ: `target` (only block numbers), `operands` (only SSA operands) or `node`."""
        if not self.c.equal(_blank(a, self._slot), _blank(b, self._slot)):
            return "node"
        targets_blank = self.c.equal(rewrite(a, self._ssa, lambda k: 0, self._slot),
                                     rewrite(b, None, lambda k: 0, self._slot))
        return "target" if targets_blank else "operands"
