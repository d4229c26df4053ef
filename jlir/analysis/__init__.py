"""Analyses of one function's IR, one call each, memoised per function.

    >>> from jlir import analysis as A
    >>> A.cfg(fn).blocks[0].succs, A.dominators(fn), A.loops(fn).loops, A.verify(fn)

Numbering is Julia's everywhere: blocks are Julia's 1-based block numbers
(`#3`), statements Julia's SSA numbers (`%7`, the positional statement
numbers), and predecessor 0 is Julia's extra edge into a catch block.

Every function here takes a `jlir.ir.function.Function` and computes its
result once: the model is immutable, so a second call with the same function
object returns the first answer (`jlir.analysis.memo`; `memo.clear()`
forgets).  The algorithms live in the modules named below; this module only
ties them to a function and to each other (loops need dominators, which need
the CFG, so each is computed once however it is reached).
"""
from __future__ import annotations

import functools
import importlib
import sys
import types

from jlir.analysis.memo import clear, memoised

__all__ = ["inflated", "cfg", "reachable", "dominators", "post_dominators", "dominance_frontiers", "iterated_dominance_frontier",
           "loops", "def_use", "liveness", "slot_liveness", "verify", "stability", "to_dot", "to_mermaid",
           "to_networkx", "clear"]


def inflated(fn):
    """`fn` in the blocks Julia computes with (`jlir.ir.inflate`): itself, unless a 1.5 CodeInfo print goes on
    after an `$(Expr(:unreachable))` in the same block, where `inflate_ir` starts a new block.  Every analysis
    here answers for this IR, so its block numbers are those of Julia's `ir.cfg`."""
    from jlir.ir.inflate import inflate
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
    """The natural loops of `fn` (`jlir.analysis.loops.find_loops`: `.loops`, `.back_edges`, `.irreducible`)."""
    from jlir.analysis.loops import find_loops
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
    """Live-in and live-out SSA values per block (`jlir.analysis.liveness.liveness`), on Julia's CFG."""
    from jlir.analysis.liveness import liveness as compute
    return memoised(fn, "liveness", lambda: compute(inflated(fn), _checked_cfg(fn), def_use(fn)))


def slot_liveness(fn):
    """Live-in and live-out slots per block, for lowered code (`jlir.analysis.liveness.slot_liveness`)."""
    from jlir.analysis.liveness import slot_liveness as compute
    return memoised(fn, "slot_liveness", lambda: compute(inflated(fn), _checked_cfg(fn)))


def verify(fn) -> list:
    """Julia's IR invariants checked (`jlir.analysis.verify.verify_ir`): a list of diagnostics, empty when valid."""
    from jlir.analysis.verify import excerpt_diagnostics, verify_ir
    refused = excerpt_diagnostics(fn)
    if refused:
        return refused
    return list(memoised(fn, "verify", lambda: tuple(verify_ir(inflated(fn), _checked_dominators(fn), def_use(fn),
                                                                    _checked_cfg(fn)))))


def stability(fn):
    """The type-stability report of `fn` (`jlir.analysis.stability.stability`)."""
    from jlir.analysis.stability import stability as compute
    return memoised(fn, "stability", lambda: compute(fn))


def to_dot(fn) -> str:
    """The CFG as Graphviz DOT, each block's statements as Julia prints them (`jlir.analysis.render`)."""
    from jlir.analysis.render import cfg_dot
    return memoised(fn, "dot", lambda: cfg_dot(inflated(fn)))


def to_mermaid(fn) -> str:
    """The CFG as a Mermaid flowchart (renders on GitHub in a ```mermaid block)."""
    from jlir.analysis.render import cfg_mermaid
    return memoised(fn, "mermaid", lambda: cfg_mermaid(inflated(fn)))


def to_networkx(fn):
    """The CFG as a `networkx.DiGraph` (a new graph each call: it is mutable); needs networkx installed."""
    from jlir.analysis.render import cfg_networkx
    return cfg_networkx(inflated(fn))


# ---------------------------------------------------------------- names shared with submodules
# `loops`, `liveness`, `verify` and `stability` name both a facade function and a submodule
# (`jlir/analysis/loops.py`, …).  Importing a submodule makes Python set it as an attribute of this
# package, which would replace the function.  So the package keeps its functions (`_Package`), and
# each of these four is a callable that also reads through to its submodule, so that
# `from jlir.analysis import loops as L; L.find_loops` and `import jlir.analysis.loops as L` work too.
class _SharedName:
    """A facade function that is also a view of the submodule of the same name."""

    def __init__(self, function):
        functools.update_wrapper(self, function)
        self._function = function

    def __call__(self, *args, **kwargs):
        return self._function(*args, **kwargs)

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(importlib.import_module(f"{__name__}.{self._function.__name__}"), name)

    def __repr__(self) -> str:
        return f"<jlir.analysis.{self._function.__name__}: facade function, reads through to its submodule>"


_SHARED = ("loops", "liveness", "verify", "stability")
for _name in _SHARED:
    globals()[_name] = _SharedName(globals()[_name])


class _Package(types.ModuleType):
    """This package's module type: a submodule import does not overwrite a facade function of the same name."""

    def __setattr__(self, name, value):
        if name in _SHARED and isinstance(value, types.ModuleType):
            return  # the submodule stays reachable through sys.modules and the facade object
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
