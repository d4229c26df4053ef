"""Liveness of SSA values and of slots, and interference of SSA values, solved with `dataflow.solve`.

SSA liveness (`liveness`), per block `b`:

    live_out(b) = phi_uses(b) ∪ ⋃ live_in(s) over b's successors s
    live_in(b)  = upward_exposed(b) ∪ (live_out(b) − defs(b))

* `phi_uses(b)`: operands that φ nodes (anywhere) read on their edge `#b`:
  a φ operand is used at the END of its incoming block (`jlir.analysis.defuse`),
  so it is live out of that block and not live into the φ's block;
* a φ's own value is defined at its block's start, with every φ of that
  block at once: it is in `defs(b)`, never in `live_in(b)`;
* try/catch: `ϒ (v)` is a use of `v` where the ϒ stands, and defines its own
  id, which only φᶜ nodes name.  A φᶜ's operands are NOT uses for liveness:
  they name the ϒ statements that store into the φᶜ, not values read at the
  φᶜ, so a ϒ id is never live anywhere.  The φᶜ's value is defined at its own
  statement, at the catch block's start (Julia's model: the φᶜ receives
  whatever the last executed ϒ stored, wherever in the try region it stood).
  So the φᶜ's storage between its ϒs and the catch block is no SSA value
  here and interferes with nothing: SSA destruction must give a φᶜ and its
  ϒs one variable of their own, outside this interference relation.
  The CFG is Julia's (`jlir.ir.cfg.compute_cfg`): the catch block is a successor of
  the `enter` block only, as in Julia's dominator tree;
* pending new nodes of an uncompacted IRCode take part at their printed place.

Values live at a point and interference: `Liveness.live_after(d)` is the set
live just after `%d` is defined (for a φ: after its block's φ group, other
live φs included); two values interfere when one is live after the other's
definition (for SSA form this is exactly "their live ranges overlap").

Slot liveness (`slot_liveness`, for `@code_lowered` and unoptimized code):
an assignment `_3 = …` (`Expr(:(=))` with a slot on the left) defines the
slot, every other slot read is a use (`isdefined` included), and
`Core.NewvarNode(:(x))` kills `x` without using it.  Slots are keyed by their
`SlotNumber` (as printed: name and/or number).  Exceptions: a block inside a
try region (an open `enter`, `jlir.analysis.handlers`) has its innermost catch
block as an extra successor, so a slot assigned in the try region and read in
the catch block is live there (the exceptional edge is taken from the block's
end: a slot both assigned in such a block and read by the catch block counts
as live from the assignment on).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from jlir.analysis.dataflow import Problem, solve
from jlir.analysis.defuse import def_use, statement_layout
from jlir.ir.cfg import compute_cfg, in_range
from jlir.analysis.handlers import handler_stacks, pops_on_catch
from jlir.ir import nodes as N
from jlir.ir import values as V
from jlir.ir import walk

__all__ = ["Liveness", "SlotLiveness", "liveness", "slot_liveness", "liveness_uses", "slot_effects"]


def _union(facts) -> frozenset:
    out: frozenset = frozenset()
    for f in facts:
        out |= f
    return out


@dataclass(frozen=True, slots=True)
class Liveness:
    """SSA liveness of one function: `live_in[b - 1]`, `live_out[b - 1]` are frozensets of SSA ids."""
    live_in: tuple
    live_out: tuple
    du: object = field(repr=False, compare=False)
    _after: dict = field(default_factory=dict, repr=False, compare=False)

    def live_after(self, d: int) -> frozenset:
        """The values live just after `%d` is defined (`%d` itself left out); empty for an id defined nowhere."""
        b = self.du.defs.get(d)
        if b is None:
            return frozenset()
        if d not in self._after:
            self._after.update(_block_live_after(self.du, b, self.live_out[b - 1]))
        return self._after[d]

    def interferes(self, a: int, b: int) -> bool:
        """Whether `%a` and `%b` are live at once (one live where the other is defined): they cannot share a variable."""
        return a != b and (a in self.live_after(b) or b in self.live_after(a))


def liveness_uses(du, sid: int) -> list[int]:
    """The SSA ids statement `sid` reads at its own place, for liveness (φ operands and φᶜ operands left out)."""
    node = du.statements[sid].node
    if type(node) in (N.PhiNode, N.PhiCNode):
        return []
    return list(walk.ssa_uses(node))


def _block_live_after(du, b: int, live_out: frozenset) -> dict:
    """Live-after sets of block `b`'s definitions, by one backward scan from `live_out`."""
    ids = du.order[b - 1]
    live = set(live_out)
    after: dict = {}
    phis = {i for i in ids if type(du.statements[i].node) is N.PhiNode}
    for sid in reversed(ids):
        if sid in phis:
            continue
        live.discard(sid)
        after[sid] = frozenset(live)
        live.update(liveness_uses(du, sid))
    for sid in phis:
        after[sid] = frozenset(live - {sid})
    return after


def _ssa_sets(du) -> tuple[list, list, list]:
    """Per block: upward-exposed uses, definitions, and φ operands read on the block's outgoing edges."""
    gens, kills = [], []
    phi_end: list[set] = [set() for _ in du.order]
    nblocks = len(du.order)
    statements, ssa_uses, skip = du.statements, walk.ssa_uses, (N.PhiNode, N.PhiCNode)
    for ids in du.order:
        gen: set = set()
        for sid in reversed(ids):
            gen.discard(sid)
            node = statements[sid].node
            if type(node) not in skip:  # `liveness_uses`, without its call and its list
                gen.update(ssa_uses(node))
        gens.append(frozenset(gen))
        kills.append(frozenset(ids))
    for sid, s in du.statements.items():
        if type(s.node) is N.PhiNode:
            for e, v in zip(s.node.edges, s.node.values):
                if v is not None and 1 <= e <= nblocks:
                    phi_end[e - 1].update(walk.ssa_uses(v))
    return gens, kills, [frozenset(p) for p in phi_end]


def liveness(fn, cfg=None, du=None) -> Liveness:
    """SSA liveness of `fn` (see the module docstring for the equations)."""
    du = def_use(fn) if du is None else du
    cfg = in_range(compute_cfg(fn)) if cfg is None else cfg
    gens, kills, phi_end = _ssa_sets(du)

    def transfer(b, out):
        return gens[b - 1] | ((out | phi_end[b - 1]) - kills[b - 1])

    sol = solve(cfg, Problem(forward=False, boundary=frozenset(), initial=frozenset(), merge=_union,
                             transfer=transfer))
    live_out = tuple(o | p for o, p in zip(sol.outs, phi_end))
    return Liveness(sol.ins, live_out, du)


@dataclass(frozen=True, slots=True)
class SlotLiveness:
    """Slot liveness: `live_in[b - 1]`, `live_out[b - 1]` are frozensets of `SlotNumber`s."""
    live_in: tuple
    live_out: tuple


def slot_of(v):
    """The slot a value names (`x`, `_3`, `x::T` as a TypedSlot), or None."""
    if type(v) is V.TypedSlot:
        v = v.value
    return v if type(v) is V.SlotNumber else None


def slot_effects(node) -> tuple[list, object, bool]:
    """`(reads, written, killed)` of one statement: slots read in order, the slot assigned (or None), and
    whether the write is a `NewvarNode` kill rather than an assignment."""
    if type(node) is N.NewvarNode:
        return [], slot_of(node.slot), True
    if type(node) is N.Expr and node.head == "=" and node.args and slot_of(node.args[0]) is not None:
        reads = [s for a in node.args[1:] for s in map(slot_of, walk.values(a)) if s is not None]
        return reads, slot_of(node.args[0]), False
    return [s for s in map(slot_of, walk.values(node)) if s is not None], None, False


def _slot_sets(block_nodes) -> tuple[list, list]:
    gens, kills = [], []
    for nodes in block_nodes:
        gen: set = set()
        kill: set = set()
        for node in reversed(nodes):
            reads, written, _ = slot_effects(node)
            if written is not None:
                gen.discard(written)
                kill.add(written)
            gen.update(reads)
        gens.append(frozenset(gen))
        kills.append(frozenset(kill))
    return gens, kills


def exceptional_successors(fn, cfg, order, statements) -> list[tuple[int, ...]]:
    """Each block's successors plus, inside a try region, its innermost catch block."""
    stacks = handler_stacks(cfg, order, statements, pops_on_catch(fn))
    out = []
    for b, blk in enumerate(cfg.blocks, 1):
        c = stacks.catch_successor(b)
        out.append(blk.succs + ((c,) if c is not None and c not in blk.succs else ()))
    return out


def slot_liveness(fn, cfg=None) -> SlotLiveness:
    """Slot liveness of `fn` in slot form (see the module docstring)."""
    statements, order = statement_layout(fn)
    cfg = in_range(compute_cfg(fn)) if cfg is None else cfg
    gens, kills = _slot_sets([[statements[i].node for i in ids] for ids in order])

    def transfer(b, out):
        return gens[b - 1] | (out - kills[b - 1])

    succs = exceptional_successors(fn, cfg, order, statements)
    sol = solve(succs, Problem(forward=False, boundary=frozenset(), initial=frozenset(), merge=_union,
                               transfer=transfer))
    return SlotLiveness(sol.ins, sol.outs)
