"""Closure and generated names that differ between any two Julia sessions, paired as renames.

Julia names a closure's type after a counter of its module (`var"#1#2"`,
`var"#3#4"`), a keyword body after the method and another counter
(`var"#sort!#7"`), and older prints show them as `##54#55`.  Two sessions
that define the same code number them differently, so two prints of one
function differ in these names without differing in IR.  They are paired by
position, like slots: the k-th distinct generated name A prints (in order of
first appearance) with B's k-th, and A is read again with B's names before
the statements are compared; the pairs are reported as renames.
"""
from __future__ import annotations

import re

import jlir

# `var"#…"` or (0.7–1.0) `Symbol("#…")` with a counter inside, or a bare `#name#N` / `##N#M` (never a block
# number `#3`, never `#self#`)
GENERATED = re.compile(r'(var"|Symbol\(")(#[^"]*\d[^"]*)"|(?<![\w#"])(##?[\w!]*#\d+(?:#\d+)?)')


def generated_names(text: str) -> list[str]:
    """The distinct generated names of a print, in order of first appearance."""
    seen: dict[str, None] = {}
    for m in GENERATED.finditer(text):
        seen.setdefault(m.group(2) or m.group(3), None)
    return list(seen)


def renames(text_a: str, text_b: str) -> tuple[tuple[str, str], ...]:
    """(A's name, B's name) for each generated name that B prints differently at the same position."""
    pairs = zip(generated_names(text_a), generated_names(text_b))
    return tuple((a, b) for a, b in pairs if a != b)


def renamed(f, text: str, pairs: tuple[tuple[str, str], ...]):
    """`f` (printed as `text`) read again with A's names replaced by B's; `f` itself when that cannot be read."""
    mapping = dict(pairs)

    def swap(m: re.Match) -> str:
        if m.group(2) is not None:
            return f'{m.group(1)}{mapping.get(m.group(2), m.group(2))}"'
        return mapping.get(m.group(3), m.group(3))

    try:
        functions = jlir.functions(jlir.parse(GENERATED.sub(swap, text)))
    except jlir.ParseError:
        return f
    return functions[0] if len(functions) == 1 else f
