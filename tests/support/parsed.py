"""Each fixture or corpus file parsed once per test session, for the tests that take parsed IR as their input.

Parsing every fixture costs seconds, and a dozen test files (and the passes test once per pass) parsed the same
files again: a large share of the suite's time.  Parsing is deterministic and the model is immutable (frozen
dataclasses and tuples), so one parse shared between tests gives each the value a fresh parse would, and one
test cannot carry its changes into another.  A file that does not parse raises on every call (nothing cached).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import jlir


@lru_cache(maxsize=None)
def _document(path: str):
    return jlir.parse_file(path)


def document_of(path: str | Path):
    """`jlir.parse_file(path)`, parsed on the first call for that file only."""
    return _document(str(Path(path).resolve()))


def functions_of(path: str | Path) -> tuple:
    """`jlir.functions(jlir.parse_file(path))`, parsed on the first call for that file only."""
    return tuple(jlir.functions(document_of(path)))
