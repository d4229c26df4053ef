"""Pausing Python's cyclic garbage collector while a model is built or printed.

Below every layer (`jlir.util`), because the model is what has no reference cycles and the reader, the
printer, the diff, the JSON decoder, the verifier and the transforms all build or walk it.
"""
from __future__ import annotations

import gc
import functools
from contextlib import contextmanager


@contextmanager
def gc_paused():
    """Python's cyclic garbage collector paused while a model is built or printed.

    Reading builds millions of small objects that form no reference cycles; each
    collection the allocations trigger walks every object built so far, which cost
    a fifth of the parse time.  Collection resumes afterwards (if it was on).
    """
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def paused(function):
    """`function` run with the collector paused (`gc_paused`): for the library's entry points that build a
    whole new function's worth of small objects (SSA construction and destruction)."""
    @functools.wraps(function)
    def run(*args, **kwargs):  # (`with gc_paused()`, without a generator per call: analyses of small functions)
        if not gc.isenabled():
            return function(*args, **kwargs)
        gc.disable()
        try:
            return function(*args, **kwargs)
        finally:
            gc.enable()
    return run
