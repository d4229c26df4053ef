"""Reading a text: find each dump, recognise its display form, and hand it to that form's reader.

Each form has its own module (jlir.syntax.forms.codeinfo, ircode, warntype,
cfglisting, stmtvector, costs, escapes, cthulhu), listed once in
jlir.syntax.forms.registry.FORMS, which says how each starts; they read their header and footer
and give the statement lines to jlir.syntax.rows.body.  This module only scans the
document: what separates the dumps is kept, so the printer gives it back.
"""
from __future__ import annotations

import re

from jlir.util.gcpause import gc_paused
from jlir.ir.function import Document, Unreadable
from jlir.syntax.document import foreign
from jlir.syntax.errors import ParseError
from jlir.syntax.forms import escapes
from jlir.syntax.forms.codeinfo import read_codeinfo
from jlir.syntax.forms.registry import read_item, starts_dump
from jlir.syntax.rows.context import Context, Lines, Source
from jlir.syntax.rows.statements import StatementReader

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
        self.ctx = Context(Source(filename, Lines(text)), StatementReader(), read_codeinfo=read_codeinfo)

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
    belongs to the separator (`Document.labels` reads it).  So does a `==> FILE, function N <==` header."""
    line = lines[i]
    if line.startswith("==> ") and line.endswith(" <==") and len(line) > 8:
        return True  # the header jlir's own verbs (and `head`/`tail`) write above each of several answers
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
    if i < error.line - 1 < len(lines) and lines[error.line - 1] == "CodeInfo(":
        k = error.line - 1  # the failing line is the next dump's start: this dump was cut short
    while k < len(lines) and not (lines[k] and (not lines[k - 1].strip() or is_label(lines, k - 1))
                                  and not is_label(lines, k) and starts_dump(lines, k)) \
            and lines[k] != "CodeInfo(":  # only ever a dump's first line: a dump cut short may lose its blank line
        k += 1
    end = k
    while end > i + 1 and (not lines[end - 1].strip() or is_label(lines, end - 1)):
        end -= 1  # the blank lines and the label above the next dump belong to its separator
    return Unreadable("\n".join(lines[i:end]), error), end
