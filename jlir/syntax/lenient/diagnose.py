"""Strict errors that name their true cause: when lenient reading would repair the text, say what and how.

Strict reading stays the default; but a CRLF text should not be reported as
"unbalanced brackets", nor an indented paste as a blank line past the end.
`diagnose` runs the lenient repairs (`jlir.syntax.lenient.reader`) on a failed text:
if they make it read, the error is replaced by one located at the repair, with
the cause as its message and a `hint: … --lenient reads it`.
"""
from __future__ import annotations

from jlir.syntax.errors import ParseError
from jlir.syntax.lenient.multiline import multiline_value
from jlir.syntax.lenient.reader import Repair, _strip_comment
from jlir.syntax.lenient.repairing import read


# Why strict reading failed, per repair kind: (the message, the hint).
REASONS = {
    "bom": ("a UTF-8 byte order mark (U+FEFF) before the text: Julia prints none", "--lenient reads it"),
    "quotes": ("a location line's method without its quotes: Julia always quotes it (`within `f'`, 1.6+ `within `f``)",
               "--lenient puts the quotes back"),
    "crlf": ("the text has CRLF (Windows) line ends: Julia prints `\\n`", "the text has CRLF line ends; --lenient reads it"),
    "prompt": ("a REPL prompt line: Julia's output does not hold the input that printed it",
               "the text is a REPL transcript; --lenient reads it"),
    "output": ("REPL output that is not Julia IR", "the text is a REPL transcript; --lenient reads it"),
    "fence": ("a Markdown code fence: not part of Julia's output", "the text is a Markdown block; --lenient reads it"),
    "prefix": ("every line is inside a `#` comment", "--lenient removes the comment prefix"),
    "comment": ("a `# …` comment added to the line: Julia prints none there", "--lenient strips added comments"),
    "elision": ("an elision line (`...`): statements were cut out here", "--lenient reads the rest"),
    "ascii": ("ASCII box characters where Julia prints `│`, `─`, `└`", "--lenient reads ASCII rails"),
    "arrow": ("`⇒` where Julia prints `=>`", "--lenient reads it"),
    "blankline": ("a lost line: Julia prints a blank line between `Variables` and `Body::`", "--lenient restores it"),
    "closers": ("the last line leaves brackets open: the paste lost its end", "--lenient closes them"),
    "dedent": ("every line is indented: Julia starts its dumps at column 1", "the paste is indented; --lenient reads it"),
    "wrap": ("a statement line broken over several lines: Julia never breaks one", "--lenient joins it"),
    "closer": ("a closing `)` is missing in this statement line: the paste lost it",
               "--lenient puts it back before the statement's type"),
    "wraptype": ("the return type was wrapped onto its own line after `) =>`", "--lenient joins it"),
    "closing": ("the dump's closing `)` line is missing: the paste lost it", "--lenient restores it"),
    "blocknumber": ("the first row lost its block number (`1 ─`)", "--lenient restores it"),
    "realign": ("a row out of line with its neighbours: blanks were lost or added at its start",
                "--lenient realigns it"),
    "elided": ("lines were elided here: the text is an excerpt", "--lenient reads it as an excerpt"),
    "excerpt": ("the text starts after statement %1: it is an excerpt (a cut paste, or a Cthulhu `hide_type_stable` "
                "view, which prints only the statements whose type is not concrete)", "--lenient reads it as an excerpt"),
    "cut": ("the text ends inside this row: Julia ends every row with a newline, so the paste was cut here",
            "--lenient reads the rows before it as an excerpt, this one kept as written"),
    "truncated": ("the last row is cut short: the text is an excerpt", "--lenient reads it as an excerpt"),
    "title": ("a name assigned above 0.7-DEV's `Code` title: Julia printed `Code` alone", "--lenient reads it"),
    "normalised": ("the text is not exactly Julia's print", "--lenient reads it and prints Julia's"),
    "trailing": ("trailing blanks at the end of the line: Julia prints none there",
                 "the text has trailing blanks; --lenient reads it"),
}
_DIAGNOSE_LIMIT = 200_000  # characters: above it only the error's own line is examined (a lenient read costs parses)


def diagnose(text: str, e: ParseError) -> ParseError:
    """`e` from strict reading, or, when lenient reading would repair the text, an error naming the true cause
    (located at the repair nearest before the error) with a `--lenient` hint."""
    told = multiline_value(text, e)   # a print Julia made, which no paste repair explains
    if told is not None:
        return told
    if len(text) > _DIAGNOSE_LIMIT:
        return diagnose_line(text, e)
    try:
        _, repaired, _ = read(text, e.file)
    except ParseError:
        return diagnose_line(text, e)
    except Exception:  # noqa: BLE001 - a diagnosis must never hide the real error
        return e
    if not repaired.repairs:
        return e
    told = [r for r in repaired.repairs if r.kind != "normalised"] or list(repaired.repairs)  # a cause, if any
    before = [r for r in told if r.line <= e.line]
    repair = (before or told)[-1 if before else 0]
    crlf = next((r for r in repaired.repairs if r.kind == "crlf"), None)
    cut = next((r for r in repaired.repairs if r.kind == "cut"), None)  # (any other repair is the cut's doing)
    repair = crlf or cut or repair
    return _reasoned(text, e, repair)


def _reasoned(text: str, e: ParseError, repair: Repair) -> ParseError:
    message, hint = REASONS.get(repair.kind, (repair.note, "--lenient reads it"))
    lines = text.split("\n")
    line = lines[repair.line - 1] if 0 < repair.line <= len(lines) else ""
    column = 1
    if repair.kind in ("trailing", "crlf"):
        column = len(line.rstrip(" \t\r")) + 1
    elif repair.kind == "cut":
        column = len(line) + 1
    elif repair.kind == "dedent":
        column = len(line) - len(line.lstrip(" ")) + 1
    elif repair.kind == "comment" and "#" in line:
        column = (_strip_comment(line) or line).__len__() + 1
    out = ParseError(message, file=e.file, line=repair.line, column=column, text=line.rstrip("\r"),
                     expected=e.expected if e.line == repair.line else ())  # what the reader wanted there
    out.advice = hint
    return out


def diagnose_line(text: str, e: ParseError) -> ParseError:
    """The cheap diagnosis of a big text: CRLF, or trailing blanks / an appended comment on the error's line."""
    lines = text.split("\n")
    crlf = next((k for k, l in enumerate(lines) if l.endswith("\r")), None)
    if crlf is not None:
        return _reasoned(text, e, Repair(crlf + 1, "", "crlf"))
    line = lines[e.line - 1] if 0 < e.line <= len(lines) else ""
    if line.strip() and line != line.rstrip(" \t"):
        return _reasoned(text, e, Repair(e.line, "", "trailing"))
    if _strip_comment(line) is not None:
        return _reasoned(text, e, Repair(e.line, "", "comment"))
    return e
