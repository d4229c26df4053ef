"""Reading an IRCode print (`code_ircode`, `Core.Compiler.IRCode` shown): statement lines up to a blank line."""
from __future__ import annotations

from jlir.ir.function import Form, Function
from jlir.syntax.body import read_body
from jlir.syntax.context import Context


def read_ircode(ctx: Context, i: int):
    """The IRCode starting at line `i`; returns (Function, index after it and its blank tail line, if any).

    1.7+ ends the print with a line of blanks (`show_ir`'s last call of the line-info printer); a terminal
    copy often drops it, which the Function records (`tail_dropped`) so it prints back the same."""
    lines = ctx.lines
    j = i
    while j < len(lines) and lines[j].strip():
        j += 1
    tail = j < len(lines) and lines[j] != "" and not lines[j].strip()
    body = read_body(ctx, i, j, codeinfo=False, text="\n".join(lines[i:j]), tail_present=tail or None)
    end = j + 1 if tail else j
    return Function(Form.IRCODE, body.style, body.stmts, body.blocks, body.linetable, screen=body.screen,
                    catch_entry=body.catch_entry,
                    tail_dropped=not tail and body.style.ircode_blank_tail), end
