"""Sreedhar's method I and the coalescing of its copies: which variables share one slot.

Method I isolates every φ `%p = φ(e1 => v1, …)` of block B with fresh variables: `a'ᵢ ← vᵢ` in a parallel
copy at the end of each predecessor eᵢ, the φ defining `p'` from the `a'ᵢ`, and `p ← p'` in a parallel copy
at B's start (after its φs).  `p'` and the `a'ᵢ` are one congruence class (one slot): their live ranges
are only the copies' ends and the edges, so they interfere with nothing of their class.

Coalescing then tries to drop each copy, `p ← p'` first, then each `a'ᵢ ← vᵢ` whose `vᵢ` is an SSA value,
by merging the two classes when no member of one interferes with a member of the other.  Interference
(`Interference.interferes`) is the intersection of live ranges (`jlir.analysis.live_ranges`) with the
chapter's value-based refinement where a copy makes two variables hold the same value (a variable and
its own copy never interfere):

* two SSA values: `Liveness.interferes` (one live where the other is defined);
* `a'ᵢ` with an SSA value `x`: `x` live at the end of eᵢ past the copies: live into a successor, or read
  by eᵢ's terminator (the copies go before it);
* `p'` with `x`: `x` live into B, or another φ of B;
* two `a'` at the end of the same block, two `p'` of the same block: always (unless the same value).
"""
from __future__ import annotations

from dataclasses import dataclass

from jlir.ir import nodes as N
from jlir.ir import values as V
from jlir.ir import walk

__all__ = ["Member", "Classes", "Interference", "IndexedInterference", "coalesce"]


@dataclass(frozen=True, slots=True)
class Member:
    """A variable of method I: `("ssa", id)`, `("arg", φ id, edge index)` (a'ᵢ) or `("res", φ id, 0)` (p')."""
    kind: str
    phi: int
    edge: int = 0


class Classes:
    """Union-find over members; each class remembers its members."""

    def __init__(self):
        self.parent: dict = {}
        self.members: dict = {}

    def add(self, m: Member) -> None:
        if m not in self.parent:
            self.parent[m] = m
            self.members[m] = [m]

    def find(self, m: Member) -> Member:
        self.add(m)
        root = m
        while self.parent[root] != root:
            root = self.parent[root]
        while self.parent[m] != root:
            self.parent[m], m = root, self.parent[m]
        return root

    def union(self, a: Member, b: Member) -> None:
        """`b`'s class joins `a`'s (the root stays `a`'s: callers pass the larger class first)."""
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[rb] = ra
            self.members[ra].extend(self.members.pop(rb))


class Interference:
    """Interference of method I's variables in one function (see the module docstring)."""

    def __init__(self, live, cfg, phis: dict, stmts):
        self.live = live
        self.cfg = cfg
        self.phis = phis          # φ id -> (block, PhiNode)
        self.block_phis: dict = {}
        for pid, (b, _) in phis.items():
            self.block_phis.setdefault(b, set()).add(pid)
        self.end_live: dict = {}
        for b, blk in enumerate(cfg.blocks, 1):
            out = set()
            for s in blk.succs:
                out |= live.live_in[s - 1]
            term = stmts[blk.last - 1].node if blk.last >= blk.first else None
            if term is not None and N.is_terminator(term):
                out |= set(walk.ssa_uses(term))
            self.end_live[b] = frozenset(out)

    def value(self, m: Member):
        """The value a member holds where it is defined: an SSA value's own id, a copy's source."""
        if m.kind == "ssa":
            return ("ssa", m.phi)
        if m.kind == "res":
            return ("ssa", m.phi)
        v = self.phis[m.phi][1].values[m.edge]
        return ("ssa", v.id) if type(v) is V.SSAValue else ("const", m.phi, m.edge)

    def edge_block(self, m: Member) -> int:
        return self.phis[m.phi][1].edges[m.edge]

    def interferes(self, a: Member, b: Member) -> bool:
        if self.value(a) == self.value(b):
            return False
        if a.kind == "ssa" and b.kind == "ssa":
            return self.live.interferes(a.phi, b.phi)
        if a.kind == "ssa":
            a, b = b, a
        if b.kind == "ssa":
            if a.kind == "arg":
                return b.phi in self.end_live[self.edge_block(a)]
            blk = self.phis[a.phi][0]
            return b.phi in self.live.live_in[blk - 1] or b.phi in self.block_phis.get(blk, ())
        if a.kind == "arg" and b.kind == "arg":
            return self.edge_block(a) == self.edge_block(b)
        if a.kind == "res" and b.kind == "res":
            return self.phis[a.phi][0] == self.phis[b.phi][0]
        return False


class _ClassIndex:
    """One class's members as sets to test a variable against the whole class at once: its SSA ids, the ids
    live just after any of them is defined, the values its a'ᵢ hold by edge block, its p' by φ block."""
    __slots__ = ("ssa", "live", "args", "res")

    def __init__(self):
        self.ssa: set = set()
        self.live: set = set()
        self.args: dict = {}
        self.res: dict = {}


def _meet(a, b):
    """The elements of two sets present in both, iterating the smaller."""
    if len(a) > len(b):
        a, b = b, a
    return (x for x in a if x in b)


class IndexedInterference(Interference):
    """`Interference` between a variable and a whole class (`hits`), in time of the variable's live range
    rather than of the class's size: the book's point that coalescing should cost with the copies, not with
    their square (comparing every pair of members made a loop of 1,000 swapping diamonds take 15 s)."""

    def __init__(self, live, cfg, phis: dict, stmts):
        super().__init__(live, cfg, phis, stmts)
        self.indexes: dict = {}
        self.ends_of: dict = {}   # SSA id -> blocks whose end it is live at (past the copies)
        self.ins_of: dict = {}    # SSA id -> blocks it is live into, or a φ of
        for b, out in self.end_live.items():
            for x in out:
                self.ends_of.setdefault(x, set()).add(b)
        for b, ins in enumerate(live.live_in, 1):
            for x in ins:
                self.ins_of.setdefault(x, set()).add(b)
        for b, pids in self.block_phis.items():
            for x in pids:
                self.ins_of.setdefault(x, set()).add(b)

    def index(self, root: Member, members) -> _ClassIndex:
        ix = self.indexes.get(root)
        if ix is None:
            ix = self.indexes[root] = _ClassIndex()
            for m in members:
                self._add(ix, m)
        return ix

    def _add(self, ix: _ClassIndex, m: Member) -> None:
        if m.kind == "ssa":
            ix.ssa.add(m.phi)
            ix.live |= self.live.live_after(m.phi)
        elif m.kind == "arg":
            ix.args.setdefault(self.edge_block(m), set()).add(self.value(m))
        else:
            ix.res.setdefault(self.phis[m.phi][0], set()).add(m.phi)

    def merge(self, ra: Member, rb: Member) -> None:
        """Class `rb` joins class `ra` (the larger): its index goes into ra's."""
        big, small = self.indexes[ra], self.indexes.pop(rb)
        big.ssa |= small.ssa
        big.live |= small.live
        for key, own in (("args", big.args), ("res", big.res)):
            for blk, vals in getattr(small, key).items():
                own.setdefault(blk, set()).update(vals)

    def hits(self, ix: _ClassIndex, y: Member) -> bool:
        """Whether `y` interferes with some member of the class indexed by `ix` (`y` not in it)."""
        if y.kind == "ssa":
            x = y.phi
            if x in ix.live or not ix.ssa.isdisjoint(self.live.live_after(x)):
                return True
            own = ("ssa", x)
            for e in _meet(self.ends_of.get(x, ()), ix.args):
                vals = ix.args[e]
                if len(vals) > 1 or own not in vals:
                    return True
            for b in _meet(self.ins_of.get(x, ()), ix.res):
                pids = ix.res[b]
                if len(pids) > 1 or x not in pids:
                    return True
            return False
        if y.kind == "arg":
            e, vy = self.edge_block(y), self.value(y)
            vals = ix.args.get(e)
            if vals and (len(vals) > 1 or vy not in vals):
                return True
            return any(("ssa", x) != vy for x in _meet(ix.ssa, self.end_live[e]))
        blk = self.phis[y.phi][0]
        if blk in ix.res:
            return True
        return any(x != y.phi for x in _meet(ix.ssa, self.live.live_in[blk - 1])) or \
            any(x != y.phi for x in _meet(ix.ssa, self.block_phis.get(blk, ())))


def assignable(node) -> bool:
    """Whether a statement can become `slot = node` in Julia's slot form.  Julia's printer and jlir's reader
    know `x = invoke f(…)` in no form (optimized code, the only code with `invoke`, has no slots), so such
    a value keeps its SSA value and is copied instead; so does a π (slot form has none)."""
    if type(node) is N.Expr:
        return node.head != "invoke"
    return type(node) in (N.PhiNode, N.PhiCNode) or type(node).__module__ == V.__name__


def _try_merge(classes: Classes, inter: Interference, a: Member, b: Member) -> bool:
    ra, rb = classes.find(a), classes.find(b)
    if ra == rb:
        return True
    if len(classes.members[ra]) < len(classes.members[rb]):
        ra, rb = rb, ra
    if not isinstance(inter, IndexedInterference):  # the definition, pair by pair (kept to check the index against)
        if any(inter.interferes(x, y) for x in classes.members[ra] for y in classes.members[rb]):
            return False
        classes.union(ra, rb)
        return True
    big = inter.index(ra, classes.members[ra])
    inter.index(rb, classes.members[rb])
    if any(inter.hits(big, y) for y in classes.members[rb]):
        return False
    inter.merge(ra, rb)
    classes.union(ra, rb)
    return True


def coalesce(inter: Interference, phis: dict, stmts, *, enabled: bool = True) -> Classes:
    """Method I's classes, then the copies coalesced in order (`enabled=False`: method I alone); an SSA value
    joins a class only where its statement can become an assignment (`assignable`)."""
    classes = Classes()
    for pid, (_, phi) in phis.items():
        res = Member("res", pid)
        classes.add(res)
        for i in range(len(phi.edges)):
            classes.union(res, Member("arg", pid, i))
    if not enabled:
        return classes
    for pid, (_, phi) in phis.items():
        _try_merge(classes, inter, Member("ssa", pid), Member("res", pid))
        for i, v in enumerate(phi.values):
            if type(v) is V.SSAValue and 1 <= v.id <= len(stmts) and assignable(stmts[v.id - 1].node):
                _try_merge(classes, inter, Member("ssa", v.id), Member("arg", pid, i))
    return classes
