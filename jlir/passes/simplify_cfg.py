"""`simplify-cfg`: fewer, larger blocks with the same meaning (on BBCode, so moving blocks renames nothing).

Three rewrites, repeated until none applies:

* a `goto #n if not %c` whose two sides are the same block becomes a fall-through,
  where `%c` is known to be a `Bool` (on anything else Julia throws a TypeError);
* a block with a single predecessor whose single successor it is merges into
  that predecessor (its φs, which can have only that one edge, become their
  values; a `goto` between them goes);
* a block holding nothing but a `goto #m` (or nothing at all, falling into
  `#m`) is threaded: its predecessors branch to `#m` directly and `#m`'s φs
  take the edge from each of them.  Not when one of them already has an edge
  into a `#m` with φs (the φ would need two values from one block).

Try/catch structure is kept: no block ending in `enter` is merged or threaded
through, and no catch block is merged away or threaded.  A block whose
fall-through successor would no longer follow it gets an explicit `goto`
where it has no terminator; otherwise that rewrite is not made.
"""
from __future__ import annotations

from jlir.analysis.conditions import is_bool
from jlir.edit import BBCode
from jlir.ir import nodes as N
from jlir.ir import values as V
from jlir.ir import walk
from jlir.ir.function import Function
from jlir.passes.dce import compacted
from jlir.passes.registry import register


@register("simplify-cfg", "merge straight-line blocks, thread jumps through empty blocks, fold branches with equal sides")
def simplify_cfg(fn: Function, notes: list | None = None) -> Function:
    """A new Function with a simpler CFG (`fn` is unchanged)."""
    bb = BBCode(compacted(fn))
    _drop_dead_tails(bb)
    while _fold_equal_sides(bb) or _merge_one(bb) or _thread_one(bb):
        pass
    return bb.to_function()


def _drop_dead_tails(bb: BBCode) -> None:
    """Statements after a `$(Expr(:unreachable))` never run; a dead `goto` among them would still name a block
    (and hold it in place), so they go, unless something uses their values."""
    used = {k for blk in bb.blocks for s in blk.stmts for k in walk.ssa_uses(s.node)}
    for blk in bb.blocks:
        n = blk.dead_tail()
        if n and not used.intersection(blk.ids[-n:]):
            del blk.ids[-n:], blk.stmts[-n:]


def _fold_equal_sides(bb: BBCode) -> bool:
    """Drop a conditional branch whose sides are one block, where its condition is known to be a `Bool`: on
    any other value Julia throws a TypeError there, which folding would turn into a result."""
    changed = False
    types = None
    for blk in bb.blocks:
        term = blk.terminator()
        if N.flow_kind(term) == "gotoifnot" and term.dest == bb.falls_to(blk):
            types = {i: s.type for b in bb.blocks for i, s in zip(b.ids, b.stmts)} if types is None else types
            if not is_bool(term.cond, types.get):
                continue
            blk.ids.pop()
            blk.stmts.pop()
            changed = True
    return changed


def _layout_after(bb: BBCode, blk, without) -> int | None:
    """The block that would follow `blk` in layout once `without` is gone."""
    rest = [b for b in bb.blocks if b is not without]
    k = rest.index(blk)
    return rest[k + 1].id if k + 1 < len(rest) else None


def _merge_one(bb: BBCode) -> bool:
    """Merge the first block that has one predecessor which has it as its one successor; True if one was."""
    preds, catch = bb.predecessors(), bb.catch_blocks()
    for blk in bb.blocks[1:]:
        ps = preds.get(blk.id, [])
        if blk.id in catch or len(ps) != 1 or ps[0] == blk.id:
            continue
        p = bb.block(ps[0])
        if bb.successors(p) != (blk.id,) or N.flow_kind(p.terminator()) not in ("goto", None):
            continue
        term = blk.terminator()
        if type(term) is N.EnterNode and term is not blk.stmts[-1].node:
            continue  # an `enter` with statements inserted after it ends its block only as the block's first
        if not _phis_single(blk, p.id) or not _continues(bb, p, blk, blk):
            continue
        _merge(bb, p, blk)
        return True
    return False


def _phis_single(blk, pred: int) -> bool:
    return all(s.node.edges == (pred,) and s.node.values[0] is not None
               for s in blk.stmts if type(s.node) is N.PhiNode)


def _continues(bb: BBCode, host, blk, gone) -> bool:
    """Whether `blk`'s statements can end `host` once `gone` leaves the layout: its fall-through still follows,
    or it has no terminator and can take an explicit `goto` (which this adds)."""
    kind = N.flow_kind(blk.terminator())
    if kind in ("goto", "return") or N.is_unreachable(blk.terminator()):
        return True
    target = bb.falls_to(blk)
    if target is None or target == _layout_after(bb, host, gone):
        return True
    if kind is None:
        bb.insert(blk.id, len(blk.stmts), N.GotoNode(target))
        bb.fallthrough.pop(blk.id, None)
        return True
    return False


def _merge(bb: BBCode, p, blk) -> None:
    for sid, s in list(zip(blk.ids, blk.stmts)):
        if type(s.node) is N.PhiNode:
            bb.replace_uses(V.SSAValue(sid), s.node.values[0])
    keep = [(i, s) for i, s in zip(blk.ids, blk.stmts) if type(s.node) is not N.PhiNode]
    if N.flow_kind(p.terminator()) == "goto":
        p.ids.pop()
        p.stmts.pop()
    p.ids += [i for i, _ in keep]
    p.stmts += [s for _, s in keep]
    bb.blocks.remove(blk)
    if blk.id in bb.fallthrough:
        bb.fallthrough[p.id] = bb.fallthrough.pop(blk.id)
    else:
        bb.fallthrough.pop(p.id, None)
    for s in bb.successors(p):
        bb.rename_phi_edges(bb.block(s), blk.id, p.id)


def _thread_one(bb: BBCode) -> bool:
    """Thread the first empty `goto` block whose predecessors can all branch past it; True if one was."""
    preds, catch = bb.predecessors(), bb.catch_blocks()
    for e in bb.blocks[1:]:
        target = _jump_only(bb, e)
        ps = preds.get(e.id, [])
        if target is None or target == e.id or e.id in catch or not ps or e.id in ps:
            continue
        m = bb.block(target)
        if any(type(s.node) is N.PhiNode and e.id in s.node.edges for s in m.stmts) \
                and any(p in preds.get(m.id, []) for p in ps):
            continue
        if not all(_can_bypass(bb, bb.block(p), e, target) for p in ps):
            continue
        for p in ps:
            _bypass(bb, bb.block(p), e, target)
        bb.rename_phi_edges(m, e.id, tuple(ps))
        bb.blocks.remove(e)
        bb.fallthrough.pop(e.id, None)
        return True
    return False


def _jump_only(bb: BBCode, e) -> int | None:
    """Where `e` goes when it holds nothing but a `goto` (or nothing, falling through), else None."""
    body = [s for s in e.stmts if s.node != V.NOTHING]
    if not body:
        return bb.falls_to(e)
    if len(body) == 1 and N.flow_kind(body[0].node) == "goto":
        return body[0].node.label
    return None


def _can_bypass(bb: BBCode, p, e, target: int) -> bool:
    kind = N.flow_kind(p.terminator())
    if kind == "enter":
        return False
    if kind == "goto" or (kind == "gotoifnot" and p.terminator().dest == e.id and bb.falls_to(p) != e.id):
        return True
    # p falls into e: fine if the target will follow p, or p has no terminator to stop an explicit goto
    return target == _layout_after(bb, p, e) or kind is None


def _bypass(bb: BBCode, p, e, target: int) -> None:
    kind = N.flow_kind(p.terminator())
    if kind in ("goto", "gotoifnot") and e.id in (p.terminator().label if kind == "goto" else p.terminator().dest,):
        bb.retarget(p, e.id, target)
        return
    if target == _layout_after(bb, p, e):
        bb.fallthrough[p.id] = target
    else:
        bb.insert(p.id, len(p.stmts), N.GotoNode(target))
        bb.fallthrough.pop(p.id, None)
