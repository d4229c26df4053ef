"""The page: per function a text pane, a graph pane and its facts; with passes the after-version beside it,
with a run its result and counts; the script and style inline (no network, nothing to install to view it)."""
from __future__ import annotations

import html
import json
import re
import uuid
from importlib import resources

from jlir.ir.errors import JlirError
from jlir.html.facts import block_of_statement, flagged_statements, function_facts
from jlir.html.graph import graph_pane
from jlir.html.text import text_pane

_COPY = re.compile(r"\(?[A-Za-z_@#][\w@#!]* = ")
_OVERLAYS = (("domtree", "dominator tree"), ("loops", "loops"), ("unstable", "non-concrete types"),
             ("dead", "dead code"))


def _asset(name: str) -> str:
    return resources.files("jlir.html").joinpath("assets", name).read_text(encoding="utf-8")


def _json(data) -> str:
    # `</` inside a <script> would end it: escaped, the JSON means the same
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")


def view(fn, title: str, marks: dict[int, str] | None = None, counts: dict[int, int] | None = None,
         layout: str | None = None, anchor: str | None = None) -> str:
    """One function's view: the text, the graph and the facts the script reads; a function whose CFG cannot be
    built (an excerpt branching outside itself) shows its text and why, not a broken picture.  `anchor`: the
    section's id, which the index links to."""
    head = f'<section class="fn"{f" id={_attr(anchor)}" if anchor else ""}><h2>{html.escape(title)}</h2>'
    try:
        facts = function_facts(fn)
    except JlirError as e:
        import jlir
        return (f'{head}<div class="nograph">no analyses: '
                f'{html.escape(str(e))}</div><pre class="ir">{html.escape(jlir.format(fn))}</pre></section>')
    facts["marks"] = {str(k): v for k, v in (marks or {}).items()}
    facts["counts"] = {str(b): c for b, c in (counts or {}).items()}
    text = text_pane(fn, block_of_statement(fn), flagged_statements(fn))
    return (f'{head}<div class="panes">{text}{graph_pane(fn, layout)}</div>'
            f'<div class="info">Click a value (%n) or a block.</div>'
            f'<script type="application/json" class="facts">{_json(facts)}</script></section>')


def _attr(value: str) -> str:
    return '"' + html.escape(value, quote=True) + '"'


def function_titles(fns, names=None) -> list[str]:
    """Each function's heading: the name its document gives it (a fetch label, its `MethodInstance for` line, a
    vector element `NAME[k]`), else `function K`; a name given twice gets its number too."""
    names = list(names or [])
    titles = [(names[i] if i < len(names) and names[i] else None) or f"function {i + 1}" for i in range(len(fns))]
    twice = {t for t in titles if titles.count(t) > 1}
    return [f"{t} (function {i + 1})" if t in twice else t for i, t in enumerate(titles)]


def index(fns, titles: list[str], anchors: list[str]) -> str:
    """The table of the functions, each linked to its view: name, display, Julia versions, blocks, statements and
    the returned type (the columns of `jlir parse`)."""
    from jlir.ir.function import summary
    rows = []
    for k, (fn, t, a) in enumerate(zip(fns, titles, anchors), 1):
        what = summary(fn)
        rows.append(f'<tr><td>{k}</td><td><a href="#{html.escape(a, quote=True)}">{html.escape(t)}</a></td>'
                    f'<td>{html.escape(what)}</td></tr>')
    return ('<nav class="index"><table><thead><tr><th>#</th><th>function</th><th>what</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></nav>')


def _toolbar() -> str:
    boxes = "".join(f'<label><input type="checkbox" data-overlay="{k}"> {html.escape(t)}</label>'
                    for k, t in _OVERLAYS)
    return f'<div class="toolbar">Overlays: {boxes}</div>'


def document(body: str, title: str) -> str:
    """A whole self-contained page around `body`."""
    return (f'<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
            f'<style>{_asset("view.css")}</style></head><body class="jlir"><h1>{html.escape(title)}</h1>'
            f'{_toolbar()}{body}<script>{_asset("view.js")}</script></body></html>\n')


def function_fragment(fn, title: str = "function", layout: str | None = None) -> str:
    """One function's view as an HTML fragment (Jupyter's `_repr_html_`): style and script inline, scoped to it."""
    return (f'<div class="jlir">{_toolbar()}<style>{_asset("view.css")}</style>{view(fn, title, layout=layout)}'
            f'<script>{_asset("view.js")}</script></div>')


def document_fragment(doc, layout: str | None = None) -> str:
    """A document's view as an HTML fragment (`Document._repr_html_`): the table of its functions, then each
    function's view, one style and one script for all.  Ids carry a token of their own, so that two outputs in
    one notebook never share one."""
    from jlir.compare.names import function_names
    from jlir.ir.items import functions
    fns = functions(doc)
    titles = function_titles(fns, function_names(doc))
    token = uuid.uuid4().hex[:8]
    anchors = [f"jlir-{token}-fn-{k}" for k in range(1, len(fns) + 1)]
    views = "".join(view(fn, t, layout=layout, anchor=a) for fn, t, a in zip(fns, titles, anchors))
    return (f'<div class="jlir">{_toolbar()}<style>{_asset("view.css")}</style>{index(fns, titles, anchors)}'
            f'{views}<script>{_asset("view.js")}</script></div>')


def page(fns, title: str = "jlir", *, names=None, passes=None, after=None, diffs=None, runs=None, layout=None) -> str:
    """The page of every function in `fns`, headed by the table of them when there are several.  `names[i]`:
    function i's name (`jlir.compare.names.function_names`); `after[i]`/`diffs[i]`: function i after `passes`
    and the structural diff (`jlir.compare.FunctionDiff`); `runs[i]`: (heading text, {block: count}) of a run of
    function i; `layout`: the graphs' engine (`jlir.html.graph.choose`: "auto", "dot" or "layered")."""
    titles = function_titles(fns, names)
    anchors = [f"fn-{k}" for k in range(1, len(fns) + 1)]
    parts = [index(fns, titles, anchors)] if len(fns) > 1 else []
    for i, fn in enumerate(fns):
        name = titles[i]
        if runs and runs[i] is not None:
            parts.append(_run_note(runs[i]))
        if after is None:
            counts = runs[i][1] if runs and runs[i] else None
            parts.append(view(fn, name, _heat(counts or {}), counts, layout, anchor=anchors[i]))
            continue
        before, later = _diff_marks(diffs[i]) if diffs and diffs[i] is not None else ({}, {})
        parts.append(f'<div class="sidebyside" id="{anchors[i]}">{view(fn, name + " (before)", before, layout=layout)}'
                     f'{view(after[i], f"{name} after {passes}", later, layout=layout)}</div>')
    return document("".join(parts), title)


def _diff_marks(d) -> tuple[dict[int, str], dict[int, str]]:
    """{statement: removed|changed} on the before side, {statement: inserted|changed|copy} on the after side."""
    before, later = {}, {}
    for s in d.statements:
        if s.op == "removed" and s.a is not None:
            before[s.a.id] = "removed"
        elif s.op == "added" and s.b is not None:
            later[s.b.id] = "copy" if _is_copy(s.b.text) else "inserted"
        elif s.op == "changed":
            if s.a is not None:
                before[s.a.id] = "changed"
            if s.b is not None:
                later[s.b.id] = "changed"
    return before, later


def _is_copy(text: str) -> bool:
    """A copy out-of-SSA inserts for a φ: an assignment to a variable (`(phi_8 = true)::Bool`, `phi_10 = phi_9`)."""
    return _COPY.match(text) is not None


def _heat(counts: dict[int, int]) -> dict[int, str]:
    """Blocks run, as `heat-1` … `heat-4` by their share of the most-run block's count (keyed by -block)."""
    top = max(counts.values(), default=0)
    return {-b: f"heat-{max(1, min(4, (4 * c + top - 1) // top))}" for b, c in counts.items() if c > 0}


def _run_note(run) -> str:
    heading, counts = run
    ran = ", ".join(f"#{b}×{c}" for b, c in sorted(counts.items()))
    return (f'<div class="run"><b>{html.escape(heading)}</b>'
            + (f'<div class="counts">blocks entered: {ran}</div>' if counts else "") + "</div>")
