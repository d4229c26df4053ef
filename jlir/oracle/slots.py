"""What Julia 1.5's `slot2reg` computes before it places φ nodes, computed by jlir from a slot-form print.

`convert_to_ircode`'s changes (`jlir.ssa.prepare`), the CFG of the result, and per slot that is read its
def blocks (with the catch blocks a φᶜ goes to), live-in blocks (`compute_live_ins`) and φ blocks (`idf`
pruned by liveness, in Julia's order): what `JlirLive.ssa_reference_json` records on Julia's side.
"""
from __future__ import annotations

from dataclasses import replace

from jlir.analysis.dominance import dominator_tree, iterated_dominance_frontier
from jlir.ir import nodes as N
from jlir.ir import values as V
from jlir.ir import walk
from jlir.ir.cfg import CFG, compute_cfg
from jlir.ir.function import IR, Block, Function
from jlir.ssa.prepare import Prepared, prepare
from jlir.ssa.slots import compute_live_ins, scan_slot_def_use

__all__ = ["pre_ssa"]


def pre_ssa(fn, argnames=None, nargs: int | None = None) -> tuple[CFG, list]:
    """`(cfg, slots)`: the pre-SSA CFG and, sorted, `(defs, live_in, φ blocks)` per slot that is read
    (`argnames`: the method's argument names, as `jlir ssa --argnames` is told them; `nargs`: how many
    arguments the method takes, without its own slot, so that a numbered local (`@_8`, `_9`) that nothing
    assigns is not taken for an argument slot defined at entry)."""
    prep = prepare(fn.positional, [(b.first, b.last) for b in fn.blocks])
    if nargs is not None:
        prep = Prepared(tuple(replace(st, node=walk.map_values(st.node, lambda v: _local(v, nargs)))
                              for st in prep.stmts), prep.blocks)
    cfg = compute_cfg(Function.of(IR(prep.stmts, tuple(Block(f, l) for f, l in prep.blocks)), fn.display))
    dt = dominator_tree(cfg)
    catch = {n.catch_dest for n in (s.node for s in prep.stmts) if type(n) is N.EnterNode}
    slots = []
    for info in scan_slot_def_use([s.node for s in prep.stmts], nargs=nargs, argnames=argnames).values():
        if not info.uses or _global(info, argnames):
            continue
        defs, live = compute_live_ins(cfg, info)
        defs += [b for b in live if b in catch and b not in defs]
        slots.append((sorted(defs), sorted(live), list(iterated_dominance_frontier(cfg, defs, dt, live_in=live))))
    return cfg, sorted(slots)


def _local(v, nargs: int):
    """A slot whose name the reader takes for something else.  A variable named `_9` or `_0`: a slot form has no
    `Argument`s and prints a slot without a name as `@_9`, so `_n` past the argument slots (`1..nargs+1`) is a
    local's name, not slot n; the reader, which cannot tell, reads `_n` as argument n (and `:(_n)` in a
    `NewvarNode` as slot n).  (A keyword sorter's `kw...` slot is `prepare`'s: `jlir.ssa.prepare.splat_slot`.)"""
    t = type(v)
    n = v.n if t is V.Argument else v.id if t is V.SlotNumber and v.name is None else None
    if n is not None and (n == 0 or n > nargs + 1):
        return V.SlotNumber(f"_{n}")
    if t is N.NewvarNode:
        slot = _local(v.slot, nargs)
        return v if slot is v.slot else N.NewvarNode(slot)
    return v


def _global(info, argnames) -> bool:
    """A bare name the print shows that is neither an argument nor assigned anywhere: a global (`(Float64)(y)`),
    which Julia does not number.  jlir's SSA construction reads it as a slot defined at entry, which gets no φ
    (its only definition dominates every block), so leaving it out changes no φ placement."""
    s = info.slot
    return (argnames is not None and s.id is None and s.name not in argnames and s.name != "#self#"
            and all(d == 0 for d in info.defs))
