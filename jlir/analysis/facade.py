"""The analyses of one function, one call each, memoised per function: what the package face (`jlir.analysis`)
offers, and what its own modules use when they need another analysis of the same function (`jlir.html.render`
reads the CFG and the loops this way), so that each is computed once however it is reached.

The algorithms live in the modules named below; this module only ties them to a function (`jlir.analysis.memo`)
and to each other (loops need dominators, which need the CFG).
"""
from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from jlir.analysis.memo import memoised


# The modules that compute, each imported when an analysis first needs it (importing all of them is start-up that
# a verb using one does not need), then kept: an import statement on every call cost more than some analyses of a
# small function (a few µs each, 50,000 calls for 2,000 Base functions).
if TYPE_CHECKING:  # (what `_module` imports, named for readers and for the structure test's import graph)
    import jlir.analysis.inflate  # noqa: F401
    import jlir.ir.cfg  # noqa: F401
    import jlir.analysis.graph  # noqa: F401
    import jlir.analysis.dominance  # noqa: F401
    import jlir.analysis.natural_loops  # noqa: F401
    import jlir.analysis.defuse  # noqa: F401
    import jlir.analysis.live_ranges  # noqa: F401
    import jlir.analysis.verifier  # noqa: F401
    import jlir.analysis.type_stability  # noqa: F401

_MODULES: dict = {}


def _module(name: str):
    """`jlir.<name>`, imported once."""
    module = _MODULES.get(name)
    if module is None:
        module = _MODULES[name] = import_module("jlir." + name)
    return module


def inflated(fn):
    """`fn` in the blocks Julia computes with (`jlir.analysis.inflate`): itself, unless a 1.5 CodeInfo print goes on
    after an `$(Expr(:unreachable))` in the same block, where `inflate_ir` starts a new block.  Every analysis
    here answers for this IR, so its block numbers are those of Julia's `ir.cfg`."""
    return memoised(fn, "inflated", lambda: _module("analysis.inflate").inflate(fn))


def cfg(fn):
    """Julia's CFG of `fn` (`jlir.ir.cfg.CFG`), as `inflate_ir` builds it: `unreachable` ends control, an
    `enter` followed by ϒ nodes keeps its catch edge.  The one CFG every analysis, pass and the interpreter read."""
    return memoised(fn, "cfg", lambda: _module("ir.cfg").compute_cfg(inflated(fn)))


def reachable(fn):
    """The blocks reachable from block 1 (catch edges included), as `jlir.analysis.graph.reachable_blocks` gives them."""
    return memoised(fn, "reachable", lambda: _module("analysis.graph").reachable_blocks(cfg(fn)))


def dominators(fn):
    """The dominator tree of `fn`'s CFG (`jlir.analysis.dominance.dominator_tree`)."""
    return memoised(fn, "dominators", lambda: _module("analysis.dominance").dominator_tree(cfg(fn)))


def post_dominators(fn):
    """The post-dominator tree of `fn`'s CFG (`jlir.analysis.dominance.post_dominator_tree`)."""
    return memoised(fn, "post_dominators", lambda: _module("analysis.dominance").post_dominator_tree(cfg(fn)))


def dominance_frontiers(fn):
    """Each block's dominance frontier (`jlir.analysis.dominance.dominance_frontiers`)."""
    return memoised(fn, "dominance_frontiers",
                    lambda: _module("analysis.dominance").dominance_frontiers(cfg(fn), dominators(fn)))


def iterated_dominance_frontier(fn, def_blocks):
    """The iterated dominance frontier of the blocks `def_blocks` (where φ nodes for a variable defined there go)."""
    key = tuple(sorted(set(def_blocks)))
    return memoised(fn, ("idf", key),
                    lambda: _module("analysis.dominance").iterated_dominance_frontier(cfg(fn), key, dominators(fn)))


def loops(fn):
    """The natural loops of `fn` (`jlir.analysis.natural_loops.find_loops`: `.loops`, `.back_edges`, `.irreducible`)."""
    return memoised(fn, "loops", lambda: _module("analysis.natural_loops").find_loops(cfg(fn), dominators(fn)))


def def_use(fn):
    """Definitions and uses of every SSA value (`jlir.analysis.defuse.def_use`), in Julia's blocks."""
    return memoised(fn, "def_use", lambda: _module("analysis.defuse").def_use(inflated(fn)))


def _checked_cfg(fn):
    """`cfg(fn)` without edges to blocks that do not exist, for the analyses that report broken IR rather than
    refuse it (the verifier, liveness): the same object for well-formed IR."""
    return memoised(fn, "checked_cfg", lambda: _module("ir.cfg").in_range(cfg(fn)))


def _checked_dominators(fn):
    checked = _checked_cfg(fn)
    if checked is cfg(fn):
        return dominators(fn)
    return memoised(fn, "checked_dominators", lambda: _module("analysis.dominance").dominator_tree(checked))


def liveness(fn):
    """Live-in and live-out SSA values per block (`jlir.analysis.live_ranges.liveness`), on Julia's CFG."""
    return memoised(fn, "liveness",
                    lambda: _module("analysis.live_ranges").liveness(inflated(fn), _checked_cfg(fn), def_use(fn)))


def slot_liveness(fn):
    """Live-in and live-out slots per block, for lowered code (`jlir.analysis.live_ranges.slot_liveness`)."""
    return memoised(fn, "slot_liveness",
                    lambda: _module("analysis.live_ranges").slot_liveness(inflated(fn), _checked_cfg(fn)))


def verify(fn) -> list:
    """Julia's IR invariants checked (`jlir.analysis.verifier.verify_ir`): a list of diagnostics, empty when valid."""
    verifier = _module("analysis.verifier")
    refused = verifier.excerpt_diagnostics(fn)
    if refused:
        return refused
    return list(memoised(fn, "verify", lambda: tuple(verifier.verify_ir(inflated(fn), _checked_dominators(fn),
                                                                        def_use(fn), _checked_cfg(fn)))))


def stability(fn):
    """The type-stability report of `fn` (`jlir.analysis.type_stability.stability`)."""
    return memoised(fn, "stability", lambda: _module("analysis.type_stability").stability(fn))
