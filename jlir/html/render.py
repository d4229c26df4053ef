"""The CFG of a function as a picture: Graphviz DOT, a Mermaid flowchart, or a networkx graph.

Each node is a block, labelled with its number (`#3`) and its statements as
Julia prints them (`%5 = Base.add_int(%3, 1)::Int64`; the `%n = ` column only
where the value is used, as Julia's printer decides).  Each edge is labelled
with what takes it: for `goto #d if not %c` the fall-through is the *true*
side and `#d` the *false* side; an `enter`'s edge to its catch block is
`catch`.  Back edges (`jlir.analysis.natural_loops`) are dashed.

`to_dot`, `to_mermaid` and `to_networkx` draw a function as Julia computes with it (`jlir.analysis.inflated`),
memoised with its analyses (`jlir.analysis.memo`; `jlir.analysis.clear()` forgets them too).  They live here,
with what shows things (the HTML page draws the same blocks and edges), above the analyses they read.

Escaping is per format, since each reads a different text:
* DOT: plain `label="…"` strings (not records or HTML labels, so `<`, `>`,
  `{`, `|` are ordinary): `\\` and `"` escaped, each line ended by `\\l` (left-aligned).
* Mermaid: quoted labels, where Mermaid decodes `#name;`/`#NN;` entities and
  renders HTML: `#` becomes `#35;` first, then `"`, `<`, `>`, `&` and backquote
  become `#quot;`, `#lt;`, `#gt;`, `#amp;`, `#96;`; lines are joined by `<br>`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from jlir.analysis.facade import cfg as analysis_cfg, inflated, loops
from jlir.analysis.memo import memoised
from jlir.ir import nodes as N
from jlir.ir.errors import JlirError
from jlir.ir.function import Form
from jlir.ir.walk import used_ids
from jlir.printer.exprs import ExprPrinter

_TYPED_FORMS = (Form.TYPED, Form.IRCODE, Form.WARNTYPE)


def to_dot(fn) -> str:
    """The CFG as Graphviz DOT, each block's statements as Julia prints them."""
    return memoised(fn, "dot", lambda: cfg_dot(inflated(fn)))


def to_mermaid(fn) -> str:
    """The CFG as a Mermaid flowchart (renders on GitHub in a ```mermaid block)."""
    return memoised(fn, "mermaid", lambda: cfg_mermaid(inflated(fn)))


def to_networkx(fn):
    """The CFG as a `networkx.DiGraph` (a new graph each call: it is mutable); needs networkx installed."""
    return cfg_networkx(inflated(fn))


class MissingDependency(JlirError, ImportError):
    """An optional package an output needs (networkx) is not installed."""


@dataclass(frozen=True, slots=True)
class Edge:
    """A CFG edge `src → dst`: `label` is `true`, `false`, `catch` or empty; `back` marks a loop's back edge."""
    src: int
    dst: int
    label: str
    back: bool


def block_texts(fn) -> list[list[str]]:
    """Per block (Julia's order), its positional statements as Julia prints them after the rail."""
    ep = ExprPrinter(fn.style, ircode=fn.form is Form.IRCODE)
    show_types = fn.form in _TYPED_FORMS
    warntype = fn.form is Form.WARNTYPE
    used = used_ids(fn.stmts)
    stmts = fn.positional
    out = []
    for block in fn.blocks:
        lines = []
        for i in block.stmts:
            if not 1 <= i <= len(stmts):
                continue
            _, _, bare, typed = ep.statement_line(stmts[i - 1], show_types)
            lines.append(f"%{i} = {typed}" if i in used else (bare if warntype else typed))
        out.append(lines)
    return out


def edges(fn) -> list[Edge]:
    """Every successor edge of `fn`'s CFG, in Julia's successor order, labelled by the branch side taken."""
    cfg = analysis_cfg(fn)
    back = _back_edges(fn)
    stmts = fn.positional
    out = []
    for b, block in enumerate(cfg.blocks, 1):
        term = stmts[block.last - 1].node if 1 <= block.last <= len(stmts) else None
        kind = N.flow_kind(term)
        for s in block.succs:
            out.append(Edge(b, s, _edge_label(kind, term, b, s), (b, s) in back))
    return out


def _edge_label(kind, term, b: int, s: int) -> str:
    if kind == "gotoifnot":
        if term.dest == b + 1:
            return "true/false"
        return "false" if s == term.dest else "true"
    if kind == "enter" and s == term.catch_dest:
        return "catch"
    return ""


def _back_edges(fn) -> set[tuple[int, int]]:
    """The natural loops' back edges `(latch, header)` (`jlir.analysis.natural_loops`)."""
    return {tuple(e) for e in loops(fn).back_edges}


# ---------------------------------------------------------------- DOT
def _dot_string(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def cfg_dot(fn, name: str = "cfg") -> str:
    """The CFG as a Graphviz digraph; `dot -Tsvg` renders it."""
    out = [f'digraph "{_dot_string(name)}" {{',
           '  node [shape=box, fontname="monospace", fontsize=10];',
           '  edge [fontname="monospace", fontsize=9];']
    for b, lines in enumerate(block_texts(fn), 1):
        label = "".join(_dot_string(line) + "\\l" for line in [f"#{b}"] + lines)
        out.append(f'  b{b} [label="{label}"];')
    for e in edges(fn):
        attrs = []
        if e.label:
            attrs.append(f'label="{e.label}"')
        if e.back:
            attrs.append("style=dashed")
        out.append(f"  b{e.src} -> b{e.dst}" + (f" [{', '.join(attrs)}]" if attrs else "") + ";")
    out.append("}")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- Mermaid
_MERMAID_ENTITIES = (("#", "#35;"), ('"', "#quot;"), ("<", "#lt;"), (">", "#gt;"), ("&", "#amp;"), ("`", "#96;"))


def _mermaid_string(text: str) -> str:
    """`text` safe inside a quoted Mermaid label (`#` first: the other replacements insert `#`)."""
    for char, entity in _MERMAID_ENTITIES:
        text = text.replace(char, entity)
    return text


def cfg_mermaid(fn) -> str:
    """The CFG as a Mermaid `flowchart TD` (GitHub renders it in a ```mermaid block)."""
    out = ["flowchart TD"]
    for b, lines in enumerate(block_texts(fn), 1):
        label = "<br>".join(_mermaid_string(line) for line in [f"#{b}"] + lines)
        out.append(f'  b{b}["{label}"]')
    for e in edges(fn):
        arrow = "-.->" if e.back else "-->"
        label = f'|"{e.label}"|' if e.label else ""
        out.append(f"  b{e.src} {arrow}{label} b{e.dst}")
    return "\n".join(out) + "\n"


_MERMAID_NODE = re.compile(r"  b([0-9]+)\[")
_MERMAID_EDGE = re.compile(r"  b([0-9]+) (-->|-\.->)((?:\|\"[^\"]*\"\|)?) b([0-9]+)")


def mermaid_document(parts: list[tuple[str, str]]) -> str:
    """One Mermaid document of several functions' flowcharts: `(title, cfg_mermaid text)` each, in order.

    A Mermaid text holds one diagram, so several `flowchart TD` blocks in one stream are no Mermaid
    text; here each function is a `subgraph fK["title"]` of one flowchart, its blocks renamed `fKbN`
    so ids are unique across functions.  The texts are `cfg_mermaid`'s own lines (the answers may come
    from worker processes, as text), read back by their fixed shapes; any other line is an error.
    """
    out = ["flowchart TD"]
    for k, (title, text) in enumerate(parts, 1):
        lines = text.rstrip("\n").split("\n")
        if lines[0] != "flowchart TD":
            raise ValueError(f"not a cfg_mermaid text: {lines[0]!r}")
        out.append(f"  %% {title}")
        out.append(f'  subgraph f{k}["{_mermaid_string(title)}"]')
        for line in lines[1:]:
            if m := _MERMAID_EDGE.fullmatch(line):
                out.append(f"    f{k}b{m[1]} {m[2]}{m[3]} f{k}b{m[4]}")
            elif m := _MERMAID_NODE.match(line):
                out.append(f"    f{k}b{m[1]}[" + line[m.end():])
            else:
                raise ValueError(f"not a cfg_mermaid line: {line!r}")
        out.append("  end")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- networkx
def cfg_networkx(fn):
    """The CFG as a `networkx.DiGraph`: nodes are block numbers (attributes `first`, `last`, `stmts`: the
    printed statements), edges carry `label` (`true`/`false`/`catch`/empty) and `back`."""
    try:
        import networkx as nx
    except ImportError:
        raise MissingDependency("jlir.html.render.to_networkx needs networkx, which is not installed: "
                          "pip install networkx") from None
    g = nx.DiGraph()
    for b, (block, lines) in enumerate(zip(analysis_cfg(fn).blocks, block_texts(fn)), 1):
        g.add_node(b, first=block.first, last=block.last, stmts=lines)
    for e in edges(fn):
        g.add_edge(e.src, e.dst, label=e.label, back=e.back)
    return g
