"""Out of SSA: φ form to Julia's slot form, where φs become slot assignments (copies).

`out_of_ssa` is Sreedhar's method I with coalescing (`jlir.ssa.coalesce`) and the parallel copies
sequentialised correctly (`jlir.ssa.parallel_copy`), as the SSA book's destruction chapter describes:

* critical edges are split first (`jlir.ssa.split_edges`), so an edge's copies run only on it; the
  `enter` → catch edge cannot be split (the catch block must stay the `enter`'s target), and no φ is fed
  through it (values reach a catch block through φᶜ/ϒ), so its copies are never needed there;
* each congruence class is one slot, named after its source variable where `names` gives one (`x`,
  `into_ssa_with_names`), else after its first φ (`phi_5` for `%5 = φ(…)`);
* an SSA value coalesced into a class is assigned to the slot where it is defined (`(phi_5 = %3 + 1)`)
  and read from it everywhere; a φ whose result was coalesced disappears; one whose result was not
  becomes `%p = phi_5` (the copy `p ← p'`);
* at the end of each predecessor, before its terminator (after splitting, a predecessor with copies has
  one successor, unless `split=False`: then an edge's copies run on every edge out of the block, which is
  safe because the class's slot holds nothing live there, method I's isolation, even where the
  terminator reads a value the copies replace), the copies left are emitted as one parallel copy; a cycle costs one temporary slot (`tmp_b`, `tmp_b_2`, …);
  an `#undef` edge leaves `Core.NewvarNode(:(phi_5))` there (the slot is undefined again);
* φᶜ/ϒ: each φᶜ gets a slot of its own (`phic_7`), every ϒ feeding it becomes an assignment to that slot
  where the ϒ stood (before the throwing region, as Julia's own lowering stores a variable live into a
  catch block), and the φᶜ reads it.

`naive=True` is the textbook translation the chapter starts from: each φ's slot is written by plain
sequential copies at the end of its predecessors and the φ's uses read that slot directly, with no
isolation and no parallel copy.  It is wrong exactly where the chapter says: the lost-copy problem (a
φ result live past the copy that overwrites its slot) and the swap problem (φs that read each other).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from jlir.analysis.defuse import def_use
from jlir.ir.cfg import compute_cfg, in_range
from jlir.analysis.live_ranges import liveness
from jlir.edit import IRCode
from jlir.util.gcpause import paused
from jlir.ir import nodes as N
from jlir.ir.excerpt import refuse
from jlir.ir import values as V
from jlir.ir import walk
from jlir.ir.errors import JlirError
from jlir.ir.function import IR, Block, Form, Function, Statement
from jlir.ssa.coalesce import IndexedInterference, Member, coalesce
from jlir.ssa.domsort import renumber
from jlir.ssa.guarded_copies import guard_copies, maybe_undefined
from jlir.ssa.parallel_copy import sequentialize
from jlir.ssa.split_edges import split_critical_edges

__all__ = ["out_of_ssa", "CopyStats", "NotSSAForm"]


class NotSSAForm(JlirError):
    """out_of_ssa was given slot-form IR (it assigns slots) instead of φ form."""


@dataclass(frozen=True, slots=True)
class CopyStats:
    """Copies of one translation: method I's (`before`: one per φ edge plus one per φ), those left after
    coalescing (`after`), the temporaries cycles needed, and the φs and φᶜs translated."""
    before: int
    after: int
    temps: int
    phis: int
    phics: int


class _Plan:
    """Where every value goes: the slot of each coalesced SSA value, each φ's class slot, the edge copies."""

    def __init__(self, fn: Function, naive: bool, names: dict | None = None):
        self.fn = fn
        self.stmts = fn.positional
        self.names = names or {}
        self.taken = {v.name for s in self.stmts for v in walk.values(s.node)
                      if type(v) is V.SlotNumber and v.name}
        self.cfg = in_range(compute_cfg(fn))
        self.phis = {i: (self.cfg.block_for_inst(i), s.node) for i, s in enumerate(self.stmts, 1)
                     if type(s.node) is N.PhiNode}
        self.naive = naive
        self.ssa_slot: dict = {}     # SSA id -> slot holding it (its definition assigns the slot)
        self.phi_slot: dict = {}     # φ id -> its class's slot
        self.coalesced_args: set = set()  # (φ id, edge index) whose copy is not needed
        self._fed: dict | None = None
        if naive:
            for pid in self.phis:
                self.phi_slot[pid] = self.ssa_slot[pid] = self.slot_for(pid)
        else:
            self._classes()
        self.phic_slot = {i: _slot(f"phic_{i}") for i, s in enumerate(self.stmts, 1) if type(s.node) is N.PhiCNode}
        self.upsilon_slot = {}
        for i, slot in self.phic_slot.items():
            for v in self.stmts[i - 1].node.values:
                if type(v) is V.SSAValue:
                    self.upsilon_slot[v.id] = slot
        self.undef_slots = self._undefined_slots()

    def _undefined_slots(self) -> set:
        """The slots that may be undefined where a copy reads them (`jlir.ssa.guarded_copies`).  A φ or φᶜ whose
        value may be undefined is held in a slot even where it was not coalesced: read as an SSA value, an
        undefined slot would throw where the φ did not."""
        undef = maybe_undefined(self.stmts)
        out = set()
        for v in undef:
            if v not in self.ssa_slot:
                self.ssa_slot[v] = self.slot_for(v)
            out.add(self.ssa_slot[v])
            out.add(self.phi_slot[v] if v in self.phi_slot else self.phic_slot[v])
        return out

    def _classes(self) -> None:
        live = liveness(self.fn, self.cfg, def_use(self.fn))
        inter = IndexedInterference(live, self.cfg, self.phis, self.stmts)
        classes = coalesce(inter, self.phis, self.stmts)
        names: dict = {}
        for pid in self.phis:
            root = classes.find(Member("res", pid))
            if root not in names:
                names[root] = self.slot_for(pid)
            self.phi_slot[pid] = names[root]
        for root, members in list(classes.members.items()):
            if root not in names:
                continue
            for m in members:
                if m.kind == "ssa":
                    self.ssa_slot[m.phi] = names[root]
                elif m.kind == "arg":
                    v = self.phis[m.phi][1].values[m.edge]
                    src = Member("ssa", v.id) if type(v) is V.SSAValue else None
                    if src is not None and src in classes.parent and classes.find(src) == root:
                        self.coalesced_args.add((m.phi, m.edge))

    def slot_for(self, pid: int) -> V.SlotNumber:
        """The slot of the class whose first φ is `%pid`: named after its source variable where `names` gives
        one (`x`, then `x_2`, … where taken), else `phi_pid`."""
        base = self.names.get(pid)
        name = base if base else f"phi_{pid}"
        k = 1
        while name in self.taken:
            k += 1
            name = f"{base or f'phi_{pid}'}_{k}"
        self.taken.add(name)
        return _slot(name)

    def read(self, v):
        """What an operand becomes: a coalesced SSA value reads its slot."""
        if type(v) is V.SSAValue and v.id in self.ssa_slot:
            return self.ssa_slot[v.id]
        return v

    def edge_copies(self, b: int) -> list:
        """`(dest slot, source)` for every φ fed from block `b` (source None: `#undef`), in φ order."""
        if self._fed is None:  # by block once: scanning every φ for every block was quadratic
            self._fed = {}
            for pid, (_, phi) in self.phis.items():
                for i, (e, v) in enumerate(zip(phi.edges, phi.values)):
                    self._fed.setdefault(e, []).append((pid, i, v))
        return [(self.phi_slot[pid], None if v is None else self.read(v))
                for pid, i, v in self._fed.get(b, ()) if (pid, i) not in self.coalesced_args]


def _slot(name: str) -> V.SlotNumber:
    return V.SlotNumber(name, None)


class _Emitter:
    """The slot-form statements of each block, old SSA ids kept beside them for renumbering."""

    def __init__(self, plan: _Plan):
        self.plan = plan
        self.out: list = []            # (old id or None, Statement)
        self.blocks: list = []
        self.copies = 0
        self.temps = 0
        self.guarded: list = []        # numbers of the copies `guard_copies` guards
        self.slot_type = {plan.phi_slot[p]: plan.stmts[p - 1].type for p in plan.phis}
        self.slot_type.update({s: plan.stmts[i - 1].type for i, s in plan.phic_slot.items()})

    def emit(self, old, node, typ=None, loc=0) -> None:
        self.out.append((old, Statement(node, typ, loc)))

    def assign(self, slot, value, typ, loc) -> None:
        if value is None:
            self.emit(None, N.NewvarNode(slot), None, loc)
            return
        if type(value) is V.SlotNumber and value in self.plan.undef_slots:
            self.guarded.append(len(self.out) + 1)  # a copy of what may be undefined (`guard_copies`)
            self.plan.undef_slots.add(slot)
        self.emit(None, N.Expr("=", (slot, value)), typ, loc)

    def statement(self, i: int, s: Statement) -> None:
        plan, node = self.plan, s.node
        if type(node) is N.PhiNode:  # the copy p ← p', unless p was coalesced with p'
            own = plan.ssa_slot.get(i)
            if own is not plan.phi_slot[i]:
                self.copies += 1
                if own is None:
                    self.emit(i, plan.phi_slot[i], s.type, s.loc)
                else:  # p joined another class: its slot takes the value
                    self.assign(own, plan.phi_slot[i], s.type, s.loc)
            return
        if type(node) is N.PhiCNode:
            node = plan.phic_slot[i]
        elif type(node) is N.UpsilonNode and i in plan.upsilon_slot:
            return self.assign(plan.upsilon_slot[i], None if node.val is None else plan.read(node.val),
                               s.type, s.loc)
        node = _map_reads(node, plan.read)
        if i in plan.ssa_slot and not N.is_terminator(node):
            return self.assign(plan.ssa_slot[i], node, s.type, s.loc)
        self.emit(i, node, s.type, s.loc)

    def edge_copies(self, b: int, loc: int) -> None:
        copies = self.plan.edge_copies(b)
        if not copies:
            return
        if self.plan.naive:
            seq = copies
        else:
            made: list = []

            def temp():
                made.append(_slot(f"tmp_{b}" + (f"_{len(made) + 1}" if made else "")))
                return made[-1]
            defined = [(d, s) for d, s in copies if s is not None]
            seq = sequentialize(defined, lambda x: type(x) is V.SlotNumber, temp)
            seq += [(d, None) for d, s in copies if s is None]
            for dest, src in seq:
                if dest in made:
                    self.slot_type[dest] = self.slot_type.get(src)
            self.temps += len(made)
        for dest, src in seq:
            if not (type(dest) is V.SlotNumber and dest.name.startswith("tmp_")):
                self.copies += 1
            self.assign(dest, src, self.slot_type.get(dest), loc)

    def block(self, b: int, blk) -> None:
        first = len(self.out) + 1
        stmts = self.plan.stmts
        last = stmts[blk.last - 1]
        ends = N.is_terminator(last.node)
        for i in range(blk.first, blk.last + (0 if ends else 1)):
            self.statement(i, stmts[i - 1])
        self.edge_copies(b, last.loc)
        if ends:
            self.statement(blk.last, last)
        if len(self.out) < first:  # an empty block keeps its place
            self.emit(None, V.NOTHING, None, last.loc)
        self.blocks.append(Block(first, len(self.out)))


def _map_reads(node, read):
    def f(v):
        w = read(v)
        if w is not v:
            return w
        return _map_reads(v, read) if type(v).OPERANDS else v
    return walk.map_operands(node, f) if walk.is_known(node) and type(node).OPERANDS else node


@paused
def out_of_ssa(fn: Function, *, naive: bool = False, split: bool | None = None, names: dict | None = None,
               notes: list | None = None) -> tuple[Function, CopyStats]:
    """`fn` (φ form) in Julia's slot form, and the copy counts (see the module docstring).

    `split` (default: all but the naive translation) splits the critical edges first
    (`jlir.ssa.split_edges`), so that each edge's copies run only on that edge; an edge that cannot be split
    (`enter` → catch block) keeps its copies before its source's terminator, and is said in `notes`.
    The naive translation does not split: the textbook version it shows has the lost-copy problem.
    `names` (`{φ id: source variable}`, as `jlir.ssa.into_ssa_with_names` gives it) names the φ slots.
    A function without φ or φᶜ nodes (slot form already, or SSA form that needs no copy) is returned as it is.
    """
    refuse(fn, NotSSAForm, "no SSA conversion: ")
    if not any(type(s.node) in (N.PhiNode, N.PhiCNode) for s in fn.stmts):
        return fn, CopyStats(0, 0, 0, 0, 0)
    if any(s.new_id is not None for s in fn.stmts):
        fn = IRCode(fn).compact()
    if any(type(s.node) is N.Expr and s.node.head == "=" and type(s.node.args[0]) is V.SlotNumber for s in fn.stmts):
        raise NotSSAForm("the function both assigns slots and has φ nodes: not φ form")
    if split if split is not None else not naive:
        fn, names = _split(fn, names, notes)
    plan = _Plan(fn, naive, names)
    em = _Emitter(plan)
    for b, blk in enumerate(plan.cfg.blocks, 1):
        em.block(b, blk)
    inst_rename = {old: k for k, (old, _) in enumerate(em.out, 1) if old is not None}
    stmts = _codeinfo_unreachable(fn.style, tuple(replace(s, node=renumber(s.node, inst_rename)) for _, s in em.out))
    typed = any(s.type is not None for s in stmts)
    display = replace(fn.display, form=Form.TYPED if typed else Form.LOWERED, wrapper="codeinfo", header=None,
                      costs=None, escapes=None, title=None, tail_dropped=False, style=_codeinfo_style(fn.style, stmts))
    out = Function.of(IR(stmts, tuple(em.blocks), fn.linetable), display)
    if fn.form is Form.IRCODE and not _prints_as_locations(fn):
        out = out.replace(stmts=tuple(replace(s, loc=0) for s in stmts), linetable=(), screen=None)
    out = guard_copies(out, em.guarded)
    before = sum(len(phi.edges) + 1 for _, phi in plan.phis.values())
    return out, CopyStats(before, em.copies, em.temps, len(plan.phis), len(plan.phic_slot))


def _prints_as_locations(fn: Function) -> bool:
    """Whether an IRCode's line table prints as a CodeInfo's `debuginfo=:source` location lines, which name every
    frame's file and method: not the table an IRCode print is read into (its line column holds lines only; a gutter
    is reprinted by a table rebuilt with placeholder names), nor where the CodeInfo of 1.0 has a column of its own."""
    if fn.style.codeinfo_line_column:
        return True
    return fn.screen is None and all(e.file and e.method for e in fn.linetable)


def _codeinfo_style(style, stmts):
    """The style range of the CodeInfo `stmts` print as: an IRCode's `unreachable` and `return nothing` (its
    `ReturnNode`s) print so in a CodeInfo from 1.6 only (up to 1.5 Julia's CodeInfo holds `Expr(:unreachable)`
    and prints a bare `return`), and the printer follows the range's newest version.  So an IRCode whose range
    spans 1.5 and 1.6 becomes a CodeInfo of 1.6 and later, which its text shows and reads back as."""
    if not (style.lo <= (1, 5) < style.hi):
        return style
    if any(type(s.node) is N.ReturnNode and (s.node.val is None or s.node.val == V.NOTHING) for s in stmts):
        return style.narrowed(lo=(1, 6))
    return style


def _codeinfo_unreachable(style, stmts):
    """Up to 1.5 a CodeInfo holds `Expr(:unreachable)` where the IRCode made from it holds a bare `unreachable`
    (`inflate_ir`'s `ReturnNode()`): a CodeInfo of such a range says `$(Expr(:unreachable))`, as Julia prints it."""
    if style.hi > (1, 5):
        return stmts
    return tuple(replace(s, node=N.Expr("unreachable", ())) if type(s.node) is N.ReturnNode and s.node.val is None
                 else s for s in stmts)


def _split(fn: Function, names: dict | None, notes: list | None) -> tuple[Function, dict | None]:
    """`fn` with its critical edges split, and `names` moved to the φ ids of the result (splitting adds blocks
    of one `goto` and keeps the φs in order)."""
    out = split_critical_edges(fn, notes)
    if not names:
        return out, names
    before = [i for i, s in enumerate(fn.positional, 1) if type(s.node) is N.PhiNode]
    after = [i for i, s in enumerate(out.positional, 1) if type(s.node) is N.PhiNode]
    return out, {j: names[i] for i, j in zip(before, after) if i in names}
