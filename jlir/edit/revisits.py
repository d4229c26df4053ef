"""Which statements inference visited again after a loop's first pass: where a π of a `PartialStruct` stays.

`compact!` (`process_node!`, base/compiler/ssair/ir.jl) drops a π whose type is `===` its SSA value's.  slot2reg
gives a read of a slot a π typed with the slot's state there (`fixup_slot!`: `PiNode(ssa, TypedSlot.typ)`), and the
value the type inference stored for the statement assigning it (`ssavaluetypes[pc]`).  A `PartialStruct` holds its
fields in a `Vector`, so two equal ones are `===` only as one object.  `typeinf_local`
(base/compiler/abstractinterpretation.jl) stores each visit's new lattice element as the assignment's type
(`frame.src.ssavaluetypes[pc] = t`) but keeps a slot's old state where the new one is not wider
(`stupdate!`/`schanged`): an assignment visited once gives the π its own object (dropped); one visited again gives
the π the first visit's object and the statement the last's, equal but not `===` (kept).

Each visit makes a new object only where the statement's type is built afresh: a builtin's tfunc (`tuple_tfunc`
for `Core.tuple(…)`) or a `%new` (`abstract_eval_statement`: `PartialStruct(t, args)`).  A call of a generic function
takes its result from the cache (the callee's, or the constant-propagation's `InferenceResult`): the same object on
every visit, so the π is dropped however often inference came by (`Base.iterate(%37)`, `Base.IOContext(_2, %15)`).

Inference visits a statement again when its incoming state changed after its first visit.  A loop's header
changes when a slot's state arriving by the back edge is not within its state on entry.  In SSA form that is a φ at
the header whose type is not the type of its value from outside the loop (`i = 1` then `i += 1`: `Const(1)` on
entry, a φ of `Int64`), from where the wider state runs through the loop's body (each statement's first-visit state
was the narrower one); or a slot assigned in the body that no header φ carries round, which is not live there and so
undefined on entry (`VarState(Bottom, true)`) but defined by the back edge: the changed state reaches the statement
assigning it.  (A slot assigned before the loop too, with a type no narrower, but dead across the header, changes
nothing; the SSA form does not show it, and it is read as undefined.)
"""
from __future__ import annotations

from jlir.ir import nodes as N
from jlir.ir import values as V
from jlir.ir import walk
from jlir.lattice.tmerge import Undecided, is_const, typeof_value

__all__ = ["Revisits", "fresh_each_visit"]

_FRESH_BUILTINS = frozenset({"tuple"})   # `Core.tuple` (and Base's name for it): `tuple_tfunc`


class Revisits:
    """`revisits(i)`: whether inference visited statement `i` again after its loop's first pass (see above), computed
    once and only when asked.  `cfg`: the IR's CFG; `entries`: its statements as `(id, statement, block)` in placed
    order (pending nodes included)."""
    __slots__ = ("cfg", "entries", "_loops", "_blocks", "_by_id")

    def __init__(self, cfg, entries):
        self.cfg, self.entries, self._loops, self._blocks, self._by_id = cfg, entries, None, None, None

    def __call__(self, stmt_id: int) -> bool:
        self._compute()
        b = self._blocks.get(stmt_id)
        return any(b in body and (widened or stmt_id not in carried) for body, widened, carried, _ in self._loops)

    def retyped(self, stmt_id: int) -> bool:
        """Whether the statement's type changed between its first visit and its last: an operand is computed in a
        loop around it from a header φ that widens.  On the first pass that φ held only its value from outside (a
        `Const((0, 0))` of `iterate(0:5)`, so `i = 0`), on the last the wider type; the slot's state then changed
        too (`stupdate!` takes a wider element), and took the last visit's object: the π's and the statement's
        types are one object again, and the π is dropped."""
        self._compute()
        by_id = self._by_id
        loops = [(body, wide) for body, _, _, wide in self._loops if self._blocks.get(stmt_id) in body and wide]
        if not loops:
            return False
        body = set().union(*(b for b, _ in loops))
        wide = set().union(*(w for _, w in loops))
        seen: set[int] = set()
        # an operand typed `Const` was that constant on the first pass too (nothing is narrower but `Union{}`)
        uses = walk.ssa_uses(by_id[stmt_id].node) if stmt_id in by_id else ()
        work = [k for k in uses if k in by_id and not is_const(_type_of(V.SSAValue(k), by_id))]
        while work:
            k = work.pop()
            if k in seen or k not in by_id or self._blocks.get(k) not in body:
                continue
            seen.add(k)
            if k in wide:
                return True
            work += walk.ssa_uses(by_id[k].node)
        return False

    def _compute(self) -> None:
        if self._loops is None:
            self._loops = _loops(self.cfg, self.entries)
            self._blocks = {i: b for i, _, b in self.entries}
            self._by_id = {i: st for i, st, _ in self.entries}


def _loops(cfg, entries) -> list[tuple[set, bool, set, set]]:
    """Each loop (a back edge t → h to an earlier block, slot2reg's domsort order) as its blocks, whether a φ at its
    header widens, the values its header's φs carry round (through the φs of its body) and the ids of the header's
    φs that widen: a slot assigned in the body whose value no header φ carries is not live round the loop, so
    undefined on entry (`Bottom`, undef) and defined by the back edge: the header's state changes, and so does each
    statement's up to its assignment."""
    by_id = {i: s for i, s, _ in entries}
    phis: dict[int, list] = {}
    for _, s, b in entries:
        if type(s.node) is N.PhiNode:
            phis.setdefault(b, []).append(s)
    out = []
    for t, blk in enumerate(cfg.blocks, 1):
        for h in blk.succs:
            if h > t:
                continue
            body = _loop_body(cfg, h, t)
            wide = {i for i, st, b in entries if b == h and type(st.node) is N.PhiNode and _widened(st, body, by_id)}
            out.append((body, bool(wide), _carried(phis.get(h, ()), body, by_id), wide))
    return out


def _carried(header_phis, body: set[int], by_id) -> set[int]:
    """The SSA values the header's φs take by the loop's own edges, and those the φs among them take in turn."""
    seen: set[int] = set()
    work = [v.id for phi in header_phis for e, v in zip(phi.node.edges, phi.node.values)
            if e in body and type(v) is V.SSAValue]
    while work:
        k = work.pop()
        if k in seen:
            continue
        seen.add(k)
        s = by_id.get(k)
        if s is not None and type(s.node) is N.PhiNode:
            work += [v.id for v in s.node.values if type(v) is V.SSAValue]
    return seen


def _loop_body(cfg, header: int, latch: int) -> set[int]:
    """The header and every block that reaches `latch` without passing the header."""
    body, work = {header, latch}, [latch]
    while work:
        for p in cfg.blocks[work.pop() - 1].preds:
            if p and p not in body:
                body.add(p)
                work.append(p)
    return body


def _widened(phi, body: set[int], by_id) -> bool:
    """Whether a value the φ takes from outside the loop has a type other than the φ's (where the print says)."""
    node = phi.node
    for edge, value in zip(node.edges, node.values):
        if edge in body or value is None:
            continue
        t = _type_of(value, by_id)
        if t is not None and t != phi.type:
            return True
    return False


def _type_of(v, by_id):
    if type(v) is V.SSAValue:
        s = by_id.get(v.id)
        if s is None:
            return None
        return s.node.typ if type(s.node) is N.PiNode else s.type
    try:
        return typeof_value(v)
    except Undecided:
        return None


def fresh_each_visit(node) -> bool:
    """Whether inference builds a statement's lattice element afresh on each visit (see above): a `%new`, or a call
    of the builtin `tuple` (`Core.tuple(…)`; Base binds the same function)."""
    if type(node) is not N.Expr:
        return False
    if node.head == "new":
        return True
    if node.head != "call" or not node.args:
        return False
    f = node.args[0]
    return type(f) is V.GlobalRef and f.module in ("Core", "Base") and f.name in _FRESH_BUILTINS
