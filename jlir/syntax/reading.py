"""`jlir.parse` behind the facade: colour escapes, lenient repairs and collected errors around the reader.

The reader (`jlir.syntax.document.layout`) reads plain, exact text.
This module is the pre-reading layer: it strips a coloured text's escapes
(`jlir.syntax.document.ansi`) and keeps them for the printer, runs the lenient repairs
(`jlir.syntax.lenient.reader`) when asked, and, when strict reading fails on
something lenient reading would repair, replaces the error by one that names
the true cause (`jlir.syntax.lenient.diagnose`).
"""
from __future__ import annotations

import warnings
from dataclasses import replace
from pathlib import Path

from jlir.ir.color import DRAWN, render
from jlir.ir.function import Document, Unreadable
from jlir.syntax.document import ansi
from jlir.syntax.lenient import reader as lenient
from jlir.syntax.lenient import repairing
from jlir.syntax.lenient.diagnose import diagnose
from jlir.syntax.errors import ParseError, decode_source
from jlir.syntax.rows.excerptrows import PLACEHOLDER
from jlir.syntax.document.layout import read_with_spans


def parse(text: str, filename: str = "<input>", *, lenient: bool = False, errors: str = "raise") -> Document:
    """Every dump in `text` as a Document; raises ParseError (with file, line and column) on bad input.

    `lenient=True` first repairs what pasting does to Julia's text (prompt lines, Markdown fences, indentation,
    CRLF, trailing blanks, appended comments, elision lines, ASCII rails, a lost final bracket): each repair is
    issued as a `jlir.syntax.lenient.reader.LenientNote` warning (`file:line: note: …`), errors keep original lines.
    `errors="collect"` keeps reading past an unreadable dump: it becomes an `Unreadable` placeholder holding
    its text and error (`doc.errors` lists them, `doc.readable()` drops them).  A coloured text (ANSI escapes)
    reads as its plain text; the escapes are kept in `doc.colors` and printed back.
    """
    return read_document(text, filename, lenient=lenient, errors=errors)


def parse_file(path: str | Path) -> Document:
    """`parse` of a file's UTF-8 text, with the file name in errors (binary or non-UTF-8 data is a ParseError)."""
    # Bytes, not text mode: newlines stay as written (no `\r\n` translation), and errors are located.
    text = decode_source(Path(path).read_bytes(), str(path))
    return parse(text, str(path))


def read_document(text: str, filename: str = "<input>", *, lenient: bool = False,
                  errors: str = "raise", repaired_out: list | None = None, on_dump=None) -> Document:
    """The Document of `text` (see `jlir.parse`); with `lenient`, `repaired_out` (if given) receives the
    `lenient.Repaired` text that was read (what Julia would have printed).  `on_dump(lines read, all lines)`
    (strict reading only) is called after each dump: a progress hook for big texts.

    A coloured text whose line-info gutter is drawn with cursor moves can be seen two ways: as a terminal shows it
    (the gutter right of the row, overwritten where the row is long) or in byte order, gutter first (as a stream
    without its escapes shows it).  It is read the way `ansi.reading_orders` puts first and, when that view is
    not a print Julia makes, the other way: a print reads back exactly in the view it was printed for."""
    _refuse_placeholders(text, filename)
    if "\x1b" not in text:
        return _read_plain(text, None, filename, lenient, errors, repaired_out, on_dump)
    tries = []  # (Document or ParseError, its repairs, its warnings) per way of seeing the text
    for byte_order in ansi.reading_orders(text):
        plain, marks = ansi.split(text, byte_order)
        repaired: list = []
        with warnings.catch_warnings(record=True) as said:  # (lenient notes: only the reading kept says them)
            warnings.simplefilter("always")
            try:
                tries.append((_read_plain(plain, marks, filename, lenient, errors, repaired, on_dump), repaired, said))
            except ParseError as e:
                tries.append((e, repaired, said))
        if isinstance(tries[-1][0], Document) and not tries[-1][0].errors:
            break
    read, repaired, said = next((t for t in tries if isinstance(t[0], Document) and not t[0].errors), None) \
        or next((t for t in tries if isinstance(t[0], Document)), tries[0])
    for w in said:
        warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
    if isinstance(read, ParseError):
        raise read
    if repaired_out is not None:
        repaired_out.extend(repaired)
    return read


def _read_plain(text: str, marks, filename: str, lenient: bool, errors: str, repaired_out, on_dump) -> Document:
    """The Document of a plain `text` (its escape codes, if it had any, in `marks`)."""
    if lenient:
        doc, repaired, spans = _lenient_read(text, filename, errors)
        if repaired_out is not None:
            repaired_out.append(repaired)
    else:
        (doc, spans), repaired = _strict_read(text, filename, errors, on_dump), None
        doc = _check_dev_dumps(doc, spans, text, filename, errors)  # (lenient reading notes such lines instead)
    if marks:
        if repaired is not None:
            marks = _moved_marks(marks, repaired)
        plain = (repaired.text if repaired is not None else text).split("\n")
        doc = replace(doc, colors=ansi.per_item(marks, spans, plain))
        _check_colored_lines(doc.items, doc.colors, spans, filename)
    return doc


def _refuse_placeholders(text: str, filename: str) -> None:
    """The excerpt reader's placeholder statement (`jlir.syntax.lenient.excerpt`) is jlir's, never Julia's: a text that
    holds one would be taken for an elided row (its gutter unknown, its view's print-back check skipped)."""
    at = text.find(PLACEHOLDER)
    if at < 0:
        return
    line = text.count("\n", 0, at)
    start = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at)
    raise ParseError("`$(Expr(:jlir_elided, …))` is jlir's own placeholder for a statement an excerpt does not show: "
                     "Julia never prints it", file=filename, line=line + 1, column=at - start + 1,
                     text=text[start:end if end >= 0 else len(text)])


def _check_colored_lines(items: tuple, colors: tuple, spans: list, filename: str) -> None:
    """Colours are put back only on a line that prints as it was read (an edited line prints plain): a coloured
    line jlir prints otherwise would lose them, and the print would read back as another model, so it is
    refused where it stands.  Lines Julia printed print back byte for byte, so no real dump is refused."""
    from jlir.printer.forms import format_item
    for item, painted, (first, _end) in zip(items, colors, spans):
        drawn = [(k, render(codes)) for k, column, codes in painted.marks if column == DRAWN] if painted else []
        if painted is None or not (painted.lines or drawn) or type(item) is Unreadable:
            continue
        printed = format_item(item).split("\n")
        # a line drawn with cursor moves (a gutter written at its column, the line over it from column 1) is put
        # back only where the printed line renders as it did (`Colors.paint`)
        for k, text in tuple(painted.lines) + tuple(drawn):
            if k >= len(printed) or printed[k] != text:
                shown = printed[k] if k < len(printed) else "(no line)"
                raise ParseError(f"this coloured line would print back as {shown!r}: its colours could not be "
                                 "put back", file=filename, line=first + k + 1, column=1, text=text)


def _check_dev_dumps(document: Document, spans: list, text: str, filename: str, errors: str) -> Document:
    """A dump read as 0.7-DEV's (one `goto 3`, `%%2` or `1 => v` proves that printer: no later one prints them)
    must be 0.7-DEV's throughout: one mixing in a later printer's text (`goto #3`, `_2`, an infix call, a typed
    unused value) would print back otherwise and read back as another model.  0.7-DEV dumps are rare, so each is
    printed and compared with its lines; the first line that differs is refused where it stands (collected as
    an unreadable dump with `errors="collect"`)."""
    if not any(_shows_dev(x) for x in document.items):
        return document
    from jlir.printer.forms import format_item
    lines = text.split("\n")
    items = list(document.items)
    for n, (item, (first, end)) in enumerate(zip(items, spans)):
        if not _shows_dev(item):
            continue
        printed = format_item(item).split("\n")
        k = next((k for k in range(max(len(printed), end - first)) if k >= len(printed) or first + k >= end
                  or printed[k] != lines[first + k]), None)
        if k is None:
            continue
        error = ParseError("this dump shows 0.7-DEV's printing (`goto 3`, `%%2`, `1 => v`), which prints this line "
                           f"as {printed[k] if k < len(printed) else '(no line)'!r}: a line was edited, or mixes "
                           "another printer's text", file=filename, line=first + k + 1, column=1,
                           text=lines[first + k] if first + k < len(lines) else "")
        if errors != "collect":
            raise error
        items[n] = Unreadable("\n".join(lines[first:end]), error)
    return replace(document, items=tuple(items))


def _shows_dev(item) -> bool:
    """Whether `item` (or a function of a vector display) was read as 0.7-DEV's print."""
    return any(getattr(x, "style", None) is not None and x.style.dev_0_7 for x in (item, *getattr(item, "items", ())))


def _strict_read(text: str, filename: str, errors: str, on_dump=None) -> tuple[Document, list]:
    try:
        doc, spans = read_with_spans(text, filename, errors, on_dump)
    except ParseError as e:
        raise diagnose(text, e) from None
    if errors == "collect" and any(type(x) is Unreadable for x in doc.items):
        lines = text.count("\n") + 1
        items = tuple(replace(x, error=_diagnose_dump(x, first, end < lines)) if type(x) is Unreadable else x
                      for x, (first, end) in zip(doc.items, spans))
        doc = replace(doc, items=items)
    return doc, spans


def _diagnose_dump(x: Unreadable, first: int, more: bool) -> ParseError:
    """The placeholder's error, diagnosed on its own text (its first line is line `first`, 0-based).  `more`: lines
    follow it in the file, so its last line ended in a newline there (a dump cut short and followed by the next
    is not a paste cut inside a row)."""
    e = x.error
    shifted = ParseError(e.message, file=e.file, line=e.line - first, column=e.column, text=e.text,
                         expected=e.expected)
    found = diagnose(x.text + "\n" if more and not x.text.endswith("\n") else x.text, shifted)
    if found is shifted:
        return e
    moved = ParseError(found.message, file=e.file, line=found.line + first, column=found.column, text=found.text,
                       expected=found.expected)
    moved.advice = found.advice
    return moved


def _lenient_read(text: str, filename: str, errors: str):
    doc, repaired, spans = repairing.read(text, filename, errors)
    for repair in repaired.repairs:
        warnings.warn(lenient.LenientNote(filename, repair), stacklevel=4)
    return doc, repaired, spans


def _moved_marks(marks: list, repaired: lenient.Repaired) -> list:
    """Escape marks of the original lines moved onto the repaired lines (marks on dropped lines are lost)."""
    where = {origin: (k, cut) for k, (origin, cut) in enumerate(zip(repaired.origin, repaired.cut))}
    out = []
    for line, column, codes in marks:
        if line in where:
            k, cut = where[line]
            out.append((k, column if column == DRAWN else max(0, column - cut), codes))  # a drawn line stays whole
    return out
