"""Reading CFG listings: `ir.cfg` shown (`CFG with N blocks:` and `  bb i (stmts a:b) → bb j, k`), or the
older `i\t=>\tj, k` lines."""
from __future__ import annotations

import re

from jlir.ir.function import CFGListing
from jlir.ir.style import Style
from jlir.syntax.rows.context import Context
from jlir.syntax.rows.detect import detect_style

CFG_HEADER = re.compile(r"CFG with ([0-9]{1,18}) blocks:$")
CFG_OLD = re.compile(r"([0-9]{1,18})\t=>\t(.*)$")
_CFG_BLOCK = re.compile(r"  bb ([0-9]{1,18}) \((?:stmt ([0-9]{1,18})|stmts ([0-9]{1,18}):([0-9]{1,18}))\)(?: → bb (.*))?$")
# Successors as Julia prints them (`join(succs, ", ")`): anything else would not print back as written.
_SUCCESSORS = re.compile(r"(?:[0-9]{1,18}(?:, [0-9]{1,18})*)?")


def _successors(ctx: Context, text: str | None, index: int, column: int) -> tuple[int, ...]:
    """The block numbers of a listing's successor list, or a located error where it is not `i, j, …`."""
    if not text:
        return ()
    m = _SUCCESSORS.match(text)
    if m.end() != len(text):
        raise ctx.error("expected the successor blocks as `i, j, …`", index, column + m.end())
    return tuple(int(s) for s in text.split(", "))


def read_cfg(ctx: Context, i: int):
    """The CFG listing starting at line `i`; returns (CFGListing, index after it)."""
    lines = ctx.lines
    blocks = []
    m = CFG_HEADER.match(lines[i])
    if m:
        count = int(m.group(1))
        j = i + 1
        while j < len(lines) and (b := _CFG_BLOCK.match(lines[j])):
            first = int(b.group(2) or b.group(3))
            last = int(b.group(2) or b.group(4))
            blocks.append((first, last, _successors(ctx, b.group(5), j, b.start(5))))
            j += 1
        if len(blocks) != count:
            raise ctx.error(f"the CFG header announces {count} blocks, but {len(blocks)} follow",
                            j if j < len(lines) else len(lines) - 1)
        return CFGListing(detect_style(lines[i]), tuple(blocks)), j
    j = i
    while j < len(lines) and (b := CFG_OLD.match(lines[j])):
        if int(b.group(1)) != len(blocks) + 1:
            raise ctx.error(f"expected block {len(blocks) + 1} in the CFG listing", j)
        blocks.append((None, None, _successors(ctx, b.group(2), j, b.start(2))))
        j += 1
    return CFGListing(Style().narrowed(hi=(1, 8)), tuple(blocks)), j
