"""The analyses of one function, one call each, memoised per function: what the package face (`jlir.analysis`)
offers, and what its own modules use when they need another analysis of the same function (`jlir.html.render`
reads the CFG and the loops this way), so that each is computed once however it is reached.

The algorithms live in the modules named below; this module only ties them to a function (`jlir.analysis.memo`)
and to each other (loops need dominators, which need the CFG).
"""
from __future__ import annotations

from jlir.analysis.memo import memoised


def inflated(fn):
    """`fn` in the blocks Julia computes with (`jlir.analysis.inflate`): itself, unless a 1.5 CodeInfo print goes on
    after an `$(Expr(:unreachable))` in the same block, where `inflate_ir` starts a new block.  Every analysis
    here answers for this IR, so its block numbers are those of Julia's `ir.cfg`."""
    from jlir.analysis.inflate import inflate
    return memoised(fn, "inflated", lambda: inflate(fn))


def cfg(fn):
    """Julia's CFG of `fn` (`jlir.ir.cfg.CFG`), as `inflate_ir` builds it: `unreachable` ends control, an
    `enter` followed by ϒ nodes keeps its catch edge.  The one CFG every analysis, pass and the interpreter read."""
    from jlir.ir.cfg import compute_cfg
    return memoised(fn, "cfg", lambda: compute_cfg(inflated(fn)))


def reachable(fn):
    """The blocks reachable from block 1 (catch edges included), as `jlir.analysis.graph.reachable_blocks` gives them."""
    from jlir.analysis.graph import reachable_blocks
    return memoised(fn, "reachable", lambda: reachable_blocks(cfg(fn)))


def dominators(fn):
    """The dominator tree of `fn`'s CFG (`jlir.analysis.dominance.dominator_tree`)."""
    from jlir.analysis.dominance import dominator_tree
    return memoised(fn, "dominators", lambda: dominator_tree(cfg(fn)))


def post_dominators(fn):
    """The post-dominator tree of `fn`'s CFG (`jlir.analysis.dominance.post_dominator_tree`)."""
    from jlir.analysis.dominance import post_dominator_tree
    return memoised(fn, "post_dominators", lambda: post_dominator_tree(cfg(fn)))


def dominance_frontiers(fn):
    """Each block's dominance frontier (`jlir.analysis.dominance.dominance_frontiers`)."""
    from jlir.analysis.dominance import dominance_frontiers as compute
    return memoised(fn, "dominance_frontiers", lambda: compute(cfg(fn), dominators(fn)))


def iterated_dominance_frontier(fn, def_blocks):
    """The iterated dominance frontier of the blocks `def_blocks` (where φ nodes for a variable defined there go)."""
    from jlir.analysis.dominance import iterated_dominance_frontier as compute
    key = tuple(sorted(set(def_blocks)))
    return memoised(fn, ("idf", key), lambda: compute(cfg(fn), key, dominators(fn)))


def loops(fn):
    """The natural loops of `fn` (`jlir.analysis.natural_loops.find_loops`: `.loops`, `.back_edges`, `.irreducible`)."""
    from jlir.analysis.natural_loops import find_loops
    return memoised(fn, "loops", lambda: find_loops(cfg(fn), dominators(fn)))


def def_use(fn):
    """Definitions and uses of every SSA value (`jlir.analysis.defuse.def_use`), in Julia's blocks."""
    from jlir.analysis.defuse import def_use as compute
    return memoised(fn, "def_use", lambda: compute(inflated(fn)))


def _checked_cfg(fn):
    """`cfg(fn)` without edges to blocks that do not exist, for the analyses that report broken IR rather than
    refuse it (the verifier, liveness): the same object for well-formed IR."""
    from jlir.ir.cfg import in_range
    return memoised(fn, "checked_cfg", lambda: in_range(cfg(fn)))


def _checked_dominators(fn):
    from jlir.analysis.dominance import dominator_tree
    checked = _checked_cfg(fn)
    if checked is cfg(fn):
        return dominators(fn)
    return memoised(fn, "checked_dominators", lambda: dominator_tree(checked))


def liveness(fn):
    """Live-in and live-out SSA values per block (`jlir.analysis.live_ranges.liveness`), on Julia's CFG."""
    from jlir.analysis.live_ranges import liveness as compute
    return memoised(fn, "liveness", lambda: compute(inflated(fn), _checked_cfg(fn), def_use(fn)))


def slot_liveness(fn):
    """Live-in and live-out slots per block, for lowered code (`jlir.analysis.live_ranges.slot_liveness`)."""
    from jlir.analysis.live_ranges import slot_liveness as compute
    return memoised(fn, "slot_liveness", lambda: compute(inflated(fn), _checked_cfg(fn)))


def verify(fn) -> list:
    """Julia's IR invariants checked (`jlir.analysis.verifier.verify_ir`): a list of diagnostics, empty when valid."""
    from jlir.analysis.verifier import excerpt_diagnostics, verify_ir
    refused = excerpt_diagnostics(fn)
    if refused:
        return refused
    return list(memoised(fn, "verify", lambda: tuple(verify_ir(inflated(fn), _checked_dominators(fn), def_use(fn),
                                                                    _checked_cfg(fn)))))


def stability(fn):
    """The type-stability report of `fn` (`jlir.analysis.type_stability.stability`)."""
    from jlir.analysis.type_stability import stability as compute
    return memoised(fn, "stability", lambda: compute(fn))
