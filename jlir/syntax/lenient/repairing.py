"""The lenient read: try the repaired variants of a text in turn, realign rows a person shifted, keep the first
that reads (`jlir.syntax.lenient.reader` makes the variants; this module runs the reader on them)."""
from __future__ import annotations

import re
from dataclasses import replace

from jlir.syntax.errors import ParseError
from jlir.syntax.lenient import excerpt, paste
from jlir.syntax.lenient.reader import Repair, Repaired, variants

_RAIL_START = re.compile(r"\d+ [─┄]|│|└")
_MAX_REALIGN = 8  # rows realigned per variant before giving up


def read(text: str, filename: str, errors: str = "raise"):
    """(Document, Repaired, spans) of the first variant that reads (with `errors="collect"`: the one with the
    fewest unreadable dumps); raises the ParseError that got furthest, at its original line."""
    original = text.split("\n")
    exact = _read_exact(text, filename)
    if exact is not None:  # Julia's print as it is: no repair can make it more so
        return exact
    best, best_error = None, None
    for repaired in variants(text):
        try:
            doc, repaired, spans = _read_realigned(repaired, filename, errors)
        except ParseError as e:
            if best_error is None or e.line > best_error[0].line:
                best_error = (e, repaired)
            continue
        bad = sum(1 for x in doc.items if type(x).__name__ == "Unreadable")
        if best is None or bad < best[0]:
            best = (bad, doc, repaired, spans)
        if not bad:
            break
    if best is None or best[0]:
        cut = _read_cut(text, filename, errors)
        best = cut if cut is not None and (best is None or cut[0] < best[0]) else best
    if best is None:
        e, repaired = best_error
        raise repaired.relocate(e, original) from None
    bad, doc, repaired, spans = best
    repaired = _note_normalised(doc, repaired)
    if bad:
        items = tuple(replace(x, error=repaired.relocate(x.error, original)) if type(x).__name__ == "Unreadable"
                      else x for x in doc.items)
        doc = replace(doc, items=items)
    return doc, repaired, spans


def _read_cut(text: str, filename: str, errors: str):
    """(unreadable dumps, Document, Repaired, spans) of a text cut inside its last row (no newline after it;
    Julia ends every row with one), or None: the row kept as written as a truncated statement
    (`paste.cut_in_last_row`), else with an elision (`⋮`) in that line's place (a row cut inside its rail or
    its `%N =` column holds no statement): the rows from there on are not shown, so the function is never taken
    for a whole one, and a value the cut rows read stays used.  Tried only when no variant reads: a row cut at a
    token's edge may read as a whole one."""
    if not paste.ends_inside_a_row(text):
        return None
    first = next(variants(text))
    cut = paste.cut_in_last_row(text, first)  # None: cut inside the rail, no statement to keep
    kept = [] if cut is None else \
        [Repaired(cut[0], cut[1], cut[2], tuple(sorted(first.repairs + (cut[3],), key=lambda r: r.line)))]
    dropped = Repair(text.count("\n") + 1, "the text ends inside this row (Julia ends every row with a newline): "
                     "the paste was cut here; read up to the row before it, the rest elided", "cut")
    before = text[:text.rfind("\n") + 1]
    elided = before + "⋮" + ("\n)" if before.count("CodeInfo(\n") > before.count("\n)") else "")
    for repaired in kept + [replace(v, repairs=tuple(sorted(v.repairs + (dropped,), key=lambda r: r.line)))
                            for v in variants(elided)]:
        try:
            doc, repaired, spans = _read_realigned(repaired, filename, errors)
        except ParseError:
            continue
        return sum(1 for x in doc.items if type(x).__name__ == "Unreadable"), doc, repaired, spans
    return None


def _read_exact(text: str, filename: str):
    """(Document, Repaired, spans) of a text the strict reader reads as it is, else None: the repairs must not
    change a text that is Julia's print (a tool's view may hold what they take for pasting damage:
    LoweredCodeUtils' `# preds: …` lines under its rows)."""
    from jlir.printer.forms import format_document
    from jlir.syntax.document.layout import read_with_spans
    try:
        doc, spans = read_with_spans(text, filename, "raise")
    except ParseError:
        return None
    if format_document(doc) != text:  # read, but normalised: the variants say where
        return None
    n = text.count("\n") + 1
    return doc, Repaired(text, tuple(range(n)), (0,) * n, ()), spans


def _note_normalised(document, repaired: Repaired) -> Repaired:
    """`repaired` with a note where the model prints differently from the repaired text (what the reader itself
    normalised: a lost line-number column, a type re-spaced): the first such line, and how many there are."""
    from jlir.printer.forms import format_document
    printed = format_document(document, "verbatim").split("\n")
    lines = repaired.text.split("\n")
    differ = [k for k in range(max(len(printed), len(lines)))
              if (printed[k] if k < len(printed) else None) != (lines[k] if k < len(lines) else None)]
    if not differ:
        return repaired
    k = differ[0]
    origin = repaired.origin[min(k, len(repaired.origin) - 1)] if repaired.origin else 0
    shown = printed[k] if k < len(printed) else "(no line)"
    shown = shown if len(shown) <= 60 else shown[:57] + "..."
    more = f" (and {len(differ) - 1} more line(s))" if len(differ) > 1 else ""
    note = Repair(origin + 1, f"not exactly Julia's print: jlir prints Julia's `{shown}`{more}", "normalised")
    return Repaired(repaired.text, repaired.origin, repaired.cut,
                    tuple(sorted(repaired.repairs + (note,), key=lambda r: r.line)))


def _read_realigned(repaired: Repaired, filename: str, errors: str):
    """Read `repaired`; a row whose block rail stands off its neighbours' column (a row edited after Julia drew
    it: blanks lost or added at its start) is moved back into line and the text read again."""
    for _ in range(_MAX_REALIGN + 1):
        try:
            doc, spans, noted = _read_excerpts(repaired, filename, "raise")
            return doc, noted, spans
        except ParseError as e:
            moved = _realigned(repaired, e) if e.message.startswith("expected a block rail") else _trimmed(repaired, e)
            if moved is None:
                if errors == "collect":
                    doc, spans, noted = _read_excerpts(repaired, filename, errors)
                    return doc, noted, spans
                raise
            repaired = moved
    raise ParseError("too many rows out of line", file=filename)


def _read_excerpts(repaired: Repaired, filename: str, errors: str):
    """(Document, spans, `repaired` with the excerpt notes) of `repaired`, its elisions read as placeholders
    (`jlir.syntax.lenient.excerpt`); a ParseError is located in `repaired`'s lines."""
    from jlir.syntax.document.layout import read_with_spans
    ex = excerpt.expand(repaired.text, repaired.origin, {r.line for r in repaired.repairs if r.kind == "cut"})
    if ex is None:
        doc, spans = read_with_spans(repaired.text, filename, errors)
        return doc, spans, repaired
    try:
        doc, spans = read_with_spans(ex.text, filename, errors)
    except ParseError as e:
        k = min(max(e.line - 1, 0), len(ex.back) - 1)
        line = ex.back[k] if ex.back else 0
        text = repaired.text.split("\n")[line] if ex.back else e.text
        raise ParseError(e.message, file=e.file, line=line + 1, column=e.column, text=text,
                         expected=e.expected) from None
    doc, spans = excerpt.restore(doc, spans, ex)
    noted = Repaired(repaired.text, repaired.origin, repaired.cut,
                     tuple(sorted(repaired.repairs + ex.notes, key=lambda r: r.line)))
    return doc, spans, noted


def _trimmed(repaired: Repaired, e: ParseError) -> Repaired | None:
    """`repaired` without the trailing blanks of row `e.line` when it has some (one stray blank typed after a
    row, where the other rows' blanks are Julia's), or None."""
    lines = repaired.text.split("\n")
    k = e.line - 1
    if not 0 <= k < len(lines) or not lines[k].strip() or lines[k] == lines[k].rstrip(" \t"):
        return None
    lines[k] = lines[k].rstrip(" \t")
    note = Repair(repaired.origin[k] + 1, "stripped trailing blanks", "trailing")
    return Repaired("\n".join(lines), repaired.origin, repaired.cut,
                    tuple(sorted(repaired.repairs + (note,), key=lambda r: r.line)))


def _realigned(repaired: Repaired, e: ParseError) -> Repaired | None:
    """`repaired` with row `e.line` shifted so its rail starts where the row above's does, or None."""
    lines = repaired.text.split("\n")
    k = e.line - 1
    if not 0 < k < len(lines):
        return None
    here, above = _RAIL_START.search(lines[k]), _RAIL_START.search(lines[k - 1])
    if here is None or above is None or here.start() == above.start():
        return None
    delta = above.start() - here.start()
    row = lines[k]
    if delta < 0 and row[:-delta].strip():
        return None  # only blanks can be taken away
    lines[k] = " " * delta + row if delta > 0 else row[-delta:]
    cut = list(repaired.cut)
    cut[k] -= delta
    what = f"added {delta} blank(s) lost" if delta > 0 else f"removed {-delta} blank(s) added"
    note = Repair(repaired.origin[k] + 1, f"{what} at the start of a row out of line with its neighbours", "realign")
    return Repaired("\n".join(lines), repaired.origin, tuple(cut),
                    tuple(sorted(repaired.repairs + (note,), key=lambda r: r.line)))
