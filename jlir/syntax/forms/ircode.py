"""Reading an IRCode print (`code_ircode`, `Core.Compiler.IRCode` shown): statement lines up to a blank line."""
from __future__ import annotations

import re

from jlir.ir.function import Form, Function
from jlir.syntax.rows.body import check_blank_tail, read_body
from jlir.syntax.rows.context import Context
from jlir.syntax.rows.multiline import may_go_on, value_end
from jlir.syntax.rows.stmtlines import FIRST_RAIL

# The `=> T` of an `IRCode => T` pair (`code_ircode`, 1.9+): appended to the line of blanks IRCode ends with.
PAIR_TAIL = re.compile(r"( +)=> (.*)$")


def read_ircode(ctx: Context, i: int, title: str | None = None):
    """The IRCode starting at line `i`; returns (Function, index after it and its blank tail line, if any).

    1.7+ ends the print with a line of blanks (`show_ir`'s last call of the line-info printer); a terminal
    copy often drops it, which the Function records (`tail_dropped`) so it prints back the same.  When the
    IRCode is the first of a pair (`Base.code_ircode(f, types)[1]`), ` => T` follows those blanks on the
    same line: T is the Function's `return_type`.  `title`: the line above the statements (0.7-DEV's `Code`).

    0.7-DEV's printer is told by the block numbers and arguments it prints (jlir.syntax.rows.detect); the `Code`
    title alone does not prove it, so a title under another style is refused."""
    lines = ctx.lines
    j = i
    while j < len(lines) and lines[j].strip() and not PAIR_TAIL.match(lines[j]):
        # a value shown over several lines (jlir.syntax.rows.multiline) may hold blank lines: they are its own
        j = (value_end(lines, j, len(lines)) if may_go_on(lines[j]) else j) + 1
    pair = PAIR_TAIL.match(lines[j]) if j < len(lines) else None
    tail = pair is not None or (j < len(lines) and lines[j] != "" and not lines[j].strip())
    body = read_body(ctx, i, j, codeinfo=False, text="\n".join(lines[i:j]), tail_present=tail or None)
    if tail and pair is None:
        check_blank_tail(ctx, body, j)
    return_type = None
    if pair is not None:
        first = FIRST_RAIL.match(lines[i])
        width = len(first.group(1) or "") if first else 0
        if len(pair.group(1)) != width + 1:
            raise ctx.error(f"expected ` => T` after the line-number column's {width} blank(s)", j,
                            len(pair.group(1)))
        return_type = ctx.parse_type(pair.group(2), j, pair.end(1) + 3)
    end = j + 1 if tail else j
    if title is not None and (not body.style.dev_0_7 or FIRST_RAIL.match(lines[i]).group(1)):
        raise ctx.error("a `Code` title is 0.7-DEV's, whose IRCode print has no line-number column and shows "
                        "`goto 2`, `%%2` (no statement here shows it)", i - 1)
    return Function(Form.IRCODE, body.style, body.stmts, body.blocks, body.linetable, return_type, title=title,
                    screen=body.screen, catch_entry=body.catch_entry,
                    tail_dropped=not tail and body.style.ircode_blank_tail), end
