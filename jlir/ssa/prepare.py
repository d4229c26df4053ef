"""Slot-form code as Julia 1.5's `convert_to_ircode` hands it to `slot2reg`.

What it changes (`base/compiler/ssair/driver.jl`): after every `Expr` statement whose inferred type is
`Union{}` (it never returns) an `unreachable` is inserted unless one follows already, which ends the
block there; `Expr(:meta)`, `Expr(:inbounds)` and `Expr(:line)` become `nothing`; `Expr(:return)`,
`Expr(:unreachable)` and `Expr(:gotoifnot)` become the nodes.  Statement numbers and block numbers are
renumbered around the inserted statements, as Julia's `renumber_ir_elements!` does; and, as
`strip_trailing_junk!` does, trailing `nothing`s are dropped and an `unreachable` ends code that would
otherwise fall off its end.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from jlir.analysis.defuse import is_inference_dead
from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.edit.negation import negated_call, negated_unsigned
from jlir.ir import walk
from jlir.ir.function import Statement
from jlir.ssa.domsort import renumber

__all__ = ["Prepared", "prepare", "UNION_BOTTOM"]

UNION_BOTTOM = T.UNION_EMPTY
_DROPPED_HEADS = frozenset({"meta", "inbounds", "line"})


@dataclass(frozen=True, slots=True)
class Prepared:
    """Statements (1-based positions) and block ranges `(first, last)` after `convert_to_ircode`;
    `dead_nodes`, the `(position, statement)` of each statement inference found unreachable (printed
    `Core.Compiler.Const(:(x = …), false)`, `Core.Compiler.Const(Core.NewvarNode(:(u4)), false)`; a `nothing` in
    `stmts`) as lowering made it, its SSA values renumbered like the others; `dead_loops`, the `(first, last)`
    positions of each loop body whose jump back inference found unreachable (`Core.Compiler.Const(:(goto %265),
    false)`: lowering jumps back only to a loop's top)."""
    stmts: tuple
    blocks: tuple
    dead_loops: tuple = ()
    dead_nodes: tuple = ()


def splat_slot(v):
    """A slot named `kw...` (a keyword sorter's `kw...`, `Core.NewvarNode(:(kwargs...))`), which the reader
    reads as `kw` splatted: a slot form has no splat (a call with one is `Core._apply_iterate`), so it is that
    slot, and slot2reg renames it like any other."""
    t = type(v)
    if t is T.TypeQuote and type(v.inner) is V.Splat:
        v, t = v.inner, V.Splat
    if t is V.Splat and type(v.value) is V.SlotNumber and v.value.name:
        return V.SlotNumber(v.value.name + "...", v.value.id)
    if t is N.NewvarNode:
        slot = splat_slot(v.slot)
        return v if slot is v.slot else N.NewvarNode(slot)
    return v


def _normalize(node):
    if is_inference_dead(node):
        return V.NOTHING
    node = walk.map_values(splat_slot(node), splat_slot)
    if type(node) is N.Expr:
        if node.head in _DROPPED_HEADS:
            return V.NOTHING
        if node.head == "return":
            return N.ReturnNode(node.args[0] if node.args else None)
        if node.head == "unreachable":
            return N.ReturnNode(None)
        if node.head == "gotoifnot":
            return N.GotoIfNot(node.args[0], node.args[1])
    return node


def _never_returns(s: Statement) -> bool:
    return (type(s.node) is N.Expr and s.type == UNION_BOTTOM and not is_inference_dead(s.node)
            and not _is_unreachable(s.node))


def _is_unreachable(node) -> bool:
    return (type(node) is N.ReturnNode and node.val is None) or N.is_unreachable(node)


def prepare(stmts, blocks) -> Prepared:
    """`stmts` (positional `Statement`s) in blocks `(first, last)` as `convert_to_ircode` leaves them."""
    stmts_in = stmts
    out: list = []
    new_blocks: list = []
    block_map: dict = {0: 0}
    id_map: dict = {}
    for b, (first, last) in enumerate(blocks, 1):
        block_map[b] = len(new_blocks) + 1
        start = len(out) + 1
        for i in range(first, last + 1):
            s = stmts[i - 1]
            out.append(s)
            id_map[i] = len(out)
            nxt = stmts[i].node if i < len(stmts) else None
            if _never_returns(s) and not _is_unreachable(nxt):
                out.append(Statement(N.ReturnNode(None), None, s.loc))
                if i < last:  # the unreachable ends the block here
                    new_blocks.append((start, len(out)))
                    start = len(out) + 1
        new_blocks.append((start, len(out)))

    def moved(node):
        return renumber(walk.map_targets(node, lambda t: block_map.get(t, t)), id_map)
    stmts = [replace(s, node=_normalize(moved(s.node))) for s in out]
    stmts = _negations(stmts)
    kept = [not is_inference_dead(s.node) for s in out]
    prep = _strip_trailing_junk(stmts, kept, new_blocks)
    back = tuple((id_map[g.label], id_map[i]) for i, s in enumerate(stmts_in, 1)
                 if is_inference_dead(s.node) and type(g := getattr(s.node.args[1], "inner", None)) is N.GotoNode
                 and g.label in id_map and g.label < i)
    inner = tuple((i, moved(n)) for i, s in enumerate(out, 1)
                  if not kept[i - 1] and (n := _dead_inner(s.node)) is not None)
    return replace(prep, dead_loops=back, dead_nodes=inner)


def _dead_inner(node):
    """The statement an inference-dead one prints (`Const(:(x = …), false)`, `Const(Core.NewvarNode(:(x)), false)`);
    a jump is left out (its target is a statement number, which `dead_loops` reads)."""
    v = node.args[1] if type(node) is N.Expr and len(node.args) == 3 else None
    v = getattr(v, "inner", v)
    return v if type(v) in (N.Expr, N.NewvarNode, V.SlotNumber, V.TypedSlot) else None


def slot_store(node) -> bool:
    """Whether the node is `x = …` of a slot."""
    return type(node) is N.Expr and node.head == "=" and len(node.args) == 2 and type(node.args[0]) is V.SlotNumber


def _negations(stmts: list) -> list:
    """A statement another reads whose print is a negative number (`%108 = -0.1`, `%190 = -0x02::Const(0xfe)`)
    is the call `-(0.1)`, which `show` prints so: lowering leaves a number, a simple atom, inline in the
    statement that reads it (`compile` in `julia-syntax.scm` makes an SSA value only of what is not one), so no
    read statement of slot-form code is a bare number; a negated unsigned one is a call whether read or not
    (`negated_unsigned`).  Kept a call, `compact!` keeps it as Julia's does."""
    used: set = set()
    for s in stmts:
        used.update(v.id for v in walk.values(s.node) if type(v) is V.SSAValue)
    out = []
    for i, s in enumerate(stmts, 1):
        node = s.node
        call = negated_call(node) if i in used or negated_unsigned(node) else None
        if type(node) is N.Expr and node.head == "=" and len(node.args) == 2 and negated_unsigned(node.args[1]):
            call = N.Expr("=", (node.args[0], negated_call(node.args[1])))   # `(v3 = -0x05)::Const(0xfb, false)`
        out.append(s if call is None else replace(s, node=call))
    return out


def _strip_trailing_junk(stmts: list, kept: list, blocks: list) -> Prepared:
    """Julia's `strip_trailing_junk!`: drop the `nothing`s at the end, then end the code with an `unreachable`
    when its last statement is no terminator (an implicit return on a dead branch; 1.5's dead `Const(:(…))`
    statements count as statements here, though `_normalize` shows them as `nothing`)."""
    n = len(stmts)
    while n > 1 and stmts[n - 1].node == V.NOTHING and kept[n - 1]:
        n -= 1
    stmts = stmts[:n]
    blocks = [(f, min(l, n)) for f, l in blocks if f <= n]
    if type(stmts[-1].node) not in (N.GotoNode, N.GotoIfNot, N.ReturnNode):
        stmts.append(Statement(N.ReturnNode(None), None, 0))
        blocks[-1] = (blocks[-1][0], len(stmts))
    return Prepared(tuple(stmts), tuple(blocks))
