"""What Julia 1.5's `slot2reg` computes before it places φ nodes, computed by jlir from a slot-form print.

`convert_to_ircode`'s changes (`jlir.ssa.prepare`), the CFG of the result, and per slot that is read its
def blocks (with the catch blocks a φᶜ goes to), live-in blocks (`compute_live_ins`) and φ blocks (`idf`
pruned by liveness, in Julia's order): what `JlirLive.ssa_reference_json` records on Julia's side.
"""
from __future__ import annotations

from jlir.analysis.dominance import dominator_tree, iterated_dominance_frontier
from jlir.ir import nodes as N
from jlir.ir.cfg import CFG, compute_cfg
from jlir.ir.function import IR, Block, Function
from jlir.ssa.prepare import prepare
from jlir.ssa.slots import compute_live_ins, scan_slot_def_use

__all__ = ["pre_ssa"]


def pre_ssa(fn, argnames=None) -> tuple[CFG, list]:
    """`(cfg, slots)`: the pre-SSA CFG and, sorted, `(defs, live_in, φ blocks)` per slot that is read
    (`argnames`: the method's argument names, as `jlir ssa --argnames` is told them)."""
    prep = prepare(fn.positional, [(b.first, b.last) for b in fn.blocks])
    cfg = compute_cfg(Function.of(IR(prep.stmts, tuple(Block(f, l) for f, l in prep.blocks)), fn.display))
    dt = dominator_tree(cfg)
    catch = {n.catch_dest for n in (s.node for s in prep.stmts) if type(n) is N.EnterNode}
    slots = []
    for info in scan_slot_def_use([s.node for s in prep.stmts], argnames=argnames).values():
        if not info.uses or _global(info, argnames):
            continue
        defs, live = compute_live_ins(cfg, info)
        defs += [b for b in live if b in catch and b not in defs]
        slots.append((sorted(defs), sorted(live), list(iterated_dominance_frontier(cfg, defs, dt, live_in=live))))
    return cfg, sorted(slots)


def _global(info, argnames) -> bool:
    """A bare name the print shows that is neither an argument nor assigned anywhere: a global (`(Float64)(y)`),
    which Julia does not number.  jlir's SSA construction reads it as a slot defined at entry, which gets no φ
    (its only definition dominates every block), so leaving it out changes no φ placement."""
    s = info.slot
    return (argnames is not None and s.id is None and s.name not in argnames and s.name != "#self#"
            and all(d == 0 for d in info.defs))
