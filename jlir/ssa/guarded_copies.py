"""Copies of values that may be undefined, out of SSA: a slot copy that never reads an undefined slot.

In φ form a value may be undefined (`#undef` on a φ edge, or a φ, ϒ or φᶜ of such a value), and the copies that
carry it (φ edges, ϒ into a φᶜ, a φᶜ read) never throw: Julia's `slot2reg` (1.5.3's compiler/ssair/slot2ssa.jl)
keeps a separate `isdefined` flag for every use that must check.  In slot form a copy `x = y` reads `y`, and
reading an undefined slot is Julia's `UndefVarError`.  A copy of a possibly undefined value must therefore leave
`x` undefined where `y` is, and read `y` only where it is defined:

    Core.NewvarNode(:(x))
    %c = $(Expr(:isdefined, :(y)))
    goto #rest if not %c
    x = y
    rest: …

Unguarded, the copy threw where the function did not; inside a `try` such a throw lands in the catch block, whose
own copy of the same value threw again before its `leave`, forever.
"""
from __future__ import annotations

from jlir.edit import BBCode
from jlir.edit.bbcode import BBlock
from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ir.function import Function, Statement

__all__ = ["maybe_undefined", "guard_copies"]

_BOOL = T.TypeName(("Bool",))


def maybe_undefined(stmts) -> set[int]:
    """The φ and φᶜ statements (by number) whose value may be undefined: a φ with an `#undef` edge or an
    operand that may be, a φᶜ fed by a ϒ of no value or of one that may be.  A worklist over the φs and ϒs that
    read each value, so linear in the statements."""
    readers: dict = {}   # value id → the φs and φᶜs that take it (a φᶜ through its ϒ)
    seeds = []
    for i, s in enumerate(stmts, 1):
        node = s.node
        if type(node) is N.PhiNode:
            vals = node.values
        elif type(node) is N.PhiCNode:
            vals = [stmts[u.id - 1].node.val for u in node.values if type(u) is V.SSAValue and 1 <= u.id <= len(stmts)
                    and type(stmts[u.id - 1].node) is N.UpsilonNode]
        else:
            continue
        for v in vals:
            if v is None:
                seeds.append(i)
            elif type(v) is V.SSAValue:
                readers.setdefault(v.id, []).append(i)
    maybe: set[int] = set()
    while seeds:
        i = seeds.pop()
        if i not in maybe:
            maybe.add(i)
            seeds.extend(readers.get(i, ()))
    return maybe


def guard_copies(fn: Function, marked) -> Function:
    """`fn` (slot form) with each statement of `marked` (numbers of copies `x = y`) guarded as the module says."""
    if not marked:
        return fn
    bb = BBCode(fn)
    for sid in sorted(marked):
        blk, k = bb.find(sid)
        enter = next((j for j in range(k) if type(blk.stmts[j].node) is N.EnterNode), None)
        if enter is not None:  # an `enter` ends its block: what follows it goes on in a block of its own
            blk, k = _split_after(bb, blk, enter + 1), k - enter - 1
        copy = blk.stmts[k]
        dest, src = copy.node.args
        if k + 1 < len(blk.stmts) or blk.id not in bb.fallthrough:
            rest = _split_after(bb, blk, k + 1).id
        else:  # the copy ends its block: skipping it goes where the block went
            rest = bb.fallthrough[blk.id]
        _split_after(bb, blk, k)
        cond = V.SSAValue(bb.new_id())
        blk.ids += [bb.new_id(), cond.id, bb.new_id()]
        typed = copy.type is not None
        blk.stmts += [Statement(N.NewvarNode(dest), None, copy.loc),
                      Statement(N.Expr("isdefined", (src,)), _BOOL if typed else None, copy.loc),
                      Statement(N.GotoIfNot(cond, rest), None, copy.loc)]
    return bb.to_function()


def _split_after(bb: BBCode, blk: BBlock, k: int) -> BBlock:
    """Move the statements of `blk` from index `k` on into a new block right after it, which `blk` falls into
    and which falls where `blk` fell."""
    new = BBlock(bb.new_id(), blk.ids[k:], blk.stmts[k:])
    del blk.ids[k:], blk.stmts[k:]
    bb.blocks.insert(bb.blocks.index(blk) + 1, new)
    if blk.id in bb.fallthrough:
        bb.fallthrough[new.id] = bb.fallthrough[blk.id]
    bb.fallthrough[blk.id] = new.id
    return new
