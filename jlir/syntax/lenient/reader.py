"""Lenient reading: repair what pasting does to Julia's text, then read it strictly; say what was repaired.

Text copied from Discourse, Slack, notebooks and terminals rarely is what Julia
printed: a `julia>` prompt above it, a Markdown fence around it, an indentation,
CRLF line ends, trailing blanks, `# …` comments appended, statements elided
with `...`, box-drawing characters turned into ASCII, a lost final `}`.  This
layer sits before the reader and never changes it: it rewrites the text line
by line into what Julia would have printed, keeps for every line where it came
from (`Repaired.origin`, `Repaired.cut`), and reports each repair as a `Repair`
at its original line.  The reader's own errors are moved back to the original
lines too.  Ambiguous repairs (how much indentation is the paste's, whether
trailing blanks are Julia's) are tried in turn, smallest change first, and the
first text that reads is kept.

`jlir.syntax.lenient.diagnose` serves strict reading: when strict reading fails on
something this layer would repair, the error names the true cause and says `--lenient`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from jlir.syntax.forms.registry import starts_dump
from jlir.syntax.errors import ParseError
from jlir.syntax.lenient import paste
from jlir.syntax.lenient.notes import LenientNote, Repair  # noqa: F401  (LenientNote: the warning callers catch)
from jlir.syntax.rows.multiline import value_lines

_PROMPT = re.compile(r"^\s*(julia|shell|help\?|pkg|\(@v[\d.]+\) pkg|\(\S+\) pkg)> ?(.*)$")
_FENCE = re.compile(r"^\s*(```+|~~~+)\s*[\w+-]*(\s.*)?$")
_ELIDED = re.compile(r"^\s*(?:[│|]\s*)?(?:\.\.\.|⋮|…|\.)\s*$")
_TOKEN = re.compile(r"#[^\s(),:;{}\[\]]*")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_ASCII_LAST = re.compile(r"^(\s*)--( )")
_ASCII_FIRST = re.compile(r"^(\s*\d+ )(-+)( )")
_ASCII_DROPPED = re.compile(r"^(\s*\d+ )(  )(%\d+ |  )")
_ASCII_BAR = re.compile(r"^(\s*)\|(\s)")
_OPENERS = {"(": ")", "[": "]", "{": "}"}


@dataclass(frozen=True, slots=True)
class Repaired:
    """The repaired text; `origin[k]` is the original (0-based) line of repaired line k, `cut[k]` how many
    characters were removed from its start; `repairs` says what changed, in line order."""
    text: str
    origin: tuple[int, ...]
    cut: tuple[int, ...]
    repairs: tuple[Repair, ...]

    def relocate(self, e: ParseError, original: list[str]) -> ParseError:
        """`e` (located in the repaired text) moved to the original line and column."""
        k = e.line - 1
        if not 0 <= k < len(self.origin):
            return e
        line = self.origin[k]
        column = e.column + self.cut[k]
        text = original[line] if line < len(original) else e.text
        moved = ParseError(e.message, file=e.file, line=line + 1, column=column, text=text.rstrip("\r"),
                           expected=e.expected)
        return moved


@dataclass
class _Row:
    origin: int
    text: str
    cut: int = 0


_FRAME = re.compile(r"^(?:CodeInfo\(|\)(?: => \S.*)?)$")
_LEAD = re.compile(r"^[\s\d│└┌─┄]*(?:%\d+\s*=\s*)?")


def _strip_comment(text: str) -> str | None:
    """The line without a `# …` comment a person appended after a complete statement or type: not `#N`
    blocks, `#=` comments, names (`#self#`, `##54#55`, `#s3` as an operand or a statement of its own)."""
    masked = _STRING.sub(lambda m: "\0" * len(m.group()), text)
    for m in re.finditer(r"\s#", masked):
        k = m.start() + 1
        rest = masked[k:]
        token = _TOKEN.match(rest).group()
        if rest[1:2].isdigit() or rest.startswith(("#=", "#undef")) or "#" in token[1:]:
            continue  # `#3` a block, `#=` Julia's comment, `#self#` / `##54#55` / `#temp#` a generated name
        before = masked[:m.start()].rstrip()
        content = before[_LEAD.match(before).end():]
        if _FRAME.match(before):  # `CodeInfo(`, `) => T`: the dump's own frame lines, brackets unbalanced
            return text[:m.start()].rstrip()
        if not content or _depth(before) != 0 or before[-1] in "=,(+-*/<>&|:!^~%":
            continue  # nothing but the rail before it, or inside a call or an expression: a name like `#s3`
        return text[:m.start()].rstrip()
    return None


def _drop_prompts(rows: list[_Row], repairs: list[Repair]) -> list[_Row]:
    """Drop prompt lines (and their unclosed continuation lines), Markdown fences, whole-line `#` comments and
    REPL output that is not IR (a `f (generic function with 1 method)` between dumps)."""
    out: list[_Row] = []
    skipping_output = False
    depth = 0
    for row in rows:
        m = _PROMPT.match(row.text)
        if m:
            repairs.append(Repair(row.origin + 1, f"stripped prompt line `{row.text.strip()[:60]}`", "prompt"))
            depth = _depth(m.group(2))
            skipping_output = None  # decided by the first output line
            continue
        if depth > 0:
            repairs.append(Repair(row.origin + 1, "stripped a continuation line of the prompt's input", "prompt"))
            depth += _depth(row.text)
            continue
        if _FENCE.match(row.text):
            repairs.append(Repair(row.origin + 1, "stripped a Markdown code fence", "fence"))
            continue
        if skipping_output is None and row.text.strip():
            skipping_output = not _looks_like_ir(row.text)
        if skipping_output and row.text.strip():
            repairs.append(Repair(row.origin + 1, "dropped REPL output that is not Julia IR", "output"))
            continue
        out.append(row)
    return out


def _depth(text: str) -> int:
    masked = _STRING.sub("", text)
    return sum(masked.count(o) - masked.count(c) for o, c in _OPENERS.items())


def _looks_like_ir(line: str) -> bool:
    s = line.strip()
    return starts_dump([s], 0) or s.startswith(("CodeInfo(", "Body::", "│", "┌", "#", "Variables", "Arguments",
                                                "MethodInstance", "%", "1 ─", "1 -"))


def _line_fixes(rows: list[_Row], repairs: list[Repair]) -> list[_Row]:
    """Per line: appended comments, whole-line comments, elision lines, ASCII box characters, `⇒` for `=>`."""
    out = []
    ascii_rails = any(_ASCII_BAR.match(r.text) or _ASCII_LAST.match(r.text) for r in rows)
    ascii_lines: list[int] = []
    between = True  # at the start, or after a blank line or a label: a `# …` line here is a label, kept
    commented = _all_commented(rows)
    julias = value_lines([r.text for r in rows])   # a value Julia showed over several lines (a regex's `# …`)
    for k, row in enumerate(rows):
        text = row.text
        stripped = text.strip()
        if k in julias:
            between = False
            out.append(row)
            continue
        if not stripped or (between and text.startswith("# ")):
            between = True
            out.append(row)
            continue
        between = False
        if _is_comment_line(stripped) and not commented:
            repairs.append(Repair(row.origin + 1, "dropped a comment line", "comment"))
            continue
        if _ELIDED.match(text) or stripped in ("│", "|"):
            out.append(row)  # kept: jlir.syntax.lenient.excerpt reads what it stands for (or drops it, noted)
            continue
        bare = _strip_comment(text)
        if bare is not None:
            repairs.append(Repair(row.origin + 1, f"stripped an appended comment `{text[len(bare):].strip()[:40]}`", "comment"))
            text = bare
        fixed = _ascii_rails(text) if ascii_rails else text
        if fixed != text:
            ascii_lines.append(row.origin)
            text = fixed
        if text.startswith(") ⇒ "):
            repairs.append(Repair(row.origin + 1, "replaced `⇒` by Julia's `=>` in the closing line", "arrow"))
            text = ") => " + text[4:]
        out.append(_Row(row.origin, text, row.cut))
    if ascii_lines:
        more = f" (here and on {len(ascii_lines) - 1} more line(s))" if len(ascii_lines) > 1 else ""
        repairs.append(Repair(ascii_lines[0] + 1, "replaced ASCII box characters by Julia's (`|`→`│`, `-`→`─`, "
                                                  f"`--`→`└──`, a dropped `┄`){more}", "ascii"))
    return out


def _is_comment_line(stripped: str) -> bool:
    """`# text` on a line of its own; not `#=`, `#3`, nor a name opening a line (`#unused#::…`, `#s3::Int64`)."""
    if not stripped.startswith("#") or stripped.startswith("#=") or stripped[1:2].isdigit():
        return False
    token = _TOKEN.match(stripped).group()
    return "#" not in token[1:] and stripped[len(token):len(token) + 1] in ("", " ", "\t")


def _all_commented(rows: list[_Row]) -> bool:
    nonblank = [r.text for r in rows if r.text.strip()]
    return bool(nonblank) and all(t.lstrip().startswith("#") for t in nonblank)


def _ascii_rails(text: str) -> str:
    if not text or text.lstrip()[:1] not in "|-0123456789":
        return text
    m = _ASCII_LAST.match(text)
    if m:
        return m.group(1) + "└──" + text[m.end(1) + 2:]  # Julia's 3-column `└──` became 2 columns
    m = _ASCII_FIRST.match(text)
    if m:
        return m.group(1) + "─" * len(m.group(2)) + text[m.end(2):]
    m = _ASCII_BAR.match(text)
    if m:
        return m.group(1) + "│" + text[m.end(1) + 1:]
    m = _ASCII_DROPPED.match(text)  # `2   %7 = …`: a block's first row whose `┄` (no ASCII twin) was dropped
    if m:
        return m.group(1) + "┄ " + text[m.end(2):]
    return text


def _comment_prefix(rows: list[_Row], repairs: list[Repair]) -> list[_Row]:
    """Text pasted into a `# ` comment block (every non-blank line starts with `#`): the `# ` prefix removed."""
    if not _all_commented(rows):
        return rows
    width = 2 if all(r.text.lstrip().startswith("# ") or r.text.strip() == "#" for r in rows if r.text.strip()) else 1
    first = next(r for r in rows if r.text.strip())
    repairs.append(Repair(first.origin + 1, f"removed the `{'# '[:width]}` comment prefix of every line", "prefix"))
    out = []
    for r in rows:
        lead = len(r.text) - len(r.text.lstrip())
        if r.text.strip():
            out.append(_Row(r.origin, r.text[lead + width:], r.cut + lead + width))
        else:
            out.append(_Row(r.origin, "", r.cut))
    return out


_STMT_ROW = re.compile(r"^\s*(?:\d+ [─┄]|│|└─)")
_BLOCK_ONE = re.compile(r"^\s*1 [─┄]", re.M)
_LAST_RAIL = re.compile(r"└─+")
_NESTED_OPEN = re.compile(r"CodeInfo\((?:quote)?$")  # a nested CodeInfo's lines follow as Julia prints them


def _join_wrapped(rows: list[_Row], repairs: list[Repair]) -> list[_Row]:
    """Julia never breaks a statement line: a statement row that leaves brackets open, followed by rows that are
    not statement rows, was hard-wrapped (by an editor, Weave, a person): the pieces joined back (a blank
    between them when the break followed a comma).  A row that opens a nested `CodeInfo(` is Julia's own."""
    out: list[_Row] = []
    k = 0
    julias = value_lines([r.text for r in rows])   # a value Julia showed over several lines: no wrap
    while k < len(rows):
        row = rows[k]
        depth = _depth(row.text) if _STMT_ROW.match(row.text) and not _NESTED_OPEN.search(row.text) \
            and k not in julias else 0
        j = k + 1
        text = row.text
        while depth > 0 and j < len(rows) and rows[j].text.strip() and not _STMT_ROW.match(rows[j].text) \
                and not rows[j].text.startswith(")"):
            piece = rows[j].text.strip()
            text += (" " if text.endswith(",") else "") + piece
            depth += _depth(piece)
            j += 1
        if j > k + 1 and depth == 0:
            repairs.append(Repair(row.origin + 1, f"joined a statement line hard-wrapped over {j - k} lines", "wrap"))
            out.append(_Row(row.origin, text, row.cut))
            k = j
            continue
        out.append(row)
        k += 1
    return out


def _block_one(rows: list[_Row], repairs: list[Repair]) -> list[_Row]:
    """A body whose block-number column was removed (`│   %1 = …` first, no `1 ─` row): the first row gets
    Julia's `1 ─` back (as wide as the `└──` rails)."""
    text = "\n".join(r.text for r in rows)
    if _BLOCK_ONE.search(text):
        return rows
    rails = [len(m.group()) for m in map(_LAST_RAIL.match, (r.text for r in rows)) if m]
    for k, r in enumerate(rows):
        if k and (rows[k - 1].text.startswith("Body::") or rows[k - 1].text.rstrip() == "CodeInfo(") \
                and r.text.startswith("│") and rails:
            width = max(rails)
            rows = list(rows)
            rows[k] = _Row(r.origin, "1 " + "─" * (width - 2) + r.text[width:], r.cut)
            repairs.append(Repair(r.origin + 1, "restored the block number of the first row (`1 ─`)", "blocknumber"))
            break
    return rows


_ASSIGNED_TITLE = re.compile(r"^([A-Za-z_]\w* = )Code$")


def _assigned_title(rows: list[_Row], repairs: list[Repair]) -> list[_Row]:
    """`ir = Code`: a name assigned above 0.7-DEV's `Code` title (a doc writing down where the IR came from;
    Julia's `show(::IRCode)` printed `Code` alone): the assignment removed."""
    first = next((k for k, r in enumerate(rows) if r.text.strip()), None)
    m = _ASSIGNED_TITLE.match(rows[first].text) if first is not None else None
    if m is None:
        return rows
    r = rows[first]
    repairs.append(Repair(r.origin + 1, f"stripped `{m.group(1).strip()}` before 0.7-DEV's `Code` title", "title"))
    return rows[:first] + [_Row(r.origin, r.text[m.end(1):], r.cut + m.end(1))] + rows[first + 1:]


def _structure(rows: list[_Row], repairs: list[Repair]) -> list[_Row]:
    """Lost lines: the blank line 1.2–1.6's @code_warntype prints between `Variables` and `Body::`, and the
    brackets a truncated last line leaves open (`) => Tuple{Int64, Int64`)."""
    out, in_variables = [], False
    for r in rows:
        if r.text == "Variables":
            in_variables = True
        elif in_variables and r.text.startswith("Body::"):
            repairs.append(Repair(r.origin + 1, "inserted the blank line Julia prints between `Variables` and `Body::`", "blankline"))
            out.append(_Row(r.origin, "", 0))
            in_variables = False
        elif not r.text.strip():
            in_variables = False
        out.append(r)
    last = next((k for k in range(len(out) - 1, -1, -1) if out[k].text.strip()), None)
    if last is not None:
        closers = _missing_closers(out[last].text)
        if closers:
            repairs.append(Repair(out[last].origin + 1, f"closed the brackets the last line leaves open (`{closers}`)", "closers"))
            out[last] = _Row(out[last].origin, out[last].text + closers, out[last].cut)
    return out


def _missing_closers(text: str) -> str:
    stack = []
    for c in _STRING.sub("", text):
        if c in _OPENERS:
            stack.append(_OPENERS[c])
        elif c in ")]}":
            if stack and stack[-1] == c:
                stack.pop()
            elif stack:
                return ""  # crossed brackets: not a truncation
    return "".join(reversed(stack))


def _common_indent(rows: list[_Row]) -> int:
    widths = [len(r.text) - len(r.text.lstrip(" ")) for r in rows if r.text.strip()]
    return min(widths) if widths else 0


def _variant(rows: list[_Row], dedent: int, trim: bool) -> tuple[list[_Row], list[Repair]]:
    out, repairs, trimmed = [], [], []
    for r in rows:
        text, cut = r.text, r.cut
        if dedent and text.strip():
            text, cut = text[dedent:], cut + dedent
        if trim and text.strip() and text != text.rstrip(" \t"):
            text = text.rstrip(" \t")
            trimmed.append(r.origin)
        out.append(_Row(r.origin, text, cut))
    first = next((r.origin for r in rows if r.text.strip()), 0)
    if dedent:
        repairs.append(Repair(first + 1, f"removed a uniform indentation of {dedent} blank(s) from every line", "dedent"))
    if trimmed:
        more = f" (and {len(trimmed) - 1} more line(s))" if len(trimmed) > 1 else ""
        repairs.append(Repair(trimmed[0] + 1, f"stripped trailing blanks{more}", "trailing"))
    return out, repairs


def prepare(text: str) -> tuple[list[_Row], list[Repair]]:
    """The text's lines after the unambiguous repairs, with the repairs made."""
    repairs: list[Repair] = []
    if text.startswith("\ufeff"):  # an editor's UTF-8 byte order mark: Julia never prints one
        text = text[1:]
        repairs.append(Repair(1, "removed a UTF-8 byte order mark (U+FEFF) before the text", "bom"))
    lines = text.split("\n")
    crlf = [k for k, l in enumerate(lines) if l.endswith("\r")]
    if crlf:
        repairs.append(Repair(crlf[0] + 1, f"CRLF line ends on {len(crlf)} line(s): read as Julia's `\\n`", "crlf"))
    rows = [_Row(k, l[:-1] if l.endswith("\r") else l) for k, l in enumerate(lines)]
    rows = _drop_prompts(rows, repairs)
    if any(r.kind in ("prompt", "fence", "output") for r in repairs):
        while rows and not rows[0].text.strip():  # the blank line a dropped prompt or fence left above the dump
            rows.pop(0)
    rows = _comment_prefix(rows, repairs)
    rows = _line_fixes(rows, repairs)
    rows = paste.wrapped_return_type(rows, repairs)
    rows = _join_wrapped(rows, repairs)
    rows = paste.lost_closers(rows, repairs)
    rows = paste.lost_closing_line(rows, repairs)
    rows = paste.unquoted_location_methods(rows, repairs)
    rows = _block_one(rows, repairs)
    rows = _assigned_title(rows, repairs)
    rows = _structure(rows, repairs)
    return rows, repairs


def variants(text: str):
    """Each candidate repaired text, least change first: the indentation kept, then removed whole, then in
    part (an IRCode's line-number column is blanks too), each without and then with trailing blanks stripped.
    A text Julia printed reads as the first variant, unchanged."""
    rows, repairs = prepare(text)
    indent = _common_indent(rows)
    for dedent in [0] + list(range(indent, 0, -1)):
        for trim in (False, True):
            out, more = _variant(rows, dedent, trim)
            done = sorted(repairs + more, key=lambda r: r.line)
            yield Repaired("\n".join(r.text for r in out), tuple(r.origin for r in out), tuple(r.cut for r in out),
                           tuple(done))

