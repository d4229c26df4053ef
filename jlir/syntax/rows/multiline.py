"""A statement whose value Julia printed over several lines: where it ends, and its values kept as text.

Julia 1.5.3 prints each statement on one line, but a value's `show` may write line breaks, and IR printing
passes them on as they are (`show_ir` neither indents nor gutters the lines that follow).  Two values do it in
Julia's own IR, both inside a statement's `Core.Compiler.Const(…)` type after inlining:

* a `Regex` (`base/regex.jl`): `show` prints `r"`, the pattern with each `"` written `\\"` and nothing else
  escaped, line breaks included, then `"` and the flags (`imsxa`): `Base.VERSION_REGEX`, a pattern written
  over several lines under the `x` flag.  The literal ends where it lexes to its end, as Julia's own lexer
  reads it: a backslash takes the next character, the first other `"` closes, the flags follow.  That is
  exact but for a pattern holding a quote escaped for PCRE (`\\"` in the pattern, printed `\\\\"`), which the
  lexing closes one quote early: the rest of the pattern is then no statement text, and the row gets its
  located error (a pattern cannot end in a lone backslash, so a closing quote is never taken for the
  pattern's).  The statement goes on after the flags, on that same line (`$"ix, false)`).
* `ENV` (`Base.EnvDict`, `base/env.jl`): `show` prints `NAME=value` and a line break for each variable, the
  last one included, so `Const(` is followed by the first variable on the row, one `NAME=value` line for each
  other, and the `Const`'s own `, false)` (or `, true)`) starts the line after the last one.

* any other value whose `show` writes line breaks, in a statement's `Const` type: a `Markdown.MD` in Pkg's REPL
  command specs (`Pkg.REPLMode.SPECS`), whose `show` is `plain(io, md)` (stdlib Markdown/src/render/plain.jl),
  the Markdown source over several lines, blank ones included.  Its end is the `Const`'s, which `show_default`
  closes with `, false)` (or `, true)`), and `show_ir` starts the next row on the next line: so the row's
  `Const(` must be the outermost bracket the row leaves open, every line up to the next row is the value's, and
  the last of them must end with that `, false)`.  The value is kept verbatim, as a `Const` whose value does
  not read is kept on one line (jlir.syntax.statement.grammar).

So where such a statement ends is marked, and jlir reads it: the row and its following lines are one
statement (`value_end`), each multi-line value is cut out of its text and kept verbatim (`cut_values`), a
regex as the string literal a one-line regex reads as, `ENV` and the others as an opaque shown value, and the printer
writes them back as they were.  Only these shapes are taken, and only when every line they take is theirs: no
line inside a regex's pattern may look like a row (a paste that lost a closing `"` must not swallow the rows
after it), every line of `ENV` must be `NAME=value` (a variable whose value holds a line break is refused:
where it ends is not marked), and the `ENV` must close with `, false)`/`, true)`.  Anything else still gets a
located error (`jlir.syntax.lenient.multiline` names the reason when a value goes on that jlir cannot end).
"""
from __future__ import annotations

import re

from jlir.ir import types as T
from jlir.ir import values as V
from jlir.syntax.rows.text import may_hold_quoted_code, open_brackets, open_const
from jlir.syntax.statement.constvalues import fill_placeholders as fill_values

__all__ = ["may_go_on", "value_end", "cut_values", "fill_values", "has_values", "is_row", "is_variable_line",
           "opens_value", "value_lines"]

_PLACEHOLDER = "jlir_multiline_value_"
# A row of Julia's IR printer (or a location line's rail): a line-number column, then a block rail or `│`.
_ROW = re.compile(r"^\s*\d*\s*(?:\d+\s+[─┄]|[│└├])")
# `ENV` opened in a `Const`: its first variable fills the rest of the row.  Names as POSIX's portable set
# (and Windows' `ProgramFiles(x86)`); the value is anything.
_NAME = r"[A-Za-z_][A-Za-z0-9_()]*="
_ENV_OPEN = re.compile(r"Const\((?=" + _NAME + ")")
_ENV_LINE = re.compile(_NAME)
_ENV_CLOSE = re.compile(r", (?:false|true)\)")
_FLAGS = re.compile(r"[A-Za-z]*")
_MAY_GO_ON = re.compile(r'(?<![\w"])r"|Const\(' + _NAME)
_CONST_CLOSE = re.compile(r", (?:false|true)\)$")


def is_row(line: str) -> bool:
    return _ROW.match(line) is not None


def is_variable_line(line: str) -> bool:
    """Whether `line` is one of `ENV`'s `NAME=value` lines."""
    return _ENV_LINE.match(line) is not None


def _lex(line: str, p: int) -> tuple[int, bool | None, int]:
    """Lex `line` from `p` (outside strings) to its end or to an `ENV` opened in a `Const`: `(where the `ENV`'s
    text starts or -1, the string left open at the line's end: None, True for a regex literal, False for any
    other, where that regex literal starts)."""
    regex, start = None, -1
    k, n = p, len(line)
    while k < n:
        c = line[k]
        if regex is not None:
            if c == "\\":
                k += 1
            elif c == '"':
                regex = None
        elif c == '"':
            regex = k > 0 and line[k - 1] == "r" and (k == 1 or not (line[k - 2].isalnum() or line[k - 2] == "_"))
            start = k - 1
        elif c == "'" and (k == 0 or not (line[k - 1].isalnum() or line[k - 1] in ")]}_'")):
            close = line.find("'", k + 3 if line.startswith("\\", k + 1) else k + 2)   # a char literal: `'"'`
            k = close if close >= 0 else n
        elif c == "C" and line.startswith("Const(", k) and _ENV_OPEN.match(line, k):
            return k + len("Const("), None, -1
        k += 1
    return -1, regex, start


def _string_end(line: str) -> int:
    """Where the string literal going on from an earlier line ends on `line` (after its closing `"`), or -1."""
    k, n = 0, len(line)
    while k < n:
        c = line[k]
        if c == "\\":
            k += 2
            continue
        if c == '"':
            return k + 1
        k += 1
    return -1


def opens_value(line: str) -> str | None:
    """What value `line` leaves open at its end: `"regex"` (a regex literal: `show` of a `Regex` prints its
    pattern raw), `"env"` (`ENV` in a `Const`), or None."""
    env, state, _ = _lex(line, 0)
    return "env" if env >= 0 else "regex" if state is True else None


def _values(lines, k: int, end: int) -> tuple[int, list[tuple[int, int, int, int, str]]]:
    """The statement that starts on `lines[k]`, when values Julia shows over several lines go on past it:
    `(its last line, [(line, column, last line, end column, kind) of each value])`, the value spanning from
    (line, column) to (last line, end column) exclusive; `(k, [])` when none does or one cannot be ended."""
    spans, j, p = [], k, 0
    while True:
        env, state, start = _lex(lines[j], p)
        if env >= 0:
            q = _env_close(lines, j, end)
            if q < 0:
                return k, []
            spans.append((j, env, q, 0, "env"))
            j, p = q, _ENV_CLOSE.match(lines[q]).end()
            continue
        if state is None:
            if j == k and not spans:  # any other value in the statement's `Const` type, shown over lines
                return _const_value(lines, k, end)
            return j, spans
        if not state:    # a string left open at the line's end: `show` of a `String` escapes line breaks
            return k, []
        q, close = j + 1, -1
        while q < end and not is_row(lines[q]):
            close = _string_end(lines[q])
            if close >= 0:
                break
            q += 1
        if close < 0:
            return k, []
        p = _FLAGS.match(lines[q], close).end()
        spans.append((j, start, q, p, "regex"))
        j = q


def _const_value(lines, k: int, end: int) -> tuple[int, list[tuple[int, int, int, int, str]]]:
    """`_values` of a row whose `Const(` is left open at the line's end (its outermost open bracket): the value goes
    on in every line up to the next row, and the last of them must close the `Const` (`, false)`, `, true)`)."""
    line = lines[k]
    if k + 1 >= end or is_row(lines[k + 1]) or may_hold_quoted_code(line) or "CodeInfo(" in line:
        return k, []  # (quoted code and a nested `CodeInfo` go on by their own brackets: jlir.syntax.rows.stmtlines)
    at = open_const(line)
    if at < 0:
        return k, []
    q = k + 1
    while q + 1 < end and not is_row(lines[q + 1]):
        q += 1
    close = _CONST_CLOSE.search(lines[q])
    if close is None:
        return k, []
    return q, [(k, at, q, close.start(), "const")]


def _env_close(lines, j: int, end: int) -> int:
    """The line that closes the `ENV` opened on `lines[j]` (`, false)`), or -1 if a line between is not a
    variable's."""
    for q in range(j + 1, end):
        line = lines[q]
        if _ENV_CLOSE.match(line):
            return q
        if not is_variable_line(line):
            return -1
    return -1


def value_end(lines, k: int, end: int) -> int:
    """The last line of the statement on row `lines[k]` (lines before `end`): `k` unless a value Julia shows
    over several lines goes on past it and ends as this module's docstring says."""
    return _values(lines, k, end)[0]


def value_lines(lines) -> set[int]:
    """The indices of `lines` that hold a statement whose value goes on over several lines (its row and the
    value's lines): Julia's own print, which no paste repair may touch (`jlir.syntax.lenient.reader`)."""
    out, k, n = set(), 0, len(lines)
    while k < n:
        end = value_end(lines, k, n) if may_go_on(lines[k]) else k
        if end > k:
            out.update(range(k, end + 1))
        k = end + 1
    return out


def may_go_on(line: str) -> bool:
    """A cheap test that `line` may open a value shown over several lines (`value_end` decides)."""
    return _MAY_GO_ON.search(line) is not None or "Const(" in line and open_brackets(line) > 0


def has_values(body: str) -> bool:
    return "\n" in body and (_MAY_GO_ON.search(body) is not None or "Const(" in body)


def cut_values(body: str) -> tuple[str, dict]:
    """`body` (a statement's text over several lines, as `value_end` joined them) with each multi-line value
    replaced by a placeholder name, and the placeholder → value table (a regex as its string literal, `ENV`
    as its shown text)."""
    lines = body.split("\n")
    last, spans = _values(lines, 0, len(lines))
    if not spans or last != len(lines) - 1:
        return body, {}
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    out, values, pos = [], {}, 0
    for a, ca, b, cb, kind in spans:
        start, stop = offsets[a] + ca, offsets[b] + cb
        name = f"{_PLACEHOLDER}{len(values) + 1}"
        text = body[start:stop]
        values[name] = V.Literal(text, "string") if kind == "regex" else T.TypeOpaque(text)
        out += [body[pos:start], name]
        pos = stop
    out.append(body[pos:])
    return "".join(out), values
