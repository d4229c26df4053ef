"""Joining very many texts without holding them all at once."""
from __future__ import annotations

from itertools import islice

BATCH = 4096


def joined(sep: str, texts, n: int, before: str = "", after: str = "") -> str:
    """`before + sep.join(texts) + after` for an iterable of `n` texts, joined `BATCH` at a time when there are more.

    `str.join` first makes a list of every text; an integer literal's text is made when it is printed (`Literal`
    keeps a decimal integer as its `int`), so a call of 100,000 distinct integers would hold 100,000 new strings
    at once (56 bytes each, 7× its printed text).  `before` and `after` go into the one final join: adding them
    to its result would copy the whole text again (memory on huge inputs).
    """
    if n <= BATCH:
        return before + sep.join(texts) + after
    it = iter(texts)
    batches = [sep.join(islice(it, BATCH)) for _ in range(0, n, BATCH)]
    batches[0] = before + batches[0]
    batches[-1] += after
    return sep.join(batches)
