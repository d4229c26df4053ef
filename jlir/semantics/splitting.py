"""Cutting Julia source text at a separator outside brackets and string or char literals.

One splitter serves `jlir run --args` (literals cut at `,`) and a fixture case's `# run:` lines (calls cut at
`;`, `jlir.live.caseruns`): both read Julia's literal syntax, so they cut it the same way.
"""
from __future__ import annotations

_CLOSERS = {"(": ")", "[": "]", "{": "}"}


def split_top_level(text: str, sep: str) -> list[str]:
    """`text` cut at each `sep` outside brackets and string or char literals, the pieces unstripped (n seps, n+1
    pieces).  A `'` after a name or a closing bracket is Julia's adjoint (`a'`), not a char literal's start."""
    pieces, closers, start, quote, k = [], [], 0, None, 0
    while k < len(text):
        c = text[k]
        if quote:
            if c == "\\":
                k += 1
            elif c == quote:
                quote = None
        elif c in "\"'" and not (c == "'" and k and (text[k - 1].isalnum() or text[k - 1] in ")]}_")):
            quote = c
        elif c in _CLOSERS:
            closers.append(_CLOSERS[c])
        elif closers and c == closers[-1]:
            closers.pop()
        elif c == sep and not closers:
            pieces.append(text[start:k])
            start = k + 1
        k += 1
    pieces.append(text[start:])
    return pieces
