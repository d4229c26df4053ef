"""Skipping a string or char literal in printed text, the one rule every bracket scan of the reader shares."""
from __future__ import annotations

__all__ = ["quoted_end"]


def quoted_end(text: str, pos: int, quote: str) -> int:
    """Just past the `quote` that closes the string or char literal whose opening quote ends at `pos` (a
    backslash escapes the next character), or -1 where the text ends first."""
    n = len(text)
    while pos < n and text[pos] != quote:
        pos += 2 if text[pos] == "\\" else 1
    return pos + 1 if pos < n else -1
