"""Transforms of a function's IR, one module per pass, run by name through one registry.

    >>> from jlir import passes
    >>> fn2 = passes.run(fn, ["compact"])      # a new Function; fn is unchanged
    >>> passes.REGISTRY["compact"].summary

A pass is a function `Function -> Function` (it works on an `jlir.edit.IRCode`
working copy inside and never changes its argument), registered with a name
and a one-line summary by `@register` in its own module.  `run` applies
passes in order and checks the IR with `jlir.analysis.verifier` after each one:
a pass that produced IR the verifier rejects raises `PassError` naming the
pass and the first problem, so wrong IR never leaves silently.
"""
from __future__ import annotations

from jlir.passes.registry import REGISTRY, Pass, PassError, register, run, run_document

# The pass modules register themselves on import; list every one here.
from jlir.passes import compact as _compact  # noqa: E402,F401
from jlir.passes import dce as _dce  # noqa: E402,F401
from jlir.passes import sccp as _sccp  # noqa: E402,F401
from jlir.passes import copyprop as _copyprop  # noqa: E402,F401
from jlir.passes import split_edges as _split_edges  # noqa: E402,F401
from jlir.passes import simplify_cfg as _simplify_cfg  # noqa: E402,F401
from jlir.passes import out_of_ssa as _out_of_ssa  # noqa: E402,F401

__all__ = ["REGISTRY", "Pass", "PassError", "register", "run", "run_document"]
