"""Reading `@code_warntype` prints: the MethodInstance header, the Arguments/Locals sections, `Body::T`, the body."""
from __future__ import annotations

import re

from jlir.ir.function import Form, Function, WarntypeHeader
from jlir.syntax.rows.body import read_body
from jlir.syntax.rows.context import Context
from jlir.syntax.rows.detect import shows_dev_printing
from jlir.syntax.forms.cthulhu import (has_costs_after_rail, is_compact_costs, read_compact_view, read_costs_after_rail,
                                  is_screen_compact, read_unoptimized_view, refuse_excerpt)

WARNTYPE_STARTS = ("MethodInstance for ", "Variables", "Arguments", "Body::")
_SECTION_ENTRY = re.compile(r"  (.+?)(::| = | <: )(.*)$")
# An entry without a type: code whose slots were never inferred (an OpaqueClosure's `optimize=false` warntype)
_NEW_QUOTE = re.compile(r"^[│ ]*[┌│]* ?@ .* within `[^`]*`$")  # a 1.7+ location line (``within `f` ``)
_UNTYPED_ENTRY = re.compile(r"  ([^\s:][^:]*)$")


def _sections(ctx: Context, j: int):
    """The sections (title, ((name, separator, type), …)) from line `j` up to the `Body::` line; (sections, its index)."""
    lines = ctx.lines
    sections = []
    while j < len(lines) and not lines[j].startswith(("Body::", "∘ ─")):  # `∘ ─`: Cthulhu's unoptimized view
        title = lines[j]
        if not title or title.startswith(" "):
            if not title:
                j += 1
                continue
            raise ctx.error("expected a section title (`Arguments`, `Locals`, `Variables`) or `Body::T`", j)
        entries = []
        j += 1
        while j < len(lines) and lines[j].startswith("  "):
            m = _SECTION_ENTRY.match(lines[j])
            if not m:
                bare = _UNTYPED_ENTRY.match(lines[j])
                if bare is None:
                    raise ctx.error("expected `  name::Type` (or a bare name) in a @code_warntype section", j, 2)
                entries.append((bare.group(1), "", None))  # printed without `::T`: the slot has no type
                j += 1
                continue
            entries.append((m.group(1), m.group(2), ctx.parse_type(m.group(3), j, m.start(3), warntype=True)))
            j += 1
        sections.append((title, tuple(entries)))
    if j >= len(lines):
        raise ctx.error("a @code_warntype print must have a `Body::T` line", len(lines) - 1)
    return tuple(sections), j


def read_warntype(ctx: Context, i: int):
    """The @code_warntype print starting at line `i`; returns (Function, index after it)."""
    lines = ctx.lines
    instance = source = None
    j = i
    if lines[j].startswith("MethodInstance for "):
        instance = lines[j][len("MethodInstance for "):]
        j += 1
        if j < len(lines) and lines[j].startswith("  from "):
            source = lines[j][len("  from "):]
            j += 1
    sections, j = _sections(ctx, j)
    if lines[j].startswith("∘ ─") and instance is None:
        return read_unoptimized_view(ctx, i, j)
    body_type = ctx.parse_type(lines[j][len("Body::"):], j, len("Body::"), warntype=True)
    start = k = j + 1
    while k < len(lines) and lines[k].strip() and not lines[k].startswith(WARNTYPE_STARTS):
        k += 1
    costs = envelope = None
    if instance is None:
        refuse_excerpt(ctx, start, k)
        # (0.7-DEV's warntype, `goto 3` and `%%x`: its line column before the block label looks like the cost
        # column of Cthulhu's warn view, which shows 1.6+ IR)
        if not sections and not shows_dev_printing("\n".join(lines[start:k])) and (
                is_compact_costs(ctx, start, k) or is_screen_compact(lines, start, k)):
            # Cthulhu's `:compact` warn view: `Body::T`, then IRCode (its gutter first, or on the right)
            return read_compact_view(ctx, j, start, k, body_type)
    if instance is None and not sections and start < k and has_costs_after_rail(lines, start, k):
        # Cthulhu's warn view with `inline_cost`: `Body::T`, then each cost after the rail
        body, costs = read_costs_after_rail(ctx, start, k, text="\n".join(lines[i:k]), warntype=True)
        envelope = "cthulhu"
    elif sections and sections[0][0] == "Variables" and any(_NEW_QUOTE.search(lines[n]) for n in range(start, k)):
        # Cthulhu's unoptimized warn view (2022+): its own `Variables` section (and blank line) over 1.7+ IR
        # (locations quoted `foo`): the style is the body's alone
        body = read_body(ctx, start, k, codeinfo=True, text="\n".join(lines[start:k]), warntype=True)
        envelope = "cthulhu"
    else:
        body = read_body(ctx, start, k, codeinfo=True, text="\n".join(lines[i:k]), warntype=True)
    header = WarntypeHeader(instance, source, sections, body_type)
    f = Function(Form.WARNTYPE, body.style, body.stmts, body.blocks, body.linetable, header=header,
                 screen=body.screen, catch_entry=body.catch_entry, costs=costs, envelope=envelope)
    return f, k
