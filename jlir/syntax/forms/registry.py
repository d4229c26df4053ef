"""Every display form the reader knows, once: how its first line(s) look, and its reader.

`read_item` reads with the first form whose `starts` matches, in this order (the order matters where two
forms' first lines overlap: a pre-0.7 `Variables:` before the warntype that starts with `Variables`).
`starts_dump` says whether a line may begin a new dump when the reader resynchronises after a bad one, or
when the lenient reader asks whether a line looks like IR: it is `any` of the forms' `resumes`, which is
their `starts` unless that would stop inside a dump of another form (`Body::` follows a blank line inside a
warntype; a headerless vector element is found only where a dump was expected).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from jlir.syntax.forms import costs, cthulhu, cthulhumenu, escapes, toolviews
from jlir.syntax.forms.cfglisting import CFG_HEADER, CFG_OLD, read_cfg
from jlir.syntax.forms.codeinfo import CODEINFO_OPEN, THUNK_OPEN, read_codeinfo, read_vector
from jlir.syntax.forms.ircode import read_ircode
from jlir.syntax.forms.warntype import WARNTYPE_STARTS, read_warntype
from jlir.syntax.rows.context import Context
from jlir.syntax.rows.stmtlines import FIRST_RAIL

DEV_IRCODE_TITLE = "Code"
_VECTOR_HEADER = re.compile(r"[0-9]{1,18}-element .+:$")


def _never(lines: list[str], i: int) -> bool:
    return False


@dataclass(frozen=True, slots=True)
class DisplayForm:
    """A display: `starts(lines, i)` recognises its first line(s), `read(ctx, i)` → (item, index after it);
    `resumes(lines, i)`: whether a dump of it may begin there when resynchronising (None: as `starts`)."""
    name: str
    starts: Callable[[list[str], int], bool]
    read: Callable[[Context, int], tuple]
    resumes: Callable[[list[str], int], bool] | None = None


def _read_pre_ssa(ctx: Context, i: int):
    raise ctx.error("not Julia SSA IR that jlir knows: this is a pre-0.7 `@code_warntype` print "
                    "(`Variables:`, `Body:` and a `begin … end` body), from before Julia's SSA IR", i)


def _starts_warntype(lines, i):
    return lines[i].startswith(WARNTYPE_STARTS)


def _resumes_warntype(lines, i):
    line = lines[i]
    return line.startswith(("MethodInstance for ", "Variables")) or (
        line.startswith("Arguments") and line.rstrip() == "Arguments")


def _starts_dev_ircode(lines, i):
    return lines[i] == DEV_IRCODE_TITLE and i + 1 < len(lines) and bool(FIRST_RAIL.match(lines[i + 1]))


def _read_dev_ircode(ctx, i):
    return read_ircode(ctx, i + 1, title=ctx.lines[i])  # 0.7-DEV's `show(::IRCode)`: `println(io, "Code")` first


FORMS = (
    DisplayForm("vector", lambda lines, i: bool(_VECTOR_HEADER.match(lines[i])), read_vector),
    # a vector element whose `N-element Vector{Any}:` header was not captured
    DisplayForm("codeinfo element", lambda lines, i: lines[i].startswith(" CodeInfo("),
                lambda ctx, i: read_vector(ctx, i, header=False)),
    DisplayForm("codeinfo", lambda lines, i: bool(CODEINFO_OPEN.match(lines[i])) or lines[i] == THUNK_OPEN,
                read_codeinfo),
    DisplayForm("pre-0.7 warntype", lambda lines, i: lines[i] in ("Variables:", "Body:"), _read_pre_ssa, _never),
    DisplayForm("warntype", _starts_warntype, cthulhumenu.with_menu(read_warntype), _resumes_warntype),
    DisplayForm("cfg", lambda lines, i: bool(CFG_HEADER.match(lines[i]) or CFG_OLD.match(lines[i])), read_cfg,
                lambda lines, i: bool(CFG_HEADER.match(lines[i]))),
    DisplayForm("ircode", lambda lines, i: bool(FIRST_RAIL.match(lines[i])), cthulhumenu.with_menu(read_ircode)),
    DisplayForm("0.7-DEV ircode", _starts_dev_ircode, _read_dev_ircode, lambda lines, i: lines[i] == DEV_IRCODE_TITLE),
    # an `IRCode => T` vector element (` 388 1 ─ …`) whose `N-element Vector{Any}:` header was not captured
    DisplayForm("ircode element", lambda lines, i: lines[i].startswith(" ") and bool(FIRST_RAIL.match(lines[i], 1)),
                lambda ctx, i: read_vector(ctx, i, header=False), _never),
    DisplayForm("costs", costs.starts_cost_display, costs.read_cost_display),
    DisplayForm("cthulhu 2021 warn", cthulhumenu.starts_warn_view_2021, cthulhumenu.read_warn_view_2021),
    DisplayForm("cthulhu after ascend", cthulhumenu.starts_ascended_view, cthulhumenu.read_ascended_view),
    DisplayForm("cthulhu", cthulhu.starts_cthulhu_view, cthulhumenu.with_menu(cthulhu.read_cthulhu_view)),
    DisplayForm("escapes", escapes.starts_escape_display, escapes.read_escape_display),
    DisplayForm("print_with_code", toolviews.starts_print_with_code, toolviews.read_print_with_code),
    DisplayForm("frame", toolviews.starts_frame, toolviews.read_frame),
    DisplayForm("print_with_code edges", toolviews.starts_edges, toolviews.read_edges),
)


def starts_dump(lines: list[str], i: int) -> bool:
    """Whether line `i` is the first line of a dump form `read_item` knows (resynchronising after a bad dump)."""
    return any((f.resumes or f.starts)(lines, i) for f in FORMS)


def read_item(ctx: Context, i: int):
    """Read the dump starting at line `i`, recognised by its first line(s); returns (item, index after it)."""
    lines = ctx.lines
    for form in FORMS:
        if form.starts(lines, i):
            return form.read(ctx, i)
    raise ctx.error("not Julia SSA IR that jlir knows: expected `CodeInfo(`, an IRCode statement line "
                    "(`1 ─ …`), a `@code_warntype` header, or a CFG listing", i)
