"""Each print of a record read once: the checks of one instance read the same texts many times over.

`check_record` reads a print for its round-trip, its analyses, `compact`, `ssa` and every interpreter form, and
the checks read Julia's answers (`compact!`'s print, slot2reg's) to compare with; about half of those reads are of
a text read before.  A parsed `Document` is immutable (frozen dataclasses throughout), so the same one can serve
every check; a text that does not read raises each time, as `jlir.parse` does.
"""
from __future__ import annotations

from functools import lru_cache

import jlir

__all__ = ["parsed"]


@lru_cache(maxsize=64)
def parsed(text: str):
    """`jlir.parse(text)`, remembered for the last 64 texts (one record's prints and answers fit)."""
    return jlir.parse(text)
