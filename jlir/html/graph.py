"""The CFG pane: Graphviz's `dot` lays the blocks out (`dot -Tsvg`), inline SVG with ids the script can use.

Blocks are `id="blk-N"` nodes labelled `#N` and their statements as Julia
prints them; edges carry their kind as classes (`true`, `false`, `catch`,
`back`, `fall`): a branch's sides, the fall-through, the catch edge and a
loop's back edges are told apart by colour and dash.  Dominator-tree edges (idom → block) are
drawn too (without moving the layout), hidden until the overlay is on (`domtree`).  Without `dot` the
pane holds a note instead: a layout is not written here.
"""
from __future__ import annotations

import html
import re
import shutil
import subprocess

from jlir import analysis as A
from jlir.analysis.render import block_texts, edges

_LABELLED_BLOCKS = 400
_DRAWN_BLOCKS = 1000
_MAX_WIDTH = 72  # characters of a statement shown in its node
_MAX_LINES = 12  # a block's statements shown in its node; the text pane has them all
_VALUE = re.compile(r"%(\d+)")
_TEXT = re.compile(r"(<text[^>]*>)(.*?)(</text>)", re.S)


class GraphUnavailable(Exception):
    """No `dot` here, or it failed: the page shows the text without a graph."""


def _dot_string(s: str) -> str:
    return s.replace("\\", "\\\\").replace('"', '\\"')


def cfg_source(fn) -> str:
    """The DOT text of `fn`'s CFG, with the ids and classes the page's script and CSS use.  A CFG of more than
    `_LABELLED_BLOCKS` blocks is drawn with block numbers only (dot lays out 3,000 labelled blocks in minutes,
    numbered ones in seconds); the text pane holds the statements."""
    texts = block_texts(fn)
    if len(texts) > _LABELLED_BLOCKS:
        texts = [[] for _ in texts]
    out = ["digraph cfg {", '  graph [bgcolor="transparent"];',
           '  node [shape=box, fontname="monospace", fontsize=10, style=filled, fillcolor="#ffffff"];']
    for b, lines in enumerate(texts, 1):
        shown = [x if len(x) <= _MAX_WIDTH else x[:_MAX_WIDTH - 1] + "…" for x in lines[:_MAX_LINES]]
        shown = shown + ([f"… {len(lines) - _MAX_LINES} more"] if len(lines) > _MAX_LINES else [])
        label = "".join(_dot_string(x) + "\\l" for x in [f"#{b}"] + shown)
        out.append(f'  b{b} [id="blk-{b}", class="blk", label="{label}"];')
    for e in edges(fn):
        kind = "back" if e.back else {"true": "true", "false": "false", "catch": "catch"}.get(e.label, "fall")
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


def cfg_svg(fn, timeout: float = 120.0) -> str:
    """The CFG as inline SVG (`dot -Tsvg`); GraphUnavailable when there is no `dot` or it fails."""
    n = len(A.cfg(fn).blocks)
    if n > _DRAWN_BLOCKS:
        raise GraphUnavailable(f"{n} blocks: no graph drawn (dot takes minutes past {_DRAWN_BLOCKS}); the text and "
                               "the clicks work without it")
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
    svg = svg.replace("stroke=\"transparent\"", "stroke=\"none\"")
    return _TEXT.sub(lambda m: m.group(1) + _VALUE.sub(
        lambda v: f'<tspan class="v" data-v="{v.group(1)}">%{v.group(1)}</tspan>', m.group(2)) + m.group(3), svg)


def graph_pane(fn) -> str:
    """The graph pane's HTML: the SVG, or the note saying why there is none."""
    try:
        return '<div class="graph">' + cfg_svg(fn) + "</div>"
    except GraphUnavailable as e:
        return f'<div class="graph nograph">{html.escape(str(e))}</div>'
