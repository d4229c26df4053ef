"""A function's IR, shaped like Julia's `IRCode`: a flat statement list plus basic blocks.

Layout is not stored: the printer derives every column from this model and
the `Style`.  What *is* stored is what the text says about the IR itself
(statements, types, line info, block boundaries, the header of a
`@code_warntype` print) and which of Julia's displays printed it (`Form`).
"""
from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass, field

from jlir.ir.margin import Margin
from jlir.ir.errors import JlirError
from jlir.ir.printhook import julia_text
from jlir.ir.style import Style
from jlir.ir.views import render as render_view
from jlir.ir.unreadable import Unreadable  # noqa: F401 - a placeholder among Document.items, not a model kind


class Form(enum.Enum):
    """Which Julia display printed the function."""
    TYPED = "typed"          # `@code_typed`: CodeInfo(...) => T
    LOWERED = "lowered"      # `@code_lowered`: CodeInfo(...) without types
    IRCODE = "ircode"        # `show(::IRCode)`: no wrapper, left line-number column
    WARNTYPE = "warntype"    # `@code_warntype`: header sections, `Body::T`, types of used values only


@dataclass(frozen=True, slots=True)
class LineInfo:
    """One line-table entry, like Julia's `LineInfoNode`: `inlined_at` is the index of the caller's entry (0: none)."""
    file: str
    line: int
    method: str
    inlined_at: int = 0


@dataclass(frozen=True, slots=True)
class Statement:
    """One statement: its node, its inferred type (None where none is printed), line info and call label.

    `loc` indexes `Function.linetable` (1-based, 0 = no line info).
    `label` is 1.12's call label (`intrinsic`, `builtin`, `dynamic`, `invoke`, …).
    `new_id` is set for a pending node of an uncompacted IRCode: it is printed
    in place but is not one of the positional statements, and is referred to
    as `%new_id`.  `attach_after` (1.9+ `insert_node!(…, attach_after=true)`):
    the pending node belongs to the positional statement printed before it
    (it prints after that statement, in its print group) rather than to the next one.
    """
    node: object
    type: object = None
    loc: int = 0
    label: str | None = None
    new_id: int | None = None
    attach_after: bool = False


@dataclass(frozen=True, slots=True)
class Block:
    """A basic block: positional statements `first..last` (1-based, inclusive).

    Numbering, once for all of jlir: statements are numbered as Julia numbers them, from 1 (`%3` is
    statement 3), and so are blocks (`#2` is block 2); Python sequences stay 0-based.  So `block.stmts` holds
    SSA numbers, not list indices: use `f.stmt(i)` (statement `%i`) or `f.block_stmts(b)` (the statements
    of block `#b`), never `f.positional[i]` with such a number.
    """
    first: int
    last: int

    @property
    def stmts(self) -> range:
        """The SSA numbers of the block's statements (1-based, as Julia's `%n`): `f.stmt(i)` reads one."""
        return range(self.first, self.last + 1)


@dataclass(frozen=True, slots=True)
class WarntypeHeader:
    """What `@code_warntype` prints above `Body::T`.

    `instance` is the `MethodInstance for …` line's text after that prefix,
    `source` the `from …` line's text after `from `; `sections` lists the
    variable sections in order, e.g. `(("Arguments", ((name, type), …)), ("Locals", …))`.
    """
    instance: str | None
    source: str | None
    sections: tuple
    body_type: object


@dataclass(frozen=True, slots=True)
class Screen:
    """How the right-hand line-info gutter of a colored print reached the text.

    Julia draws the gutter first (1.0 CodeInfo, IRCode in every version, only
    with `:color`): a cursor move `ESC[nG` to column `width − widest method −
    widest annotation − 2`, the annotation (`│╻╷`), padding and a method name,
    then `ESC[1G` back to column 1, where the line is printed over it.  What
    the text shows depends on how it was captured (`capture`):

    * `"screen"`: copied off the terminal: the line, blanks up to the gutter
      column, then whatever of the gutter the line did not cover;
    * `"stream"`: the escape codes were stripped from the byte stream, so the
      gutter text comes first, straight before the line.

    `width` is the terminal width (`displaysize(io)[2]`); a `"stream"` capture
    leaves no trace of it (None).  `trimmed`: trailing blanks of every row were
    removed (editors, Julia's own whitespace check) rather than kept as Julia wrote them.
    The gutter text itself is not stored: the printer computes it from the line table.
    """
    capture: str
    width: int | None = None
    trimmed: bool = False


@dataclass(frozen=True, slots=True)
class IR:
    """The IR itself, as Julia's `IRCode` holds it: what edits change and analyses read.

    `stmts` holds every statement in print order: the positional ones (Julia's
    `ir.stmts`) and the pending new nodes of an uncompacted IRCode (`new_id`
    set); `blocks` index positional statements (1-based); `linetable` is
    indexed by `Statement.loc` (1-based, 0 = no line info).

    `catch_entry`: whether the IR's CFG holds Julia's extra edge into each catch block (predecessor 0 in
    jlir.ir.cfg), which `compute_basic_blocks` adds (CodeInfo prints, `inflate_ir`) and the IRCode that
    Julia's optimizer pipeline keeps (the escape-analysis display prints that one) lacks; or the catch blocks
    (numbers, ascending) that hold it where others do not: after 1.5's inlining a callee's catch block keeps it
    (the callee's IR is `inflate_ir`'s, and `cfg_inline_item!` keeps predecessor 0) while the function's own
    lost it in slot2reg's `domsort_ssa!`.  The printer's `┄` counts it, so a catch block with one other
    predecessor shows which: the reader takes it from there.
    """
    stmts: tuple[Statement, ...]
    blocks: tuple[Block, ...]
    linetable: tuple[LineInfo, ...] = ()
    catch_entry: bool | tuple[int, ...] = True

    @property
    def positional(self) -> list[Statement]:
        """The positional statements, in order (pending new nodes left out): Julia's `ir.stmts`."""
        return [s for s in self.stmts if s.new_id is None]


@dataclass(frozen=True, slots=True)
class Display:
    """What one of Julia's displays printed around the IR: the envelope, not the IR.

    `form` is the display, `style` the range of Julia versions whose printing
    the text shows.  `return_type` is the `=> T` of a `CodeInfo => T` pair
    (None: no pair); `header` what `@code_warntype` prints above the body;
    `wrapper` is `codeinfo` or `thunk` (`:($(Expr(:thunk, CodeInfo(…))))`).
    `costs` is the statement-cost column of `print_statement_costs`, `title` its
    first line; `escapes` is the escape-information column of EscapeAnalysis's
    `code_escapes` display (its symbol per positional statement: `◌`, `✓`, `↑′`,
    `X`, `*`…), `title` that display's header line.  `screen` is set when the
    text carries the right-hand line-info gutter of a colored print.
    `tail_dropped` is True when the text stops before the whitespace-only line
    Julia prints after the last statement (IRCode and the statement-cost
    display, 1.7+): doc pages and doctests trim it, and a reprint should match
    the text it came from.

    `envelope` names a tool whose display this is, where it is not one of Julia's own: `"cthulhu"` for a
    Cthulhu.jl view, whose header line (`∘ ── %0 = invoke f(::Int64)::Any`, optionally with the call's
    inlining cost) is kept verbatim in `title`; its cost column (`costs`) stands after the block rail.

    `margin`: another tool's text around Julia's rows (`jlir.ir.margin.Margin`).
    `costs` and `escapes` are per positional statement: they describe the IR
    they were printed with and go stale when it changes (see `Function.with_ir`); so does `margin`.
    """
    form: Form
    style: Style
    return_type: object = None
    header: WarntypeHeader | None = None
    wrapper: str = "codeinfo"
    costs: tuple[int, ...] | None = None
    title: str | None = None
    screen: Screen | None = None
    tail_dropped: bool = False
    escapes: tuple[str, ...] | None = None
    envelope: str | None = None
    margin: Margin | None = None


# The per-statement columns of a Display: they belong to the statements they were printed beside.
STATEMENT_COLUMNS = ("costs", "escapes")
_IR_NAMES = frozenset(f for f in IR.__slots__)
_DISPLAY_NAMES = frozenset(f for f in Display.__slots__)
# The flat order of the names, as `Function(...)` takes them and JSON (schema jlir/1) writes them.
FLAT_NAMES = ("form", "style", "stmts", "blocks", "linetable", "return_type", "header", "wrapper", "costs", "title",
              "screen", "tail_dropped", "escapes", "catch_entry", "envelope", "margin")


class StaleColumns(JlirError):
    """A function's IR changed under per-statement display columns (costs, escapes) that would no longer fit it."""


@dataclass(frozen=True, slots=True, init=False, repr=False)
class Function:
    """A function's IR (`ir`) as one of Julia's displays printed it (`display`).

    The two are apart so that an edit changes the IR and the display either
    follows or is refused clearly (`with_ir`).  Every field of both reads
    straight off the function (`f.stmts`, `f.blocks`, `f.form`, `f.return_type`,
    …), and `Function(form, style, stmts, blocks, linetable, …)` builds both
    from the flat list of names (`FLAT_NAMES`), as the JSON schema lists them.
    """
    ir: IR
    display: Display

    def __init__(self, form=None, style=None, stmts=(), blocks=(), linetable=(), return_type=None, header=None,
                 wrapper="codeinfo", costs=None, title=None, screen=None, tail_dropped=False, escapes=None,
                 catch_entry=True, envelope=None, margin=None, *, ir: IR | None = None, display: Display | None = None):
        """Either the flat names (`FLAT_NAMES`) or the two parts (`ir=`, `display=`, as `dataclasses.replace` passes them)."""
        if ir is None:
            ir = IR(stmts, blocks, linetable, catch_entry)
        if display is None:
            display = Display(form, style, return_type, header, wrapper, costs, title, screen, tail_dropped, escapes,
                              envelope, margin)
        object.__setattr__(self, "ir", ir)
        object.__setattr__(self, "display", display)

    @classmethod
    def of(cls, ir: IR, display: Display) -> "Function":
        """The function made of an IR and its display."""
        f = object.__new__(cls)
        object.__setattr__(f, "ir", ir)
        object.__setattr__(f, "display", display)
        return f

    def replace(self, **changes) -> "Function":
        """A copy with some of the flat names changed (`stmts=…`, `style=…`, `tail_dropped=…`), like `dataclasses.replace`.

        Per-statement columns are not adjusted here: use `with_ir` to change the IR under them.
        """
        unknown = set(changes) - _IR_NAMES - _DISPLAY_NAMES
        if unknown:
            raise TypeError(f"Function has no field(s) {', '.join(sorted(unknown))}")
        ir_changes = {k: v for k, v in changes.items() if k in _IR_NAMES}
        display_changes = {k: v for k, v in changes.items() if k in _DISPLAY_NAMES}
        ir = dataclasses.replace(self.ir, **ir_changes) if ir_changes else self.ir
        display = dataclasses.replace(self.display, **display_changes) if display_changes else self.display
        return Function.of(ir, display)

    def with_ir(self, ir: IR, *, columns: str = "drop") -> "Function":
        """This display around another IR (an edited one).

        The per-statement columns (`costs`, `escapes`) are kept when every
        positional statement is the very same object, in the same order, as
        before.  Otherwise `columns="drop"` drops them (they described the old
        statements), and `columns="refuse"` raises `StaleColumns`.
        """
        display = self.display
        stale = [c for c in STATEMENT_COLUMNS + ("margin",) if getattr(display, c) is not None]
        if stale and not _same_statements(self.ir.positional, ir.positional):
            if columns == "refuse":
                raise StaleColumns(f"the IR changed under the {' and '.join(stale)} column(s) of this display")
            if columns != "drop":
                raise ValueError(f"columns must be 'drop' or 'refuse', not {columns!r}")
            drop = {c: None for c in stale}
            if "escapes" in drop:  # its title marks the arguments' escapes: without the column it is a plain IRCode
                drop["title"] = None
            if "costs" in drop and display.envelope is None:  # print_statement_costs' method line goes with its column
                drop["title"] = None
            display = dataclasses.replace(display, **drop)
        return Function.of(ir, display)

    # Julia's numbering (see `Block`): statements `%1…` and blocks `#1…`, both 1-based
    def stmt(self, i: int) -> Statement:
        """Statement `%i` (1-based, as Julia numbers it): a positional statement, or a pending node whose
        `new_id` is `i`.  IndexError (never a neighbour) for a number the function does not have."""
        positional = self.ir.positional
        if type(i) is not int or isinstance(i, bool):
            raise TypeError(f"a statement number is an int (Julia's %n), not {type(i).__name__}")
        if 1 <= i <= len(positional):
            return positional[i - 1]
        for s in self.ir.stmts:
            if s.new_id == i:
                return s
        raise IndexError(f"no statement %{i}: the function has %1 to %{len(positional)}"
                         + (" (numbers start at 1, as in Julia)" if i == 0 else ""))

    def block_stmts(self, b) -> list[Statement]:
        """The positional statements of block `#b` (1-based, as Julia numbers blocks) or of a `Block`."""
        if isinstance(b, Block):
            block = b
        elif type(b) is int and 1 <= b <= len(self.ir.blocks):
            block = self.ir.blocks[b - 1]
        else:
            raise IndexError(f"no block #{b}: the function has #1 to #{len(self.ir.blocks)}"
                             + (" (numbers start at 1, as in Julia)" if b == 0 else ""))
        return self.ir.positional[block.first - 1:block.last]

    def numbered(self, b=None) -> list[tuple[int, Statement]]:
        """`(n, statement)` for every positional statement `%n` (of block `#b` when given), in order."""
        first = 1 if b is None else (b if isinstance(b, Block) else self.ir.blocks[b - 1]).first
        stmts = self.ir.positional if b is None else self.block_stmts(b)
        return list(enumerate(stmts, first))

    def text(self, x) -> str:
        """Julia's text of a node, value, type or statement of this function, as the Julia that printed it does
        (`str(x)` prints as the newest Julia)."""
        return julia_text(x, self.display.style)

    _repr_html_ = lambda self: render_view("html", self)  # noqa: E731 - Jupyter's view, from above (jlir.ir.views)

    def __repr__(self) -> str:
        """One line, as `jlir parse` summarises a function (the whole model is `repr(f.ir)`, `repr(f.display)`;
        Julia's text is `jlir.format(f)`)."""
        return f"<jlir.Function {summary(self)}>"
    # the IR's fields
    stmts = property(lambda self: self.ir.stmts)
    blocks = property(lambda self: self.ir.blocks)
    linetable = property(lambda self: self.ir.linetable)
    catch_entry = property(lambda self: self.ir.catch_entry)
    positional = property(lambda self: self.ir.positional,
                          doc="The positional statements, in order (pending new nodes left out): Julia's `ir.stmts`.")
    # the display's fields
    form = property(lambda self: self.display.form)
    style = property(lambda self: self.display.style)
    @property
    def return_type(self):
        """The type the function returns, whichever display printed it: the `=> T` of a `CodeInfo => T` pair,
        or an `IRCode => T` pair, or a `@code_warntype` print's `Body::T` (`header.body_type`); None where the
        print shows none (a plain IRCode, lowered code).  `display.return_type` is the `=> T` alone, as the printer needs it."""
        d = self.display
        if d.return_type is None and d.header is not None:
            return d.header.body_type
        return d.return_type
    header = property(lambda self: self.display.header)
    wrapper = property(lambda self: self.display.wrapper)
    costs = property(lambda self: self.display.costs)
    title = property(lambda self: self.display.title)
    screen = property(lambda self: self.display.screen)
    tail_dropped = property(lambda self: self.display.tail_dropped)
    escapes = property(lambda self: self.display.escapes)
    envelope = property(lambda self: self.display.envelope)
    margin = property(lambda self: self.display.margin)


def summary(f: Function) -> str:
    """`typed, Julia 1.3–1.5: 4 blocks, 10 statements, returns Int64`: what a function is, in one line."""
    returns = f.return_type
    if returns is not None:
        try:
            returns = julia_text(returns, f.display.style)
        except Exception:  # no printer registered (the model used alone): the type's own repr
            returns = repr(returns)
    n = len(f.ir.positional)
    return (f"{f.display.form.value}, Julia {f.display.style.family}: {len(f.ir.blocks)} block"
            f"{'' if len(f.ir.blocks) == 1 else 's'}, {n} statement{'' if n == 1 else 's'}"
            + ("" if returns is None else f", returns {returns}"))


def _same_statements(a: list, b: list) -> bool:
    return len(a) == len(b) and all(x is y for x, y in zip(a, b))


# What holds functions (a document, a Vector display) and the displays that are not functions live beside them.
from jlir.ir.document import CFGListing, Document, StatementVector, VectorDisplay  # noqa: E402,F401
