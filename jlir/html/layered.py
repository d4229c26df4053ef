"""The CFG laid out without Graphviz: grandalf's layered (Sugiyama) layout, drawn here as SVG like dot's.

grandalf (pure Python, on PyPI: the `layout` extra) ranks the blocks, orders
each layer to cut crossings and places them; this module only turns its
coordinates into the SVG the page's script and style already read from dot:
`<g id="blk-N" class="node blk">` boxes, `<g id="e-A-B" class="edge KIND">`
polylines with arrowheads, and the hidden dominator-tree edges (`edge dom`).

The layout needs a DAG: every edge to a block printed earlier (or the same)
is turned around for ranking, so blocks rank in the order Julia prints them
and a loop's back edge climbs back up, as in dot's picture.  A self-loop is
left out of the layout and drawn as a small arc on its block's right side.
"""
from __future__ import annotations

import html
import importlib.util
import math
from dataclasses import dataclass

_CHAR_W = 6.2   # px of one monospace character at the nodes' font size
_LINE_H = 13.0  # px of one text line
_PAD = 6.0


class LayoutUnavailable(Exception):
    """grandalf is not installed, or it could not lay this graph out (the page then says why)."""


@dataclass(frozen=True, slots=True)
class Box:
    """A laid-out block: its centre and half sizes (px)."""
    x: float
    y: float
    hw: float
    hh: float


def available() -> bool:
    return importlib.util.find_spec("grandalf") is not None


class _View:
    __slots__ = ("w", "h", "xy")

    def __init__(self, w: float, h: float):
        self.w, self.h, self.xy = w, h, (0.0, 0.0)


class _EdgeView:
    __slots__ = ("path",)

    def __init__(self):
        self.path = []

    def setpath(self, pts):
        self.path = [tuple(p) for p in pts]


def layout(labels: list[list[str]], arcs: list[tuple[int, int]]) -> tuple[list[Box], dict[tuple[int, int], list]]:
    """Boxes of blocks 1..n (each sized to its label's lines) and each non-self edge's polyline (centre to
    centre, through the layers it crosses), in px with the top-left corner at (0, 0)."""
    try:
        from grandalf.graphs import Edge, Vertex, graph_core
        from grandalf.layouts import SugiyamaLayout
    except ImportError:
        raise LayoutUnavailable("neither Graphviz's `dot` nor grandalf (pip install grandalf) is installed: "
                                "no graph drawn") from None
    verts = [Vertex(b) for b in range(1, len(labels) + 1)]
    for v, lines in zip(verts, labels):
        v.view = _View(max(len(x) for x in lines) * _CHAR_W + 2 * _PAD, len(lines) * _LINE_H + _PAD)
    kept = [(a, b) for a, b in dict.fromkeys(arcs) if a != b]
    es = {(a, b): Edge(verts[a - 1], verts[b - 1]) for a, b in kept}
    for e in es.values():
        e.view = _EdgeView()
    comps = _components(len(verts), kept)
    cores = [graph_core([verts[b - 1] for b in c], [es[e] for e in c_es]) for c, c_es in comps]
    try:
        for comp in cores:
            sug = SugiyamaLayout(comp)
            sug.xspace, sug.yspace = 18, 26
            # roots: grandalf adds every block with no edge into it once the backward edges are turned
            sug.init_all(roots=[], inverted_edges=[es[a, b] for a, b in kept if b < a and es[a, b] in comp.sE])
            sug.draw(2)
    except RecursionError:  # grandalf places a layer's blocks recursively: a layer too wide for Python's stack
        raise LayoutUnavailable("the layered layout failed on this graph (a layer too wide): no graph drawn")\
            from None
    return _placed(verts, cores)


def _components(n: int, arcs: list[tuple[int, int]]) -> list[tuple[list[int], list[tuple[int, int]]]]:
    """The weakly connected components of blocks 1..n (union-find, linear): their blocks and edges.  grandalf's
    own `Graph` finds them in quadratic time (list membership), 3 of 6 s on a 1,879-block CFG."""
    parent = list(range(n + 1))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x
    for a, b in arcs:
        parent[find(a)] = find(b)
    groups: dict[int, tuple[list, list]] = {}
    for b in range(1, n + 1):
        groups.setdefault(find(b), ([], []))[0].append(b)
    for a, b in arcs:
        groups[find(a)][1].append((a, b))
    return list(groups.values())


def _placed(verts, cores):
    """Components side by side (grandalf lays each at the origin), shifted to non-negative coordinates."""
    boxes: list[Box | None] = [None] * len(verts)
    paths = {}
    left = 0.0
    for comp in cores:
        vs = list(comp.sV)
        bends = [p for e in comp.sE for p in e.view.path] or [(0.0, 0.0)]  # a long back edge may pass left
        x0 = min(min(v.view.xy[0] - v.view.w / 2 for v in vs), min(x for x, _ in bends))
        y0 = min(min(v.view.xy[1] - v.view.h / 2 for v in vs), min(y for _, y in bends))
        dx, dy = left - x0 + 4, -y0 + 4
        for v in vs:
            boxes[v.data - 1] = Box(v.view.xy[0] + dx, v.view.xy[1] + dy, v.view.w / 2, v.view.h / 2)
        for e in comp.sE:
            paths[e.v[0].data, e.v[1].data] = [(x + dx, y + dy) for x, y in e.view.path]
        left = max([b.x + b.hw for b in boxes if b is not None] + [x for p in paths.values() for x, _ in p]) + 24
    return boxes, paths


def _border(box: Box, toward: tuple[float, float]) -> tuple[float, float]:
    """Where the line from the box's centre toward a point leaves the box."""
    dx, dy = toward[0] - box.x, toward[1] - box.y
    if dx == 0 and dy == 0:
        return box.x, box.y + box.hh
    t = min(box.hw / abs(dx) if dx else math.inf, box.hh / abs(dy) if dy else math.inf)
    return box.x + dx * t, box.y + dy * t


def _arrow(tip, prev) -> str:
    dx, dy = tip[0] - prev[0], tip[1] - prev[1]
    d = math.hypot(dx, dy) or 1.0
    ux, uy = dx / d, dy / d
    bx, by = tip[0] - 8 * ux, tip[1] - 8 * uy
    pts = [tip, (bx - 3.5 * uy, by + 3.5 * ux), (bx + 3.5 * uy, by - 3.5 * ux)]
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)


def edge_svg(gid: str, cls: str, box_a: Box, box_b: Box, path, label: str, dash: str) -> str:
    """One edge: the polyline clipped to the two boxes, an arrowhead at the target, its label near the start."""
    if box_a is box_b:  # a self-loop: an arc on the right side
        x, y = box_a.x + box_a.hw, box_a.y
        d = f"M{x:.1f},{y - 4:.1f} C{x + 26:.1f},{y - 16:.1f} {x + 26:.1f},{y + 16:.1f} {x + 2:.1f},{y + 5:.1f}"
        head, mid = _arrow((x, y + 4), (x + 12, y + 10)), (x + 28, y)
    else:
        pts = list(path) or [(box_a.x, box_a.y), (box_b.x, box_b.y)]
        pts[0] = _border(box_a, pts[1])
        pts[-1] = _border(box_b, pts[-2])
        d = "M" + " L".join(f"{x:.1f},{y:.1f}" for x, y in pts)
        head = _arrow(pts[-1], pts[-2])
        mid = ((pts[0][0] + pts[1][0]) / 2, (pts[0][1] + pts[1][1]) / 2)
    # the label stands on the outer side of its edge's first segment: a branch's two edges leave their block
    # side by side, so a label written rightwards from the left edge would run into the right edge's label
    leftwards = box_a is not box_b and pts[1][0] < pts[0][0] - 1
    anchor, x = ("end", mid[0] - 3) if leftwards else ("start", mid[0] + 3)
    text = (f'<text text-anchor="{anchor}" x="{x:.1f}" y="{mid[1]:.1f}" font-family="monospace" font-size="9">'
            f'{html.escape(label)}</text>') if label else ""
    return (f'<g id="{gid}" class="{cls}"><path fill="none" stroke="black"{dash} d="{d}"/>'
            f'<polygon fill="black" stroke="black" points="{head}"/>{text}</g>')


def node_svg(b: int, box: Box, lines: list[str]) -> str:
    """One block: a white box and its label's lines, left-aligned as dot's `\\l` lines are."""
    x0, y0 = box.x - box.hw, box.y - box.hh
    corners = [(x0, y0), (x0 + 2 * box.hw, y0), (x0 + 2 * box.hw, y0 + 2 * box.hh), (x0, y0 + 2 * box.hh)]
    texts = "".join(f'<text text-anchor="start" x="{x0 + _PAD:.1f}" y="{y0 + _PAD / 2 + (k + 0.8) * _LINE_H:.1f}" '
                    f'font-family="monospace" font-size="10">{html.escape(t)}</text>' for k, t in enumerate(lines))
    return (f'<g id="blk-{b}" class="node blk"><title>b{b}</title><polygon fill="#ffffff" stroke="black" '
            f'points="{" ".join(f"{x:.1f},{y:.1f}" for x, y in corners)}"/>{texts}</g>')


def size(boxes: list[Box], paths: dict) -> tuple[float, float]:
    """The drawing's width and height: its boxes, its edges' bends and room for a self-loop's arc."""
    xs = [b.x + b.hw + 40 for b in boxes] + [x + 8 for p in paths.values() for x, _ in p]
    ys = [b.y + b.hh + 8 for b in boxes] + [y + 8 for p in paths.values() for _, y in p]
    return (max(xs), max(ys)) if boxes else (8.0, 8.0)
