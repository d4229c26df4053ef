"""`copyprop`: copy propagation through trivial φs and π nodes that narrow nothing.

A φ is trivial when, leaving out references to itself, all its operands are
one value `v` (Braun et al.'s criterion; a single-edge φ is the simplest case):
its uses read `v` instead, and it goes.  In strict SSA such a `v` dominates the
φ's block; a `v` that is a φ of the same block would not (it holds the value
of the current iteration, the φ that of the previous one), so that case is
left alone.  A φ with an `#undef` operand, or without an edge from every
predecessor (Julia leaves out the edges on which the value is undefined), is
never trivial.  A `π (%x, T)`
whose `T` is the type of `%x` narrows nothing and reads as `%x`.  Removing one
may make another trivial, so the users of each replaced statement are checked
again (a worklist; every statement is reconsidered only when an operand changed).
"""
from __future__ import annotations

from jlir.edit import IRCode, map_values
from jlir.ir import nodes as N
from jlir.ir import values as V
from jlir.ir import walk
from jlir.ir.function import Function
from jlir.passes.dce import compacted
from jlir.passes.registry import register


@register("copyprop", "propagate copies: trivial φs (one value, or only themselves) and π nodes that narrow nothing")
def copyprop(fn: Function, notes: list | None = None) -> Function:
    """A new Function with trivial φs and π nodes replaced by their values (`fn` is unchanged)."""
    ir = IRCode(compacted(fn))
    subst = _substitutions(ir)
    if not subst:
        return ir.compact()

    def find(v):
        while type(v) is V.SSAValue and v.id in subst:
            v = subst[v.id]
        return v
    for i in range(1, len(ir) + 1):
        if i in subst:
            ir.delete(i)
        else:
            node = ir.stmt(i).node
            new = map_values(node, lambda v: find(v) if type(v) is V.SSAValue else v)
            if new is not node:
                ir.set_stmt(i, new)
    return ir.compact()


def _substitutions(ir: IRCode) -> dict[int, object]:
    """Statement id → the value its uses read instead, for every trivial φ and π (chains left to `find`)."""
    n = len(ir)
    block_of = {}
    for b, (first, last) in enumerate(ir.blocks, 1):
        for i in range(first, last + 1):
            block_of[i] = b
    preds = [frozenset(p for p in blk.preds if p) for blk in ir.cfg().blocks]
    users: dict[int, list[int]] = {}
    for i in range(1, n + 1):
        for k in walk.ssa_uses(ir.stmt(i).node):
            users.setdefault(k, []).append(i)
    subst: dict[int, object] = {}

    def find(v):
        while type(v) is V.SSAValue and v.id in subst:
            v = subst[v.id]
        return v
    work = list(range(n, 0, -1))
    while work:
        i = work.pop()
        if i in subst:
            continue
        value = _trivial(ir, i, find, block_of, preds)
        if value is not None:
            subst[i] = value
            work.extend(u for u in users.get(i, ()) if u not in subst)
    return subst


def _trivial(ir: IRCode, i: int, find, block_of, preds) -> object | None:
    """The value statement `i` merely copies, or None."""
    node = ir.stmt(i).node
    if type(node) is N.PhiNode:
        if not node.values or any(v is None for v in node.values):
            return None
        if set(node.edges) != preds[block_of[i] - 1]:
            return None  # Julia leaves out the edges on which the value is undefined: not a copy then
        others = {find(v) for v in node.values} - {V.SSAValue(i)}
        if len(others) != 1:
            return None
        v = others.pop()
        if type(v) is V.SSAValue and v.id in block_of and block_of[v.id] == block_of[i] \
                and type(ir.stmt(v.id).node) is N.PhiNode:
            return None
        return v
    if type(node) is N.PiNode and type(node.val) is V.SSAValue:
        val = find(node.val)
        if type(val) is V.SSAValue and 1 <= val.id <= len(ir) and ir.stmt(val.id).type == node.typ:
            return val
    return None
