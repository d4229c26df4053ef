"""`sccp`: sparse conditional constant propagation (Wegman and Zadeck), folding with Julia's own semantics.

Every SSA value starts at ⊤ (no value seen yet) and only goes down, to a
constant and then to ⊥ (not one constant).  Two worklists drive it: CFG
edges found executable (a block's statements are evaluated when its first
edge is; its φs again on every new edge, from executable edges only) and SSA
values whose lattice value changed (their users are evaluated again).  A
`goto #d if not %c` whose condition is a constant makes only one of its edges
executable, so code behind a branch that is never taken stays ⊤ and goes.

Folding uses `jlir.semantics` (the interpreter's intrinsics and builtins: one
implementation of each, checked against Julia): an intrinsic call, `===`,
`!==` or `ifelse` whose operands are all constants is evaluated; anything that
throws, or is not in those tables, is ⊥.  A bare decimal literal takes its
integer type from the operation (Julia 1.5 prints `Int32(0)` as `0`); where the
operation does not say, it is ⊥ rather than a guess.  Not done: `isa` (it
needs subtyping), calls to anything but builtins and intrinsics.

The result: each value that is a constant Julia prints unambiguously (Int64,
unsigned integers in hex, Float64, Float32, Bool, Char) replaces its uses and
its statement goes; branches on constants become a `goto` or a fall-through;
blocks never reached are removed; the function is compacted.  Slot-form IR
(lowered, `optimize=false`) is left as it is, with a note.
"""
from __future__ import annotations

from dataclasses import dataclass

from jlir.ir.cfg import compute_cfg, in_range
from jlir.edit import IRCode, is_slot_form, map_values
from jlir.ir import nodes as N
from jlir.ir import values as V
from jlir.ir import walk
from jlir.analysis.callee import callee_name
from jlir.ir.function import Function
from jlir.passes.dce import compacted
from jlir.edit.purity import BOTTOM as UNION_BOTTOM, HOME_MODULES
from jlir.passes.registry import register
from jlir.semantics import hints
from jlir.semantics.builtins import BUILTINS
from jlir.semantics.constants import global_constant, literal, shown_constant, type_text
from jlir.semantics.intrinsics import INTRINSICS
from jlir.semantics.numbers import make_int
from jlir.semantics.show import julia_repr
from jlir.semantics.values import JChar, JFloat, JInt, egal

TOP = "⊤"
BOTTOM = "⊥"
_FOLDABLE_BUILTINS = ("===", "!==", "ifelse")


@dataclass(frozen=True, slots=True)
class Const:
    """A lattice value between ⊤ and ⊥: one Julia value (as `jlir.semantics` models it)."""
    value: object


def meet(a, b):
    if a is TOP:
        return b
    if b is TOP or a == b:
        return a
    if a is BOTTOM or b is BOTTOM:
        return BOTTOM
    return a if egal(a.value, b.value) and type(a.value) is type(b.value) else BOTTOM


@register("sccp", "sparse conditional constant propagation: fold intrinsics on constants, prune branches never taken")
def sccp(fn: Function, notes: list | None = None) -> Function:
    """A new Function with constants folded and dead branches gone (`fn` is unchanged)."""
    fn = compacted(fn)
    if is_slot_form(fn):
        if notes is not None:
            notes.append("slot-form IR: sccp works on SSA form (run `jlir ssa` first); left as it is")
        return fn
    solver = _Solver(fn)
    solver.solve()
    return _rewrite(fn, solver)


class _Solver:
    """The two worklists and the lattice (`values[i]` for statement `%i`)."""

    def __init__(self, fn: Function):
        self.stmts = fn.positional
        self.cfg = in_range(compute_cfg(fn))
        self.block_of = {}
        for b, blk in enumerate(self.cfg.blocks, 1):
            for i in blk.stmts:
                self.block_of[i] = b
        self.users: dict[int, list[int]] = {}
        for i, s in enumerate(self.stmts, 1):
            for k in dict.fromkeys(walk.ssa_uses(s.node)):  # once per user: `f(%1, %1, …)` is revisited once
                self.users.setdefault(k, []).append(i)
        self.values = [TOP] * (len(self.stmts) + 1)
        self.edges: set[tuple[int, int]] = set()
        self.blocks: set[int] = set()

    def solve(self) -> None:
        flow, ssa = [(0, 1)], []
        while flow or ssa:
            while flow:
                p, b = flow.pop()
                if (p, b) in self.edges:
                    continue
                self.edges.add((p, b))
                first = b not in self.blocks
                self.blocks.add(b)
                blk = self.cfg.blocks[b - 1]
                for i in blk.stmts:
                    if first or type(self.stmts[i - 1].node) is N.PhiNode:
                        self._visit(i, flow, ssa)
                if first and not self._branches_on_condition(b):
                    flow.extend((b, s) for s in blk.succs)
            while ssa:
                i = ssa.pop()
                if self.block_of.get(i) in self.blocks:
                    self._visit(i, flow, ssa)

    def _branches_on_condition(self, b: int) -> bool:
        last = self.cfg.blocks[b - 1].last
        return type(self.stmts[last - 1].node) is N.GotoIfNot

    def _visit(self, i: int, flow: list, ssa: list) -> None:
        s = self.stmts[i - 1]
        node = s.node
        b = self.block_of[i]
        if type(node) is N.GotoIfNot and i == self.cfg.blocks[b - 1].last:
            flow.extend((b, t) for t in self._taken(b, node))
            return
        new = meet(self.values[i], self._evaluate(i, s))
        if new != self.values[i]:
            self.values[i] = new
            ssa.extend(self.users.get(i, ()))

    def _taken(self, b: int, node: N.GotoIfNot) -> tuple[int, ...]:
        """The successors of block `b` its branch may take, as far as the condition's lattice value says."""
        cond = self.operand(node.cond, "Bool")
        succs = self.cfg.blocks[b - 1].succs
        if cond is TOP:
            return ()
        if isinstance(cond, Const) and type(cond.value) is bool:
            want = b + 1 if cond.value else node.dest
            return tuple(t for t in succs if t == want)
        return succs

    def _evaluate(self, i: int, s):
        node = s.node
        if s.type == UNION_BOTTOM:
            return BOTTOM
        cls = type(node)
        if cls is N.PhiNode:
            b = self.block_of[i]
            out = TOP
            for e, v in zip(node.edges, node.values):
                if (e, b) in self.edges:
                    out = meet(out, BOTTOM if v is None else self.operand(v, type_text(s.type)))
            return out
        if cls is N.PiNode:
            return self.operand(node.val, type_text(node.typ))
        if cls is N.Expr and node.head == "call" and node.args:
            return self._call(node, type_text(s.type))
        return BOTTOM

    def _call(self, node: N.Expr, rt: str):
        named = callee_name(node.args[0])
        if named is None or named.module not in HOME_MODULES:
            return BOTTOM
        name = named.name
        f = INTRINSICS.get(name) or (BUILTINS.get(name) if name in _FOLDABLE_BUILTINS else None)
        if f is None:
            return BOTTOM
        ctx = self._context(node.args[1:], name, rt)
        args = [self.operand(a, ctx) for a in node.args[1:]]
        if any(a is BOTTOM for a in args):
            return BOTTOM
        if any(a is TOP for a in args):
            return TOP
        try:
            return Const(f(rt, *[a.value for a in args]))
        except Exception:  # a throw (DivideError, …) or no semantics: not a constant
            return BOTTOM

    def _context(self, args, name: str, rt: str) -> str | None:
        """The integer type a bare decimal literal among `args` has: the result's, or another operand's."""
        if name not in hints.SAME_TYPE:
            return None
        if name in hints.SAME_TYPE_RESULT and hints.integer_type(rt):
            return rt
        for a in args:
            if type(a) is V.SSAValue and 1 <= a.id <= len(self.stmts):
                t = hints.integer_type(type_text(self.stmts[a.id - 1].type))
                if t:
                    return t
        return None

    def operand(self, v, ctx: str | None):
        """The lattice value of an operand; `ctx` types a bare decimal literal (⊥ when nothing types it)."""
        cls = type(v)
        try:
            if cls is V.SSAValue:
                return self.values[v.id] if 1 <= v.id < len(self.values) else BOTTOM
            if cls is V.Literal:
                if hints.is_ambiguous(v):
                    t = hints.integer_type(ctx)
                    return Const(make_int(t, int(v.text.replace("_", "")))) if t else BOTTOM
                return Const(literal(v))
            if cls is V.GlobalRef:
                return Const(global_constant(f"{v.module}.{v.name}" if v.module else v.name, None, ()))
            if walk.is_known(v) and not walk.operands(v) and cls is not V.Argument and cls is not V.SlotNumber:
                return Const(shown_constant(v))
        except Exception:  # a constant jlir has no value for
            return BOTTOM
        return BOTTOM


def printable(value) -> V.Literal | None:
    """The literal Julia prints for `value` when the text says its type (Int64, hex unsigned, Float64/32, Bool, Char)."""
    cls = type(value)
    if cls is bool:
        return V.Literal("true" if value else "false", "bool")
    if cls is int:
        return V.Literal(julia_repr(value), "int")
    if cls is JInt and value.type.startswith("UInt"):
        return V.Literal(julia_repr(value), "int")
    if cls is float or (cls is JFloat and value.type == "Float32"):
        return V.Literal(julia_repr(value), "float")
    if cls is JChar:
        return V.Literal(julia_repr(value), "char")
    return None


def _rewrite(fn: Function, solver: _Solver) -> Function:
    ir = IRCode(fn)
    subst = {}
    for i, v in enumerate(solver.values[1:], 1):
        if isinstance(v, Const) and solver.block_of.get(i) in solver.blocks \
                and not N.is_terminator(solver.stmts[i - 1].node):
            lit = printable(v.value)
            if lit is not None:
                subst[i] = lit
    live = solver.blocks
    for b, blk in enumerate(solver.cfg.blocks, 1):
        if b not in live:
            continue
        for i in blk.stmts:
            if i in subst:
                ir.delete(i)
                continue
            node = ir.stmt(i).node
            new = map_values(node, lambda x: subst.get(x.id, x) if type(x) is V.SSAValue else x)
            if new is not node:
                ir.set_stmt(i, new) if not N.is_terminator(new) else ir.set_terminator(b, new)
        _fold_branch(ir, solver, b)
    dead = set(range(1, len(solver.cfg.blocks) + 1)) - live
    if dead:
        ir.remove_blocks(dead)
    return _settled(ir.compact())


def _settled(fn: Function) -> Function:
    """`fn` compacted until nothing changes: compaction's `simple_dce!` leaves the unused statements it proves
    effect-free (constants' last users, after folding) as `nothing`, which only the next compaction drops, so
    that running sccp again changes nothing."""
    while True:
        again = IRCode(fn).compact()
        if again == fn:
            return fn
        fn = again


def _fold_branch(ir: IRCode, solver: _Solver, b: int) -> None:
    """A conditional branch with a constant condition becomes a `goto` (false) or a fall-through (true)."""
    last = solver.cfg.blocks[b - 1].last
    node = ir.stmt(last).node
    if type(node) is not N.GotoIfNot:
        return
    cond = solver.operand(node.cond, "Bool")
    if isinstance(cond, Const) and type(cond.value) is bool:
        ir.set_terminator(b, V.NOTHING if cond.value else N.GotoNode(node.dest))
