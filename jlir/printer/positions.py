"""Where each statement stands in the printed text of a document: for messages that point into a dump.

`jlir verify` and other tools report a problem at a statement as
`file:line:column`.  jlir prints every real dump back byte for byte
(`format(parse(text)) == text`), so the position of a statement in the
printed document is its position in the file it was read from: this module
computes those positions with the printer's own layout (wrapper lines, rails,
line-number and tool columns, location lines, pending nodes, vector elements),
never by searching the text.
"""
from __future__ import annotations

from jlir.ir.color import written_column
from jlir.ir.function import Document, Function, VectorDisplay
from jlir.util.gcpause import gc_paused
from jlir.printer.cthulhu import bars_before_2020, is_2020_view, source_cost_field
from jlir.printer.forms import (cthulhu_source_costs, element_pads, element_texts, format_items, function_printer,
                                wrapper_lines)
from jlir.printer.function import body_positions

__all__ = ["statement_lines", "function_positions"]


def statement_lines(doc: Document) -> dict[int, dict[int, tuple[int, int]]]:
    """Function index → {statement → (line, column)} for every function of `doc`, all numbers 1-based.

    Functions are numbered as `jlir.functions(doc)` orders them (the elements
    of a `Vector` display included, in order).  A statement is its SSA number:
    positional statements by position (`%7` or the seventh line of lowered
    code), pending nodes by their own number.  `line` is the line of
    `jlir.format(doc)` that shows the statement, `column` the column where its
    text starts (after rail, SSA column and any line-number column; in
    characters, not bytes; in a coloured dump, its escape codes' characters
    counted as they stand in the file).
    """
    out: dict[int, dict[int, tuple[int, int]]] = {}
    line = 1  # the line the next item starts on
    printers: dict = {}
    colors = doc.colors or (None,) * len(doc.items)
    with gc_paused():
        for (sep, item, text), painted in zip(format_items(doc, printers), colors):
            line += sep.count("\n")
            first = len(out) + 1
            if isinstance(item, Function):
                out[len(out) + 1] = _shifted(function_positions(item, printers), line, 0)
            elif isinstance(item, VectorDisplay):
                _vector(item, text, line, printers, out)
            if painted is not None and painted.marks:  # a coloured dump: columns count its escape codes too
                _written(out, range(first, len(out) + 1), line, text, painted.paint(text))
            line += text.count("\n")
        printers.clear()
    return out


def function_positions(f: Function, printers: dict | None = None) -> dict[int, tuple[int, int]]:
    """{statement → (line, column)} within `format_function(f)`, 0-based."""
    if f.margin is not None:  # another tool's view: its lines above, its columns before and lines under the rows
        return _margin_positions(f.margin, function_positions(f.replace(margin=None), printers))
    ep = function_printer(f, printers)
    head, _ = wrapper_lines(f, ep)
    source_costs = cthulhu_source_costs(f)
    lines, where = body_positions(f.replace(costs=None) if source_costs else f, ep)
    first = sum(h.count("\n") + 1 for h in head)  # a title may span lines (1.9–1.11 cost displays, Cthulhu 2021)
    # a statement holding a nested CodeInfo (`$(Expr(:thunk, CodeInfo(…)))`) spans lines: those after it move down
    below, extra = [], 0
    for text in lines:
        below.append(extra)
        extra += text.count("\n")
    if f.envelope == "cthulhu" and is_2020_view(f.title):  # Cthulhu 2020: a bare `└` before each later location
        below = [b + n for b, n in zip(below, bars_before_2020(lines, len(f.blocks)))]
    # Cthulhu's cost column stands after the rail: the statement's text starts one column left of Julia's layout
    # (`:none`), or the cost field and a blank right of Base's `:source` layout
    shift = -source_cost_field(f.costs) if source_costs else 1 if f.envelope == "cthulhu" and f.costs is not None else 0
    return {sid: (first + k + below[k], col - shift) for sid, (k, col) in where.items()}


def _margin_positions(m, where: dict[int, tuple[int, int]]) -> dict[int, tuple[int, int]]:
    """`where` (positions in Julia's print of the function) moved to the tool's view (`jlir.printer.margin`)."""
    bare = bool(m.left or m.under)  # the rows alone: `CodeInfo(` is not printed
    out = {}
    for sid, (k, col) in where.items():
        r = k - 1 if bare else k
        out[sid] = (len(m.before) + (2 * r if m.under else r), col + (len(m.left[r]) if m.left else 0))
    return out


def _vector(v: VectorDisplay, text: str, line: int, printers: dict, out: dict) -> None:
    """The functions of a `Vector` display starting on `line`: each element after the header line, its first
    line indented by the display's padding."""
    texts = element_texts(v, printers)
    line += v.header is not None
    for item, pad, element in zip(v.items, element_pads(v.items, texts), texts):
        if isinstance(item, Function):
            out[len(out) + 1] = _shifted(function_positions(item, printers), line, pad)
        line += element.count("\n") + 1


def _written(out: dict, functions, line: int, plain: str, written: str) -> None:
    """The positions of `functions` (1-based, in a dump starting on `line` printed as `plain`) moved to the dump as
    written with its colours (`written`): each column to where its character stands among the escape codes."""
    plain_lines, written_lines = plain.split("\n"), written.split("\n")
    for k in functions:
        out[k] = {sid: (ln, 1 + written_column(written_lines[ln - line], plain_lines[ln - line], col - 1))
                  for sid, (ln, col) in out[k].items()}


def _shifted(where: dict[int, tuple[int, int]], line: int, pad: int) -> dict[int, tuple[int, int]]:
    """0-based positions within an item starting on `line` (1-based), its first line indented by `pad`: 1-based
    positions in the document."""
    return {sid: (line + k, col + 1 + (pad if k == 0 else 0)) for sid, (k, col) in where.items()}
