"""Texts that look like IR but are not Julia SSA IR as Julia's own printers show it: recognised to be refused.

A parser that half-reads a foreign dump would either fail somewhere deep
with a confusing message or, worse, succeed on a lookalike.  Each rule here
is a marker that Julia's printers (1.0 and later) never produce, and the
name of what the text most likely is, for the error message.
"""
from __future__ import annotations

import re

_R = re.compile

# (cheap substrings one of which every match contains, pattern, what the text looks like); lines can be huge,
# so a pattern only runs on lines holding its substring, and anchored patterns are matched, not searched.
MARKERS = [
    (("Variables:", "Body:"), _R(r"(?:Variables:|Body:)$"),
     "a pre-0.7 `@code_warntype` print (`Variables:`, `Body:` and a `begin … end` body), from before Julia's SSA IR"),
    (("Structured",), _R(r" ?Structured(?:CodeInfo|IRCode)\($"),
     "a third-party structured-IR print (`StructuredCodeInfo(` / `StructuredIRCode(`, with `if`/`then`/`else` "
     "regions), not Base's IR printer"),
    (("within %",), _R(r".*?\b(?:(?:re)?attach|detach|sync) within %[0-9]+"),
     "Tapir IR (`detach`/`reattach`/`sync within`, from a Julia fork with task-parallel IR)"),
    (("$(Expr(:syncregion",), _R(r".*?\$\(Expr\(:syncregion"),
     "Tapir IR (`detach`/`reattach`/`sync within`, from a Julia fork with task-parallel IR)"),
    ((": (",), _R(r"[0-9]+: \((?:%[0-9]+(?:, %[0-9]+)*)?\)$"),
     "IRTools IR (`1: (%1)` blocks with arguments and `br` branches), from the IRTools.jl package"),
]


def identify(lines: list[str], text: str | None = None) -> tuple[int, str] | None:
    """(line index, description) of the first foreign marker in `lines`, or None.

    `text` is `"\\n".join(lines)` if the caller has it: a marker whose substrings the whole text lacks is
    skipped with one fast scan, and only a marker that may match walks the lines.
    """
    if text is None:
        text = "\n".join(lines)
    best = None
    for needles, rx, what in MARKERS:
        if not any(n in text for n in needles):
            continue
        for k, line in enumerate(lines[:best[0]] if best is not None else lines):
            if any(n in line for n in needles) and rx.match(line):
                best = (k, what)  # a marker found earlier in MARKERS wins on the same line
                break
    return best
