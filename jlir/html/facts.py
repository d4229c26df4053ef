"""What the page's script shows on a click, computed here once per function (only `jlir.analysis`'s public API).

Per block: its statements, immediate dominator (the script walks the tree for the blocks it dominates:
sent as lists they grow as the square of a long chain's length), its
dominance frontier, the innermost loop holding it, live-in/live-out values;
per value: its defining statement and the statements using it; the
statements `@code_warntype` would flag; the blocks no path from #1 reaches;
the statements `dce` would delete from reachable blocks (unused, no effect).
"""
from __future__ import annotations

from jlir import analysis as A
from jlir.ir.errors import JlirError
from jlir.ir.values import Literal
from jlir.passes.dce import dead_statements


def _liveness(fn) -> tuple[list, list]:
    try:
        lv = A.liveness(fn)
        return [sorted(s) for s in lv.live_in], [sorted(s) for s in lv.live_out]
    except Exception:  # lowered code has slots, not SSA values, live: the page shows none rather than guess
        n = len(A.cfg(fn).blocks)
        return [[] for _ in range(n)], [[] for _ in range(n)]


def function_facts(fn) -> dict:
    """The function's facts as JSON-ready data (blocks 1-based in lists indexed from 0)."""
    cfg = A.cfg(fn)
    dom = A.dominators(fn)
    frontiers = A.dominance_frontiers(fn)
    found = A.loops(fn)
    loop_of = {}
    for i, loop in sorted(enumerate(found.loops), key=lambda x: x[1].depth):
        for b in loop.blocks:
            loop_of[b] = i  # deeper loops come later and win: a block's innermost loop
    live_in, live_out = _liveness(fn)
    du = A.def_use(fn)
    reach = A.reachable(fn)
    blocks = []
    for b, blk in enumerate(cfg.blocks, 1):
        blocks.append({"first": blk.first, "last": blk.last, "preds": list(blk.preds), "succs": list(blk.succs),
                       "idom": dom.idoms[b - 1], "frontier": list(frontiers[b - 1]), "loop": loop_of.get(b, -1),
                       "live_in": live_in[b - 1], "live_out": live_out[b - 1], "dead": b not in reach})
    loops = [{"header": lp.header, "blocks": list(lp.blocks), "depth": lp.depth} for lp in found.loops]
    values = {str(v): {"def": v, "block": b, "uses": sorted(set(du.uses.get(v, ())))} for v, b in du.defs.items()}
    return {"blocks": blocks, "loops": loops, "values": values, "flagged": sorted(flagged_statements(fn)),
            "dead": sorted(unused_statements(fn))}


def unused_statements(fn) -> set[int]:
    """What `dce` deletes besides unreachable blocks: statements whose value nothing live uses and that have
    no effect.  Read from the pass itself, so the overlay shows what `jlir opt --passes dce` removes."""
    if any(s.new_id is not None for s in fn.stmts):  # pending nodes: dce compacts first, renumbering
        return set()
    try:
        dead = dead_statements(fn)
    except (JlirError, ValueError):  # a form the pass cannot read: mark nothing rather than guess
        return set()
    # a `nothing` statement is what a deleted one becomes (a block keeps one): nothing to delete there
    return {i for i in dead if not (isinstance(fn.stmt(i).node, Literal) and fn.stmt(i).node.kind == "nothing")}


def flagged_statements(fn) -> set[int]:
    """The statements whose value `@code_warntype` would flag (not concrete)."""
    try:
        report = A.stability(fn)
    except Exception:  # a display without types: nothing to flag
        return set()
    return {f.stmt for f in report.flags if f.stmt is not None and f.kind == "ssa"}


def block_of_statement(fn) -> dict[int, int]:
    out = {}
    for b, blk in enumerate(A.cfg(fn).blocks, 1):
        for s in range(blk.first, blk.last + 1):
            out[s] = b
    return out
