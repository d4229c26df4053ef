"""The CFG pane: the blocks laid out by Graphviz's `dot` (`dot -Tsvg`), or by grandalf where `dot` is missing.

Blocks are `id="blk-N"` nodes labelled `#N` and their statements as Julia
prints them; edges carry their kind as classes (`true`, `false`, `catch`,
`back`, `fall`): a branch's sides, the fall-through, the catch edge and a
loop's back edges are told apart by colour and dash.  Dominator-tree edges (idom → block) are
drawn too (without moving the layout), hidden until the overlay is on (`domtree`).

The layout engine is chosen per graph (`choose`): `dot` where installed, for
up to `_DOT_BLOCKS` blocks and within `_DOT_SECONDS`; otherwise (no `dot`, a
bigger CFG, `dot` over its time) grandalf's pure-Python layered layout
(`jlir.html.layered`), up to `_DRAWN_BLOCKS` blocks; past that the pane says
why there is no graph.  `layout="dot"`/`"layered"` (or JLIR_HTML_LAYOUT)
forces one engine.
"""
from __future__ import annotations

import html
import os
import re
import shutil
import subprocess

from jlir import analysis as A
from jlir.html.render import block_texts, edges
import jlir.html.layered as layered

_LABELLED_BLOCKS = 400
_DOT_BLOCKS = 1000     # dot needs 19 s for 1,879 numbered blocks here, minutes for 3,000: grandalf 3 s and 8 s
_DOT_SECONDS = 60.0    # dot's time budget: past it the layered layout draws the graph instead
_DRAWN_BLOCKS = 5000   # grandalf's time grows faster than the graph: past this, no graph
_MAX_WIDTH = 72  # characters of a statement shown in its node
_MAX_LINES = 12  # a block's statements shown in its node; the text pane has them all
_VALUE = re.compile(r"%(\d+)")
_TEXT = re.compile(r"(<text[^>]*>)(.*?)(</text>)", re.S)
LAYOUTS = ("auto", "dot", "layered")
LAYOUT_ENV = "JLIR_HTML_LAYOUT"


class GraphUnavailable(Exception):
    """No layout engine here, or it failed, or the graph is too big: the page shows the text without a graph."""


def _dot_string(s: str) -> str:
    return s.replace("\\", "\\\\").replace('"', '\\"')


def node_labels(fn) -> list[list[str]]:
    """Each block's label lines: `#N` and its statements (cut to `_MAX_LINES` of `_MAX_WIDTH`).  A CFG of more
    than `_LABELLED_BLOCKS` blocks shows block numbers only (dot lays out 3,000 labelled blocks in minutes,
    numbered ones in seconds); the text pane holds the statements."""
    try:
        texts = block_texts(fn)
    except Exception:  # a statement the one-line printer cannot show (a nested CodeInfo): numbers, the text has it
        texts = [[] for _ in A.cfg(fn).blocks]
    if len(texts) > _LABELLED_BLOCKS:
        texts = [[] for _ in texts]
    out = []
    for b, lines in enumerate(texts, 1):
        shown = [x if len(x) <= _MAX_WIDTH else x[:_MAX_WIDTH - 1] + "…" for x in lines[:_MAX_LINES]]
        out.append([f"#{b}"] + shown + ([f"… {len(lines) - _MAX_LINES} more"] if len(lines) > _MAX_LINES else []))
    return out


def _kind(e) -> str:
    return "back" if e.back else {"true": "true", "false": "false", "catch": "catch"}.get(e.label, "fall")


def cfg_source(fn) -> str:
    """The DOT text of `fn`'s CFG, with the ids and classes the page's script and CSS use."""
    out = ["digraph cfg {", '  graph [bgcolor="transparent"];',
           '  node [shape=box, fontname="monospace", fontsize=10, style=filled, fillcolor="#ffffff"];']
    for b, lines in enumerate(node_labels(fn), 1):
        label = "".join(_dot_string(x) + "\\l" for x in lines)
        out.append(f'  b{b} [id="blk-{b}", class="blk", label="{label}"];')
    for e in edges(fn):
        kind = _kind(e)
        attrs = [f'id="e-{e.src}-{e.dst}"', f'class="edge {kind}"']
        if e.label:
            attrs.append(f'label="{_dot_string(e.label)}"')
        if e.back:
            attrs.append("style=dashed")
        if kind == "catch":
            attrs.append("style=dotted")
        out.append(f"  b{e.src} -> b{e.dst} [{', '.join(attrs)}];")
    dom = A.dominators(fn)
    for b, idom in enumerate(dom.idoms, 1):
        if idom > 0:
            out.append(f'  b{idom} -> b{b} [class="dom", constraint=false, style=dashed, color="#2e7d32"];')
    out.append("}")
    return "\n".join(out) + "\n"


def choose(n: int, layout: str | None = None) -> str:
    """The engine that draws a CFG of `n` blocks: "dot" or "layered"; GraphUnavailable when none can.
    `layout` (default: $JLIR_HTML_LAYOUT, else "auto") forces one engine."""
    layout = layout or os.environ.get(LAYOUT_ENV) or "auto"
    if layout not in LAYOUTS:
        raise ValueError(f"unknown layout {layout!r}: one of {', '.join(LAYOUTS)}")
    if n > _DRAWN_BLOCKS:
        raise GraphUnavailable(f"{n} blocks: no graph drawn (a layout takes minutes past {_DRAWN_BLOCKS}); the "
                               "text and the clicks work without it")
    has_dot = shutil.which("dot") is not None
    if layout == "dot" and not has_dot:
        raise GraphUnavailable("Graphviz's `dot` is not installed (apt-get install graphviz): no graph drawn")
    if layout != "auto":
        return layout
    if has_dot and (n <= _DOT_BLOCKS or not layered.available()):
        return "dot"
    if layered.available():
        return "layered"
    raise GraphUnavailable("neither Graphviz's `dot` (apt-get install graphviz) nor grandalf (pip install "
                           "grandalf) is installed: no graph drawn")


def cfg_svg(fn, layout: str | None = None, timeout: float | None = None) -> tuple[str, str]:
    """(the CFG as inline SVG, the engine that drew it); GraphUnavailable when none could.  In "auto", dot
    over its time budget hands the graph to the layered layout."""
    engine = choose(len(A.cfg(fn).blocks), layout)
    try:
        svg = _dot_svg(fn, timeout or _DOT_SECONDS) if engine == "dot" else _layered_svg(fn)
    except GraphUnavailable:
        if engine != "dot" or (layout or os.environ.get(LAYOUT_ENV) or "auto") != "auto" \
                or not layered.available():
            raise
        svg, engine = _layered_svg(fn), "layered"
    return _TEXT.sub(lambda m: m.group(1) + _VALUE.sub(
        lambda v: f'<tspan class="v" data-v="{v.group(1)}">%{v.group(1)}</tspan>', m.group(2)) + m.group(3),
        svg), engine


def _dot_svg(fn, timeout: float) -> str:
    exe = shutil.which("dot")
    if exe is None:
        raise GraphUnavailable("Graphviz's `dot` is not installed (apt-get install graphviz): no graph drawn")
    try:
        r = subprocess.run([exe, "-Tsvg"], input=cfg_source(fn), capture_output=True, text=True, timeout=timeout)
    except (OSError, subprocess.TimeoutExpired) as e:
        raise GraphUnavailable(f"`dot` failed: {e}") from None
    if r.returncode != 0:
        raise GraphUnavailable(f"`dot` failed: {r.stderr.strip()[:200]}")
    svg = r.stdout[r.stdout.find("<svg"):]
    return svg.replace("stroke=\"transparent\"", "stroke=\"none\"")


def _layered_svg(fn) -> str:
    """The same picture as dot's (ids, classes, dashes) from grandalf's coordinates."""
    labels = node_labels(fn)
    es = edges(fn)
    try:
        boxes, paths = layered.layout(labels, [(e.src, e.dst) for e in es])
    except layered.LayoutUnavailable as e:
        raise GraphUnavailable(str(e)) from None
    parts = [layered.node_svg(b, box, lines) for b, (box, lines) in enumerate(zip(boxes, labels), 1)]
    for e in es:
        kind = _kind(e)
        dash = ' stroke-dasharray="5,2"' if e.back else ' stroke-dasharray="1,3"' if kind == "catch" else ""
        parts.append(layered.edge_svg(f"e-{e.src}-{e.dst}", f"edge {kind}", boxes[e.src - 1], boxes[e.dst - 1],
                                      paths.get((e.src, e.dst), ()), e.label, dash))
    for b, idom in enumerate(A.dominators(fn).idoms, 1):
        if idom > 0:
            parts.append(layered.edge_svg(f"d-{idom}-{b}", "edge dom", boxes[idom - 1], boxes[b - 1], (), "",
                                          ' stroke-dasharray="5,2" stroke="#2e7d32"'))
    w, h = layered.size(boxes, paths)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0f}pt" height="{h:.0f}pt" '
            f'viewBox="0 0 {w:.0f} {h:.0f}"><g class="graph">{"".join(parts)}</g></svg>')


def graph_pane(fn, layout: str | None = None) -> str:
    """The graph pane's HTML: the SVG (the engine named in data-layout), or the note saying why there is none."""
    try:
        svg, engine = cfg_svg(fn, layout)
    except (GraphUnavailable, ValueError) as e:  # ValueError: a $JLIR_HTML_LAYOUT naming no engine
        return f'<div class="graph nograph">{html.escape(str(e))}</div>'
    return f'<div class="graph" data-layout="{engine}">{svg}</div>'
