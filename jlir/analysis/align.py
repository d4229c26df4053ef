"""Pairing the statements of two prints of one function, modulo SSA and block renumbering.

Two prints of one function seldom number alike: a statement inserted near the
top shifts every later `%n`, a split block every later `#b`.  So statements are
paired by content, never by position:

1. `align` runs difflib over *content keys* (the canonical statement with its
   SSA operands and block numbers blanked out), first with the type, then
   without it (a type change still pairs), then by the bare operation (call
   target, node kind: an operand change still pairs); each level only looks at
   what the level before left unpaired, so the cost beyond difflib's own is linear.
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
    """The renumbering read off the paired statements: SSA ids and blocks A→B, argument number → slot name."""
    ssa: dict
    blocks: dict
    args: dict


@dataclass(frozen=True, slots=True)
class Verdict:
    """How a pair compares: `same`, `style` (the same IR; `rules` say which spellings differ) or `changed`
    (`aspects`: `node`, `operands` (SSA operands), `target` (branch targets, φ edges), `type`, `label`)."""
    kind: str
    aspects: tuple = ()
    rules: frozenset = frozenset()


_HOLE = Unmapped(0)  # an SSA operand, in a content key


def rewrite(x, ssa=None, block=None, arg=None):
    """`x` with every SSA operand `%k` replaced by `ssa(k)`, every block number `b` by `block(b)` and every
    numbered argument (`_N`) by `arg(value)`, each where given.

    Generic over the model: inside a node, the only bare integers are block numbers (`goto #b`, φ edges,
    `enter #b`); SSA operands are `SSAValue`s; types are left alone.
    """
    cls = type(x)
    if cls is V.SSAValue:
        return x if ssa is None else ssa(x.id)
    if cls is int:
        return x if block is None else block(x)
    if cls is tuple:
        return tuple(rewrite(i, ssa, block, arg) for i in x)
    if arg is not None and (cls is V.Argument or (cls is V.SlotNumber and x.name is None)):
        return arg(x)
    if cls in VALUE_CLASSES and cls not in _LEAVES:
        return cls(*[rewrite(getattr(x, f), ssa, block, arg) for f in cls.__slots__])
    return x


def _blank(x, arg=None):
    """`x` with SSA operands and block numbers blanked out: its content, whatever the numbering."""
    return rewrite(x, ssa=lambda k: _HOLE, block=lambda b: 0, arg=arg)


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
def _keys(e: Entry) -> tuple:
    """Content keys, finest first: canonical node and type, canonical node, the operation alone."""
    node = _blank(e.canon.node)
    return (node, e.canon.type), node, _operation(e.canon.node)


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
    ka, kb = [_keys(e) for e in xs], [_keys(e) for e in ys]
    out: list[tuple] = []
    _align(ka, kb, (0, len(xs), 0, len(ys)), 0, out)
    return out


def _align(ka, kb, span, level, out) -> None:
    i1, i2, j1, j2 = span
    if i1 == i2 or j1 == j2 or level == len(ka[i1]):
        out.extend((i, None) for i in range(i1, i2))
        out.extend((None, j) for j in range(j1, j2))
        return
    matcher = SequenceMatcher(None, [k[level] for k in ka[i1:i2]], [k[level] for k in kb[j1:j2]], autojunk=False)
    for tag, a1, a2, b1, b2 in matcher.get_opcodes():
        if tag == "equal":
            out.extend((i1 + a1 + k, j1 + b1 + k) for k in range(a2 - a1))
        else:
            _align(ka, kb, (i1 + a1, i1 + a2, j1 + b1, j1 + b2), level + 1, out)


# ---------------------------------------------------------------------------------------------- derive
def derive(xs: list[Entry], ys: list[Entry], pairs: list[tuple], names: dict) -> Mapping:
    """The renumbering the pairs imply.  `names` (argument number → name, from warntype headers) is taken as
    given; other argument names are voted for by the pairs, one name per number and one number per name."""
    ssa = {xs[i].id: ys[j].id for i, j in pairs}
    blocks = {0: 0}
    for i, j in pairs:  # a branch to block `a` lands on its first statement: where that statement went
        blocks.setdefault(xs[i].block, ys[j].block)
    args, votes = dict(names), []
    for i, j in pairs:
        _argument_votes(xs[i].canon.node, ys[j].canon.node, votes)
    taken = set(args.values())
    for (n, name), _ in _by_votes(votes):
        if n not in args and name not in taken:
            args[n] = name
            taken.add(name)
    return Mapping(ssa, blocks, args)


def _by_votes(items) -> list:
    """(item, count) by decreasing count, ties in item order: a deterministic majority."""
    return sorted(Counter(items).items(), key=lambda kv: (-kv[1], kv[0]))


def _number(x) -> int | None:
    """The number of an argument printed as `_N` (an Argument, or a nameless slot in lowered code)."""
    if type(x) is V.Argument:
        return x.n
    if type(x) is V.SlotNumber and x.name is None:
        return x.id
    return None


def _argument_votes(x, y, out: list) -> None:
    """Where one side has `_N` and the other a slot name at the same place, a vote for `N → name`."""
    nx, ny = _number(x), _number(y)
    if nx is not None or ny is not None:
        named = y if nx is not None else x
        if type(named) is V.SlotNumber and named.name:
            out.append((nx if nx is not None else ny, named.name))
        return
    cls = type(x)
    if cls is not type(y):
        return
    if cls is tuple:
        if len(x) == len(y):
            for a, b in zip(x, y):
                _argument_votes(a, b, out)
    elif cls in VALUE_CLASSES and cls not in _LEAVES:
        for f in cls.__slots__:
            _argument_votes(getattr(x, f), getattr(y, f), out)


# ---------------------------------------------------------------------------------------------- judge
class Judge:
    """Compares paired statements under a Mapping.  `labels`: compare 1.12's call labels (both sides print
    some); otherwise a label difference is style."""

    def __init__(self, mapping: Mapping, canonicalizer: Canonicalizer, labels: bool):
        self.m, self.c, self.labels = mapping, canonicalizer, labels

    def _ssa(self, k):
        b = self.m.ssa.get(k)
        return V.SSAValue(b) if b is not None else Unmapped(k)

    def _block(self, k):
        b = self.m.blocks.get(k)
        return b if b is not None else Unmapped(k)

    def _arg(self, x):
        name = self.m.args.get(_number(x))
        return x if name is None else V.SlotNumber(name)

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
        node_ok = node_same or self.c.equal(rewrite(ca.node, self._ssa, self._block, self._arg),
                                            rewrite(cb.node, arg=self._arg), notes)
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
        if not self.c.equal(_blank(a, self._arg), _blank(b, self._arg)):
            return "node"
        targets_blank = self.c.equal(rewrite(a, self._ssa, lambda k: 0, self._arg),
                                     rewrite(b, None, lambda k: 0, self._arg))
        return "target" if targets_blank else "operands"
