"""The renumbering two aligned prints imply, and the verdict on each pair of statements under it.

* `derive` reads the renumbering off the pairs (`jlir.compare.align`): SSA
  ids A→B, blocks A→B (an A block goes where its first paired statement went:
  a branch lands there), and which name an argument printed as `_N` on one
  side has on the other (warntype headers name them too).
* `Judge` checks every pair under that renumbering: an operand whose
  definition was paired elsewhere, or a branch into a block that maps
  elsewhere, makes the statement *changed*; a difference that the canonical
  spelling (`jlir.compare.canonical`) removes makes it *style*.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from jlir.compare.align import Entry, Unmapped, _blank, rewrite
from jlir.compare.canonical import PLAIN, Canonicalizer
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ir.walk import fields



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
    the two values there).  Types, and values holding no other value (slots, arguments, literals, `%n`), are
    places, not walked into."""
    cls = type(x)
    if cls is not type(y) or cls in PLAIN:
        yield x, y
    elif cls is tuple:
        if len(x) == len(y):
            for a, b in zip(x, y):
                yield from _side_by_side(a, b)
        else:
            yield x, y
    elif isinstance(x, T.Shown) or _holds_no_value(x):
        yield x, y
    else:
        for a, b in zip(fields(x), fields(y)):
            yield from _side_by_side(a, b)


def _holds_no_value(x) -> bool:
    return all(type(f) in PLAIN for f in fields(x))


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
