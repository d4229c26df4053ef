"""Reading a text: find each dump, recognise its display form, and hand it to that form's reader.

Each form has its own module (jlir.syntax.codeinfo, ircode, warntype,
cfglisting, stmtvector, costs, escapes); they read their header and footer
and give the statement lines to jlir.syntax.body.  This module only scans the
document: what separates the dumps is kept, so the printer gives it back.
"""
from __future__ import annotations

import re

from jlir.geometry.gcpause import gc_paused
from jlir.ir.function import Document
from jlir.syntax import costs, cthulhu, escapes, foreign
from jlir.syntax.cfglisting import CFG_HEADER, CFG_OLD, read_cfg
from jlir.syntax.codeinfo import CODEINFO_OPEN, THUNK_OPEN, read_codeinfo, read_vector
from jlir.syntax.context import Context, Lines, Source
from jlir.syntax.ircode import read_ircode
from jlir.syntax.stmtlines import FIRST_RAIL
from jlir.syntax.warntype import WARNTYPE_STARTS, read_warntype

_VECTOR_HEADER = re.compile(r"\d+-element .+:$")
_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


class DocumentReader:
    """Reads every dump in a text into a `Document`; raises ParseError with a location on bad input."""

    def __init__(self, text: str, filename: str = "<input>"):
        if "\x1b" in text:
            text = _ANSI.sub("", text)  # colored REPL output: the escapes carry no IR
        self.text = text
        self.ctx = Context(Source(filename, Lines(text)))

    def read(self) -> Document:
        with gc_paused():
            try:
                return self._read()
            finally:  # the memo tables, freed while collection is paused: the collection that follows walks less
                self.ctx.clear()

    def _read(self) -> Document:
        ctx = self.ctx
        lines = ctx.lines
        if "\x00" in self.text:
            bad = next(i for i, l in enumerate(lines) if "\x00" in l)
            raise ctx.error("binary data: this is not Julia IR text", bad, lines[bad].index("\x00"))
        found = foreign.identify(lines, self.text)
        if found is not None:
            raise ctx.error(f"not Julia SSA IR that jlir knows: this looks like {found[1]}", found[0])
        items, seps = [], []
        i, last_end, n = 0, -1, len(lines)
        while i < n:
            if not lines[i].strip() or is_label(lines, i):  # kept in the separator, printed back as it was
                i += 1
                continue
            seps.append("\n".join([""] * (last_end >= 0) + lines[last_end + 1:i] + [""]))
            item, i = read_item(ctx, i)
            items.append(item)
            last_end = i - 1
        if not items:
            raise ctx.error("no Julia IR found: the input is empty" if not "".join(lines).strip()
                            else "no Julia IR found", 0)
        trailing = "\n".join([""] + lines[last_end + 1:])
        return Document(tuple(items), tuple(seps), trailing)


def is_label(lines: list[str], i: int) -> bool:
    """A comment line between dumps, like the `# foo(1.0) — typed — Julia 1.5.3` that `jlir fetch` writes above
    each dump of several: `# ` and text, which starts no dump (a `code_escapes` header is `#1(…)`), so it
    belongs to the separator (`Document.labels` reads it)."""
    line = lines[i]
    return (line.startswith("# ") or line == "#") and not escapes.starts_escape_display(lines, i)


def read_item(ctx: Context, i: int):
    """Read the dump starting at line `i`, recognised by its first line(s); returns (item, index after it)."""
    line = ctx.lines[i]
    if _VECTOR_HEADER.match(line):
        return read_vector(ctx, i)
    if line.startswith(" CodeInfo("):
        # a vector element whose `N-element Vector{Any}:` header was not captured
        return read_vector(ctx, i, header=False)
    if CODEINFO_OPEN.match(line) or line == THUNK_OPEN:
        return read_codeinfo(ctx, i)
    if line in ("Variables:", "Body:"):
        raise ctx.error("not Julia SSA IR that jlir knows: this is a pre-0.7 `@code_warntype` print "
                        "(`Variables:`, `Body:` and a `begin … end` body), from before Julia's SSA IR", i)
    if line.startswith(WARNTYPE_STARTS):
        return read_warntype(ctx, i)
    if CFG_HEADER.match(line) or CFG_OLD.match(line):
        return read_cfg(ctx, i)
    if FIRST_RAIL.match(line):
        return read_ircode(ctx, i)
    if line.startswith(" ") and FIRST_RAIL.match(line, 1):
        # an `IRCode => T` vector element (` 388 1 ─ …`) whose `N-element Vector{Any}:` header was not captured
        return read_vector(ctx, i, header=False)
    if costs.starts_cost_display(ctx.lines, i):
        return costs.read_cost_display(ctx, i)
    if cthulhu.starts_cthulhu_view(ctx.lines, i):
        return cthulhu.read_cthulhu_view(ctx, i)
    if escapes.starts_escape_display(ctx.lines, i):
        return escapes.read_escape_display(ctx, i)
    raise ctx.error("not Julia SSA IR that jlir knows: expected `CodeInfo(`, an IRCode statement line "
                    "(`1 ─ …`), a `@code_warntype` header, or a CFG listing", i)
