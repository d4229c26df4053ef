"""Lenient repairs for what pasting does to a dump's frame and its brackets (jlir.syntax.lenient.reader runs them).

* the return type wrapped onto its own line after `) =>` (a narrow blog column);
* a statement line that lost a closing bracket (`Base.f(a, b::Int64`): closed before its `::T`;
* a `CodeInfo(` whose closing `)` line was lost: restored after the last row.
* a location line's method that lost its quotes (`within callf`): quoted again, in the text's version's style.

Each works on the reader's rows (`origin`, `text`, `cut`) and says what it did as a `Repair`.
"""
from __future__ import annotations

import re

from jlir.syntax.lenient.notes import Repair

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"|(?<![\w)\]}\'])\'(?:[^\'\\]|\\[^\']*)\'')  # strings, chars
_PAIRS = {"(": ")", "[": "]", "{": "}"}
_STMT_ROW = re.compile(r"^\s*(?:\d+\s+)?(?:\d+ [─┄]+|│|└─+)\s")
_DUMP_OPEN = re.compile(r"^\s*CodeInfo\($")


def _open_closers(text: str) -> str | None:
    """The closers a line's unclosed brackets need, innermost first; None when its brackets cross."""
    stack = []
    for c in _STRING.sub("", text):
        if c in _PAIRS:
            stack.append(_PAIRS[c])
        elif c in ")]}":
            if not stack or stack[-1] != c:
                return None
            stack.pop()
    return "".join(reversed(stack))


def wrapped_return_type(rows: list, repairs: list[Repair]) -> list:
    """`) =>` alone on its line, the type on the next: one line again, as Julia prints it."""
    out, k = [], 0
    while k < len(rows):
        row = rows[k]
        if row.text.rstrip() == ") =>" and k + 1 < len(rows) and rows[k + 1].text.strip():
            repairs.append(Repair(row.origin + 1, "joined the return type wrapped onto its own line after `) =>`",
                                  "wraptype"))
            out.append(type(row)(row.origin, ") => " + rows[k + 1].text.strip(), row.cut))
            k += 2
            continue
        out.append(row)
        k += 1
    return out


def _close_before_type(text: str, closers: str) -> str | None:
    """`text` with `closers` put back before its final `::T` (the statement's type); None without one (a line
    cut short, `φ (#11 => %`, is no lost bracket: the excerpt reader says what it is)."""
    depth, at = 0, None
    masked = _STRING.sub(lambda m: "\0" * len(m.group()), text)
    for i, c in enumerate(masked):
        if c in _PAIRS:
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif masked.startswith("::", i) and depth == len(closers) and (i == 0 or masked[i - 1] != ":"):
            at = i
    if at is None or _open_closers(text[at:]) != "":
        return None
    return text[:at] + closers + text[at:]


def lost_closers(rows: list, repairs: list[Repair]) -> list:
    """A statement row that leaves brackets open (its own line, not a hard-wrapped one: the join ran first) lost
    its closers: put back before its `::T` (a typed row only: an untyped one does not say where they stood).  A row opening a nested `CodeInfo(` is Julia's own."""
    out = []
    for row in rows:
        text = row.text
        if _STMT_ROW.match(text) and not text.rstrip().endswith(("CodeInfo(", "CodeInfo(quote")):
            closers = _open_closers(text)
            fixed = _close_before_type(text, closers) if closers and set(closers) == {")"} else None
            if fixed is not None:
                repairs.append(Repair(row.origin + 1, f"closed the bracket the statement line leaves open "
                                                      f"(`{closers}`)", "closer"))
                row = type(row)(row.origin, fixed, row.cut)
        out.append(row)
    return out


def lost_closing_line(rows: list, repairs: list[Repair]) -> list:
    """A `CodeInfo(` whose last row is followed by a blank line or the end, not by its `)`: the `)` put back."""
    out, open_at = [], None
    for k, row in enumerate(rows):
        out.append(row)
        if _DUMP_OPEN.match(row.text):
            open_at = k
        elif row.text.startswith(")"):
            open_at = None
        elif open_at is not None and _STMT_ROW.match(row.text) and _open_closers(row.text) == "":
            if k + 1 == len(rows):  # the text ends inside this row, no newline after it: cut (`cut_in_last_row`)
                continue
            if not rows[k + 1].text.strip():
                # located where the `)` belongs: the line after the last row, where strict reading stops too
                repairs.append(Repair(row.origin + 2, "restored the closing `)` of `CodeInfo(` after the last row "
                                                      "(the paste lost it)", "closing"))
                out.append(type(row)(row.origin, ")", row.cut))
                open_at = None
    return out


# A location line (`    @ REPL[3]:1 within callf`) whose method lost its quotes: Julia writes them always
# (`DILineInfoPrinter`, base/compiler/ssair/show.jl: "within `f'" to 1.5, "within `f`" from 1.6).
_UNQUOTED_LOCATION = re.compile(r"^([ │┌└]*@ \S+ within )([^\s`'][^\s`']*)$")
_QUOTED_LOCATION = re.compile(r" within `[^`']*([`'])$")
_OLD_CURLY = re.compile(r"\{[\w.]+,[^\s}]")  # `Array{Float64,1}`: ≤1.5 writes type parameters unspaced


def unquoted_location_methods(rows: list, repairs: list[Repair]) -> list:
    """Quotes put back around a location line's method, in the text's own style: that of its other location
    lines, else ≤1.5's (`f'`) where type parameters are unspaced (`Array{Float64,1}`), else 1.6's (`f``)."""
    bare = [k for k, row in enumerate(rows) if _UNQUOTED_LOCATION.match(row.text)]
    if not bare:
        return rows
    quoted = next((m.group(1) for row in rows if (m := _QUOTED_LOCATION.search(row.text))), None)
    close = quoted or ("'" if any(_OLD_CURLY.search(row.text) for row in rows) else "`")
    for k in bare:
        m = _UNQUOTED_LOCATION.match(rows[k].text)
        rows[k].text = f"{m.group(1)}`{m.group(2)}{close}"
        repairs.append(Repair(rows[k].origin + 1, f"quoted the method of a location line (`within `{m.group(2)}{close}`): "
                              "Julia always quotes it", "quotes"))
    return rows


_ROW_START = re.compile(r"^[ \d│└─┄]*$")  # a row cut inside its line-number column or its rail: `12`, `└─`


def ends_inside_a_row(text: str) -> bool:
    """Whether `text` ends without a newline on a row, or on the start of one (`12`, `│`, `└───`): cut there."""
    last = text[text.rfind("\n") + 1:]
    return bool(last) and not text.endswith("\n") and bool(_STMT_ROW.match(last) or _ROW_START.match(last))


def cut_in_last_row(text: str, repaired) -> tuple | None:
    """(text, origin, cut, the note) of `repaired` (the text's least-changed variant) read as cut inside its last
    row, or None: a text that ends without a newline on a row was cut there, since Julia ends every row with one
    (a CodeInfo's with its `)` line, an IRCode's and a warntype's with `\\n`).  The row is kept as written and
    read as a truncated statement (`jlir.syntax.lenient.excerpt`), the rows before it as an excerpt; an open
    `CodeInfo(` gets its `)` back."""
    if text.endswith("\n") or not _STMT_ROW.match(text[text.rfind("\n") + 1:]):
        return None
    lines, origin, cut = repaired.text.split("\n"), repaired.origin, repaired.cut
    last = text.count("\n")
    if not origin or origin[-1] != last:
        return None
    note = Repair(last + 1, "the text ends inside this row (Julia ends every row with a newline): the paste was "
                  "cut here; the row is kept as written, the rows before it read as an excerpt", "cut")
    opened = sum(1 for l in lines if _DUMP_OPEN.match(l)) - sum(1 for l in lines if l.startswith(")"))
    if opened > 0:
        return repaired.text + "\n)", origin + (last,), cut + (0,), note
    return repaired.text, origin, cut, note
