"""Sequentialising a parallel copy: the chapter's algorithm (Boissinot et al., "Revisiting Out-of-SSA
Translation for Correctness, Code Quality, and Efficiency", 2009, Algorithm 1).

A parallel copy `(b1, …, bn) ← (a1, …, an)` reads every source before writing any destination.  Copies are
emitted one at a time: first those whose destination is no longer needed as a source (`ready`); what is
left forms cycles, each broken by saving one destination in a fresh temporary.  Sources that are
constants (anything `is_location` rejects) take part in no cycle: they are emitted last, once every
destination has been read.
"""
from __future__ import annotations

from typing import Callable

from jlir.ir.errors import JlirError

__all__ = ["sequentialize", "ConflictingCopies"]


class ConflictingCopies(JlirError):
    """One destination given two different sources in the same parallel copy."""


def sequentialize(copies, is_location: Callable[[object], bool], new_temp: Callable[[], object]) -> list:
    """`copies` (pairs `(dest, src)`, in order) as a list of sequential copies `(dest, src)` with the same effect.

    `is_location(x)`: whether `x` is a variable (a destination may be one); other sources are constants.
    `new_temp()`: a fresh variable, asked once per cycle.
    """
    pairs: dict = {}
    for b, a in copies:
        if b == a:
            continue
        if b in pairs and pairs[b] != a:
            raise ConflictingCopies(f"{b!r} is copied from both {pairs[b]!r} and {a!r}")
        pairs[b] = a
    moves = {b: a for b, a in pairs.items() if is_location(a)}
    constants = [(b, a) for b, a in pairs.items() if not is_location(a)]
    out: list = []
    loc: dict = {}
    pred: dict = {}
    for b, a in moves.items():
        loc[b] = None
        pred[a] = None
    for b, a in moves.items():
        loc[a] = a
        pred[b] = a
    todo = list(moves)
    ready = [b for b in moves if loc[b] is None]
    done: set = set()
    while todo:
        while ready:
            b = ready.pop()
            if b in done:
                continue
            a = pred[b]
            c = loc[a]
            out.append((b, c))
            done.add(b)
            loc[a] = b
            if a == c and pred.get(a) is not None:
                ready.append(a)
        b = todo.pop()
        if b not in done:  # (the paper tests `b != loc(pred(b))`, wrong when a source has several destinations)
            tmp = new_temp()
            out.append((tmp, b))
            loc[b] = tmp
            ready.append(b)
    return out + constants
