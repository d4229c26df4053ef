"""What a text holds besides functions: the document of all its dumps, `Vector` displays, an `ir.cfg` listing.

Kept apart from `jlir.ir.function` (the function model itself) so each module stays one job; they are
re-exported there, where callers have always imported them.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from jlir.ir.style import Style
from jlir.ir.unreadable import Unreadable
from jlir.ir.views import render as render_view


@dataclass(frozen=True, slots=True)
class CFGListing:
    """A printed `ir.cfg`: per block its statement range and successors, in stored order."""
    style: Style
    blocks: tuple[tuple[int, int, tuple[int, ...]], ...]


@dataclass(frozen=True, slots=True)
class VectorDisplay:
    """A `Vector` display of CodeInfo pairs: `1-element Array{Any,1}:` then each element indented by one space.

    `header` is None when the text holds the elements without the header line.
    """
    header: str | None
    items: tuple


@dataclass(frozen=True, slots=True)
class StatementVector:
    """A `Vector{Any}` display of bare statements (`code.code`, `ir.stmts`): one element per line, in `show` form.

    Unlike a statement line of an IR print, an element has no rail, SSA column
    or type: Expressions show quoted (`:(Base.not_int(%4))`), branch targets are
    statement numbers (`:(goto %7)`), other values show as themselves.
    `header` is the `16-element Vector{Any}` line without its colon (None when
    the text holds the elements only); `stmts` holds each element as the
    grammar reads a shown value (a quoted statement is a `TypeQuote` around it).
    """
    style: Style
    header: str | None
    stmts: tuple


@dataclass(frozen=True, slots=True, repr=False)
class Document:
    """All dumps found in one text, with what separates them (blank lines and `#` comment lines between prints).

    `separators[k]` is the text before `items[k]`; `labels[k]` the last `# …` comment line in it (without
    `# `), the name `jlir fetch` gives each dump of several (`# foo(1.0) — typed — Julia 1.5.3`), or None.
    `colors` is empty for a plain text; for a coloured one it holds one entry
    per item: None (that dump was plain) or the `jlir.ir.color.Colors` its
    text carried (see there).
    """
    items: tuple
    separators: tuple[str, ...] = field(default=())
    trailing: str = "\n"
    colors: tuple = field(default=())

    @property
    def errors(self) -> list:
        """The ParseError of each unreadable dump (`errors="collect"`), in order."""
        return [x.error for x in self.items if type(x) is Unreadable]

    def readable(self) -> "Document":
        """This document without its unreadable dumps (and the separators before them)."""
        keep = [k for k, x in enumerate(self.items) if type(x) is not Unreadable]
        if len(keep) == len(self.items):
            return self
        seps = [self.separators[k] for k in keep]
        if seps and keep[0] != 0:  # the first kept dump now opens the text: its separator is what preceded dump 0
            seps[0] = self.separators[0]
        colors = tuple(self.colors[k] for k in keep) if self.colors else ()
        return Document(tuple(self.items[k] for k in keep), tuple(seps), self.trailing, colors)

    _repr_html_ = lambda self: render_view("document", self)  # noqa: E731 - Jupyter's table of its functions

    def __repr__(self) -> str:
        """One line: how many dumps and functions of which forms (the items themselves: `doc.items`)."""
        forms: dict[str, int] = {}
        for item in self.items:
            for x in (item.items if type(item) is VectorDisplay else (item,)):
                kind = x.form.value if hasattr(x, "display") else type(x).__name__
                forms[kind] = forms.get(kind, 0) + 1
        n = len(self.items)
        shown = ", ".join(k if c == 1 else f"{k} ×{c}" for k, c in forms.items())
        return f"<jlir.Document: {n} dump{'' if n == 1 else 's'}" + (f" ({shown})" if shown else "") + ">"

    @property
    def labels(self) -> tuple[str | None, ...]:
        out = []
        for k in range(len(self.items)):
            sep = self.separators[k] if k < len(self.separators) else ""
            comments = [line for line in sep.split("\n") if line.startswith("# ")]
            out.append(comments[-1][2:].strip() or None if comments else None)
        return tuple(out)
