"""Analyses of one function's IR, one call each, memoised per function.

    >>> from jlir import analysis as A
    >>> A.cfg(fn).blocks[0].succs, A.dominators(fn), A.loops(fn).loops, A.verify(fn)

Numbering is Julia's everywhere: blocks are Julia's 1-based block numbers
(`#3`), statements Julia's SSA numbers (`%7`, the positional statement
numbers), and predecessor 0 is Julia's extra edge into a catch block.

Every function here takes a `jlir.ir.function.Function` and computes its
result once: the model is immutable, so a second call with the same function
object returns the first answer (`jlir.analysis.memo`; `clear()` forgets).
They are defined in `jlir.analysis.facade`, which ties each to the module that
computes it and to the others (loops need dominators, which need the CFG, so
each is computed once however it is reached).  The pictures of the CFG
(`to_dot`, `to_mermaid`, `to_networkx`) are drawn above, where things are shown (`jlir.html.render`).
No submodule shares a name with a function here.
"""
from __future__ import annotations

from jlir.analysis.facade import (cfg, def_use, dominance_frontiers, dominators, inflated, iterated_dominance_frontier,
                                  liveness, loops, post_dominators, reachable, slot_liveness, stability, verify)
from jlir.analysis.memo import clear

__all__ = ["inflated", "cfg", "reachable", "dominators", "post_dominators", "dominance_frontiers", "iterated_dominance_frontier",
           "loops", "def_use", "liveness", "slot_liveness", "verify", "stability", "clear"]

