"""Reading EscapeAnalysis's `code_escapes` display (extra scope: printed by the compiler's test utilities).

`print_with_info` (Compiler's EAUtils, 1.8–1.12) prints a header line, the
function applied to its arguments' escape symbols (`#3(↑ s::String) in Main at
REPL[1]:2`), then the IRCode statement by statement through `show_ir_stmt`,
each row prefixed by its escape symbol padded to two columns and a blank
(`rpad(sym, 2), " "`: `◌  `, `↑′ `).  Without `debuginfo=:source` no line
information and no closing row are printed.  With it (the 1.8-era displays),
`show_ir`'s inline line-info printer runs first: the line-number column, then
the escape column, and with color the right-hand gutter; the display then ends
with that printer's blank row (which terminal copies drop).
"""
from __future__ import annotations

import re

from jlir.ir.function import Form, Function
from jlir.syntax.rows.body import check_blank_tail, read_body
from jlir.syntax.rows.context import Context

_FIRST_ROW = re.compile(r"([0-9]{1,18} +)?[◌✓↑X*]′? {1,2}1 [─┄]")


def starts_escape_display(lines: list[str], i: int) -> bool:
    """Whether line `i` is a `code_escapes` header followed by its first statement row (the row first: cheap)."""
    return i + 1 < len(lines) and _FIRST_ROW.match(lines[i + 1]) is not None and _is_header(lines[i])


def _is_header(line: str) -> bool:
    """`f(args…)`, optionally ` in Mod at file:line`: checked without a backtracking regex (lines can be huge)."""
    head = line.strip()
    return bool(head) and "(" in head and (head.endswith(")") or ") in " in head)


def read_escape_display(ctx: Context, i: int):
    """The display starting at line `i` as an IRCode Function with `title` and `escapes`; (function, next index)."""
    lines = ctx.lines
    numbers = len(_FIRST_ROW.match(lines[i + 1]).group(1) or "")  # width of the line-number column, if any
    j = i + 1
    while j < len(lines) and lines[j].strip():
        j += 1
    tail = numbers and j < len(lines) and lines[j] != "" and not lines[j].strip()
    body = read_body(ctx, i + 1, j, codeinfo=False, text="\n".join(lines[i:j]), left=("escapes", numbers + 3, numbers))
    if tail:
        check_blank_tail(ctx, body, j)
    f = Function(Form.IRCODE, body.style, body.stmts, body.blocks, body.linetable, title=lines[i], catch_entry=body.catch_entry,
                 escapes=tuple(body.left_values), screen=body.screen,
                 tail_dropped=bool(numbers) and not tail and body.style.ircode_blank_tail)
    return f, (j + 1 if tail else j)
