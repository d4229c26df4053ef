"""Reading a text: find each dump, recognise its display form, and hand it to that form's reader.

Each form has its own module (jlir.syntax.forms.codeinfo, ircode, warntype,
cfglisting, stmtvector, costs, escapes); they read their header and footer
and give the statement lines to jlir.syntax.rows.body.  This module only scans the
document: what separates the dumps is kept, so the printer gives it back.
"""
from __future__ import annotations

import re

from jlir.geometry.gcpause import gc_paused
from jlir.ir.function import Document, Unreadable
from jlir.syntax.forms import costs
from jlir.syntax.forms import cthulhu
from jlir.syntax.forms import escapes
from jlir.syntax.document import foreign
from jlir.syntax.forms.cfglisting import CFG_HEADER, CFG_OLD, read_cfg
from jlir.syntax.forms.codeinfo import CODEINFO_OPEN, THUNK_OPEN, read_codeinfo, read_vector
from jlir.syntax.rows.context import Context, Lines, Source
from jlir.syntax.errors import ParseError
from jlir.syntax.forms.ircode import read_ircode
from jlir.syntax.rows.stmtlines import FIRST_RAIL
from jlir.syntax.forms.warntype import WARNTYPE_STARTS, read_warntype

DEV_IRCODE_TITLE = "Code"
_VECTOR_HEADER = re.compile(r"[0-9]{1,18}-element .+:$")
_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


class DocumentReader:
    """Reads every dump in a text into a `Document`; raises ParseError with a location on bad input."""

    def __init__(self, text: str, filename: str = "<input>", errors: str = "raise", on_dump=None):
        if errors not in ("raise", "collect"):
            raise ValueError(f"errors must be 'raise' or 'collect', not {errors!r}")
        self.collect = errors == "collect"
        self.spans: list[tuple[int, int]] = []  # each dump's (first line, line after it), 0-based, once read
        self.on_dump = on_dump  # called with (lines read, all lines) after each dump: progress for big texts
        if "\x1b" in text:
            text = _ANSI.sub("", text)  # colored REPL output: the escapes carry no IR
        self.text = text
        self.ctx = Context(Source(filename, Lines(text)), read_codeinfo=read_codeinfo)

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
            start = i
            item, i = read_item(ctx, i) if not self.collect else read_or_collect(ctx, i)
            items.append(item)
            self.spans.append((start, i))
            if self.on_dump is not None:
                self.on_dump(i, n)
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


def read_with_spans(text: str, filename: str = "<input>", errors: str = "raise", on_dump=None):
    """(Document, each dump's (first line, line after it)) of `text`: what the pre-reading layers
    (jlir.syntax.reading, colours and lenient repairs) need to map dumps back to lines."""
    reader = DocumentReader(text, filename, errors, on_dump)
    return reader.read(), reader.spans


def read_or_collect(ctx: Context, i: int):
    """`read_item`, or an `Unreadable` placeholder up to the next line that starts a dump after a blank line.

    Any exception counts (a reader bug in one dump must not lose the others): one that is not a ParseError
    becomes one, located at the dump's first line and named as a jlir bug.
    """
    try:
        return read_item(ctx, i)
    except ParseError as e:
        error = e
    except Exception as e:  # noqa: BLE001 - collected, reported with its location
        error = ctx.error(f"internal error while reading this dump: {type(e).__name__}: {e} (this is a jlir bug)", i)
    lines = ctx.lines
    k = max(i + 1, min(error.line, len(lines)))  # past the line that failed (1-based `line` is the index after it)
    while k < len(lines) and not (lines[k] and (not lines[k - 1].strip() or is_label(lines, k - 1))
                                  and not is_label(lines, k) and starts_dump(lines, k)):
        k += 1
    end = k
    while end > i + 1 and (not lines[end - 1].strip() or is_label(lines, end - 1)):
        end -= 1  # the blank lines and the label above the next dump belong to its separator
    return Unreadable("\n".join(lines[i:end]), error), end


def starts_dump(lines: list[str], i: int) -> bool:
    """Whether line `i` is the first line of a dump form `read_item` knows (resynchronising after a bad dump)."""
    line = lines[i]
    return bool(_VECTOR_HEADER.match(line) or line.startswith((" CodeInfo(", "MethodInstance for ", "Variables"))
                or CODEINFO_OPEN.match(line) or line == THUNK_OPEN or CFG_HEADER.match(line)
                or FIRST_RAIL.match(line) or line == DEV_IRCODE_TITLE or (line.startswith("Arguments") and line.rstrip() == "Arguments")
                or costs.starts_cost_display(lines, i) or escapes.starts_escape_display(lines, i)
                or cthulhu.starts_cthulhu_view(lines, i))


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
    if line == DEV_IRCODE_TITLE and i + 1 < len(ctx.lines) and FIRST_RAIL.match(ctx.lines[i + 1]):
        return read_ircode(ctx, i + 1, title=line)  # 0.7-DEV's `show(::IRCode)`: `println(io, "Code")` first
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
