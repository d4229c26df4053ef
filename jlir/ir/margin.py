"""A view another tool printed of Julia's IR: the tool's text around the rows Julia's printer wrote."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Margin:
    """Text another tool printed around the rows of Julia's IR printer, kept verbatim so that the view prints back.

    `left[k]` stands before line k of the rows Julia's printer wrote (`print_with_code`'s statement number and
    `t`/`f` "is it required" flag, a JuliaInterpreter `Frame`'s breakpoint, statement, `*` and line-number
    columns); empty when the tool adds no column.  `before` are the lines above the rows (`Frame for f(x) @ Main
    none:1`), `after` those below them (a frame's variables, Cthulhu's menu); `under[k]` the line the tool
    printed under row k (`print_with_code(io, src, edges)`: `│             # preds: [15, 16], succs: [12]`).
    Where `left` or `under` is given, the rows are Julia's without `CodeInfo(` and `)`.  `tool` names the tool."""
    tool: str
    left: tuple[str, ...] = ()
    before: tuple[str, ...] = ()
    after: tuple[str, ...] = ()
    under: tuple[str, ...] = ()
