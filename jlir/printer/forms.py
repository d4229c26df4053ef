"""The wrappers around statement lines, per display: CodeInfo, IRCode, @code_warntype, CFG, vectors, documents."""
from __future__ import annotations

from jlir.ir.errors import JlirError
from jlir.ir.function import CFGListing, Document, Form, Function, StatementVector, Unreadable, VectorDisplay
from jlir.ir.values import Literal
from jlir.geometry import rails
from jlir.printer.cthulhu import is_2020_view, location_lines_2020, source_costs_after_rail
from jlir.printer.debuginfo import location_printing
from jlir.printer.margin import with_margin
from jlir.printer.exprs import ExprPrinter
from jlir.printer.gutter import gutter_painter
from jlir.printer.function import body_lines, body_parts, body_positions, cost_column, line_numbers
from jlir.util.gcpause import gc_paused


class NotPrintable(JlirError, TypeError):
    """An object that has no text of its own in Julia's displays (a bare value, node or statement)."""


def _printer(style, printers: dict | None, ircode: bool = False) -> ExprPrinter:
    """The ExprPrinter for `style` (and IRCode or not), shared through `printers` by the functions of one
    document: its memo tables then print each statement and type object of the document once."""
    if printers is None:
        printers = {}
    ep = printers.get((style, ircode))
    if ep is None:
        ep = printers[(style, ircode)] = ExprPrinter(style, ircode=ircode)
        ep.nested_codeinfo = lambda f: format_function(f, printers)  # `$(Expr(:thunk, CodeInfo(…)))`
    return ep


def format_function(f: Function, printers: dict | None = None) -> str:
    """`f` exactly as the Julia display that printed it (no final newline)."""
    return "".join(function_parts(f, printers))


def function_parts(f: Function, printers: dict | None = None) -> list[str]:
    """`format_function`'s text as parts to concatenate: a document puts them into its own text directly, so that a
    function's whole text is never made twice (memory on huge inputs)."""
    if f.margin is not None:  # another tool's view: its text around Julia's rows
        return _line_parts(with_margin(f.margin, "".join(function_parts(f.replace(margin=None), printers))))
    ep = function_printer(f, printers)
    head, tail = wrapper_lines(f, ep)
    if cthulhu_source_costs(f):  # Cthulhu's `:source` view with `inline_cost`: Base's layout, costs after the rail
        lines, where = body_positions(f.replace(costs=None), ep)
        lines = source_costs_after_rail(lines, where, f.costs, rails.rail_width(len(f.blocks)) + 2)
    elif f.envelope == "cthulhu" and f.costs is not None and _stream_gutter(f):
        lines = _compact_costs_after_rail(f, body_lines(f.replace(costs=None), ep))
    elif f.envelope == "cthulhu":
        lines = body_lines(f, ep)
        if f.costs is not None:
            lines = _costs_after_rail(f, lines)
    else:
        lines = None
    if f.envelope == "cthulhu" and is_2020_view(f.title):
        lines = location_lines_2020(lines, len(f.blocks))
    body = body_parts(f, ep) if lines is None else _line_parts(lines)
    if f.form is Form.IRCODE and f.display.return_type is not None and body and f.envelope is None:
        # an `IRCode => T` pair (`code_ircode`): ` => T` after the blanks the IRCode ends with
        body.append(" => " + ep.type(f.display.return_type))
    return _line_parts(head + [body] + tail if body else head + tail)


def _line_parts(lines: list) -> list[str]:
    """Lines (a line may be given as its list of parts) as parts to concatenate, `\n` between them."""
    parts: list[str] = []
    for line in lines:
        parts += (*line, "\n") if type(line) is list else (line, "\n")
    if parts:
        parts.pop()
    return parts


def cthulhu_source_costs(f: Function) -> bool:
    """Whether `f` is Cthulhu's `:source` view with `inline_cost` (printed as Base's `:source` layout, then each
    line's cost field inserted after the rail)."""
    return f.envelope == "cthulhu" and f.costs is not None and f.form is not Form.IRCODE and location_printing(f)


def function_printer(f: Function, printers: dict | None) -> ExprPrinter:
    return _printer(f.style, printers, ircode=f.form is Form.IRCODE)


def wrapper_lines(f: Function, ep: ExprPrinter) -> tuple[list[str], list[str]]:
    """The lines the display prints before and after `f`'s statement lines."""
    if f.envelope == "cthulhu":  # Cthulhu's header line (`Body::T` in its warn view), then the statements
        if is_2020_view(f.title):  # 2020: the header, then `show(io, ::CodeInfo)` (no `=> T`)
            return [f.title], [")"]
        return (_warntype_header(f, ep) if f.form is Form.WARNTYPE else [f.title]), []
    if f.costs is not None:
        return [f.title], _cost_tail(f)
    if f.escapes is not None:  # code_escapes: its header, then the statements (no closing row)
        return [f.title], []
    if f.form is Form.IRCODE:  # 0.7-DEV's `show(::IRCode)` printed a `Code` title line first
        return ([f.title] if f.title is not None else []), []
    if f.form is Form.WARNTYPE:
        return _warntype_header(f, ep), []
    if f.wrapper == "thunk":
        return [":($(Expr(:thunk, CodeInfo("], ["))))"]
    close = ")" if f.display.return_type is None else ") => " + ep.type(f.display.return_type)
    return ["CodeInfo("], [close]


def _costs_after_rail(f: Function, lines: list[str]) -> list[str]:
    """Cthulhu's `inline_cost` column: `print_statement_costs`' prefix (`cost.rjust(n) + " "`), drawn after the
    rail instead of before it: `1 ──    0 %1  = …` for `   0 1 ── %1  = …`."""
    field = len(cost_column(f.costs)[0]) - 1
    rail = rails.rail_width(len(f.blocks)) + 2
    c = max(map(len, line_numbers(f)), default=0) + 1 if f.form is Form.IRCODE else 0  # the line-number column
    return [line[:c] + line[c + field + 1:c + field + 1 + rail] + line[c:c + field] + line[c + field + 1 + rail:]
            if len(line) > c + field + 1 + rail else line for line in lines]


def _stream_gutter(f: Function):
    """`f`'s gutter painter when its gutter stands first on each row (a colored print, escapes stripped), else None."""
    painter = gutter_painter(f) if f.form is Form.IRCODE else None
    return painter if painter is not None and painter.capture == "stream" else None


def _compact_costs_after_rail(f: Function, lines: list[str]) -> list[str]:
    """Cthulhu's `:compact` view with `inline_cost`: each statement's row (its gutter first, as wide as that
    statement's gutter text) gets the cost right-aligned in `ndigits(maxcost) + 1` columns right after its rail:
    `│╻ Box2 1 ──    0 %1  = …` for `│╻ Box2 1 ── %1  = …`."""
    painter = _stream_gutter(f)
    field = len(cost_column(f.costs)[0]) - 1
    rail = rails.rail_width(len(f.blocks)) + 2
    c = max(map(len, line_numbers(f)), default=0) + 1  # the line-number column
    out = list(lines)
    for k, cost in enumerate(f.costs[:len(lines)]):
        e = painter.offset(k + 1) + c + rail
        out[k] = lines[k][:e] + str(cost).rjust(field) + lines[k][e:]
    return out


def _cost_tail(f: Function) -> list[str]:
    """`print_statement_costs` after the cost-prefixed statements: (1.7+) the blank cost column `show_ir` ends
    with (its `println` is the newline after the display)."""
    if f.style.ircode_blank_tail and not f.tail_dropped:
        return [" " * len(cost_column(f.costs)[0])]
    return []


def _warntype_header(f: Function, ep: ExprPrinter) -> list[str]:
    h = f.header
    out = []
    if h.instance is not None:
        out.append("MethodInstance for " + h.instance)
    if h.source is not None:
        out.append("  from " + h.source)
    for title, entries in h.sections:
        out.append(title)
        out.extend(f"  {name}{sep}{ep.type(t)}" if t is not None else f"  {name}" for name, sep, t in entries)
    if (f.style.warntype_layout == "variables" or f.envelope == "cthulhu") and h.sections:
        out.append("")
    out.append("Body::" + ep.type(h.body_type))
    return out


def format_cfg(c: CFGListing) -> str:
    """`ir.cfg` as printed: `CFG with N blocks:` (1.9+) or `i\\t=>\\tsuccs` lines (≤1.8)."""
    if all(first is not None for first, _, _ in c.blocks) and c.style.cfg_block_listing:
        out = [f"CFG with {len(c.blocks)} blocks:"]
        for i, (first, last, succs) in enumerate(c.blocks, 1):
            rng = f"(stmt {first})" if first == last else f"(stmts {first}:{last})"
            arrow = " → bb " + ", ".join(map(str, succs)) if succs else ""
            out.append(f"  bb {i} {rng}{arrow}")
        return "\n".join(out)
    return "\n".join(f"{i}\t=>\t" + ", ".join(map(str, succs)) for i, (_, _, succs) in enumerate(c.blocks, 1))


def format_vector(v: VectorDisplay, printers: dict | None = None) -> str:
    """A `Vector` display: the header, then each element with one leading space on its first line.

    With several `CodeInfo => T` pairs Julia aligns the ` => `: each element's
    first line is padded by how much shorter its whole `CodeInfo(…)` text is
    than the longest one.
    """
    texts = element_texts(v, printers)
    out = [] if v.header is None else [v.header + ":"]
    out.extend(" " * pad + text for pad, text in zip(element_pads(v.items, texts), texts))
    return "\n".join(out)


def element_texts(v: VectorDisplay, printers: dict | None = None) -> list[str]:
    """Each element of a `Vector` display printed alone (before the display's padding)."""
    return [_format_item(x, printers) for x in v.items]


def element_pads(items, texts: list[str]) -> list[int]:
    """The blanks before each element's first line in a `Vector` display (see `format_vector`)."""
    keys = [_pair_key_length(x, t) for x, t in zip(items, texts)]
    width = max((k for k in keys if k is not None), default=0)
    return [1 + (width - key if len(texts) > 1 and key is not None else 0) for key in keys]


def _pair_key_length(f, text: str) -> int | None:
    """Length of the key of a `CodeInfo => T` or `IRCode => T` pair, newlines included, as Julia's `alignment`
    measures it: the text before ` => T`."""
    if isinstance(f, Function) and f.display.return_type is not None:
        return len(text) - len(" => " + ExprPrinter(f.style).type(f.display.return_type))
    return None


def format_statement_vector(v: StatementVector, printers: dict | None = None) -> str:
    """A `Vector{Any}` of statements: the header, then each element in `show` form.

    Julia's matrix printing aligns a column on `alignment`: numbers right-aligned
    by their digits, everything else flush left; one space starts each row.
    """
    ep = _printer(v.style, printers)
    texts = [ep.type(x) for x in v.stmts]
    lefts = [len(t) if _is_integer(x) else 0 for x, t in zip(v.stmts, texts)]
    width = max(lefts, default=0)
    out = [] if v.header is None else [v.header + ":"]
    out.extend(" " + " " * (width - left) + t for t, left in zip(texts, lefts))
    return "\n".join(out)


def _is_integer(x) -> bool:
    return isinstance(x, Literal) and x.kind == "int"


def format_item(x) -> str:
    printers: dict = {}
    with gc_paused():
        text = _format_item(x, printers)
        printers.clear()
    return text


def format_items(d: Document, printers: dict):
    """(separator, item, text) of each item of `d`, in order (within a `gc_paused` block, by the caller).  An item
    that stands in the document more than once (the reader gives a repeated dump one object) is printed once."""
    done: dict[int, tuple] = {}  # id(item) -> (item, its text)
    for sep, item in zip(d.separators, d.items):
        hit = done.get(id(item))
        if hit is None:
            hit = done[id(item)] = (item, _format_item(item, printers))
        yield sep, item, hit[1]


def _format_item(x, printers: dict) -> str:
    if isinstance(x, StatementVector):
        return format_statement_vector(x, printers)
    if isinstance(x, Function):
        return format_function(x, printers)
    if isinstance(x, CFGListing):
        return format_cfg(x)
    if isinstance(x, VectorDisplay):
        return format_vector(x, printers)
    if isinstance(x, Unreadable):
        raise UnreadableDump(x)
    raise NotPrintable(f"cannot print a {type(x).__name__} on its own: jlir prints documents, functions, CFG "
                       "listings and vector displays")


class UnreadableDump(JlirError):
    """Printing met a dump that `errors="collect"` could not read: there is no model to print it from."""

    def __init__(self, item):
        e = item.error
        super().__init__(f"cannot print an unreadable dump ({getattr(e, 'file', '<input>')}:{getattr(e, 'line', '?')}: "
                         f"{getattr(e, 'message', e)}): print `doc.readable()`, or pass unreadable='verbatim' "
                         "to jlir.format to print its text as it was read")
        self.item = item


def format_document(d: Document, unreadable: str = "refuse") -> str:
    """The whole text: each dump printed, with the separators that stood between them, in the colours it had.

    An `Unreadable` placeholder (`errors="collect"`) is refused (`UnreadableDump`), printed as the text it was
    read from (`unreadable="verbatim"`), or left out with its separator (`"drop"`).
    """
    if unreadable == "drop":
        d = d.readable()
    elif unreadable not in ("refuse", "verbatim"):
        raise ValueError(f"unreadable must be 'refuse', 'verbatim' or 'drop', not {unreadable!r}")
    parts = []
    printers: dict = {}  # style → ExprPrinter, shared by the document's items
    colors = d.colors or (None,) * len(d.items)
    with gc_paused():
        for sep, item, painted in zip(d.separators, d.items, colors):
            parts.append(sep)
            if unreadable == "verbatim" and type(item) is Unreadable:
                text = item.text
            elif type(item) is Function and painted is None:  # its parts joined into the document's text at once
                parts += function_parts(item, printers)
                continue
            else:
                text = _format_item(item, printers)
            parts.append(text if painted is None else painted.paint(text))
        printers.clear()  # freed while collection is paused: the collection that follows has less to walk
    parts.append(d.trailing)
    return "".join(parts)


def format_model(x, *, unreadable: str = "refuse") -> str:
    """Print a Document, Function, CFG listing or vector display exactly as Julia would (`jlir.format`).

    A document read with `errors="collect"` may hold `Unreadable` placeholders: refused by default
    (`UnreadableDump`), printed as the text they were read from with `unreadable="verbatim"`, left out with
    `"drop"`.
    """
    if isinstance(x, Document):
        return format_document(x, unreadable)
    return format_item(x)
