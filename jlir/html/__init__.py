"""jlir.html: one self-contained HTML page to look at a function's IR (`jlir html`, `Function._repr_html_`).

    >>> import jlir, jlir.html
    >>> fns = jlir.functions(jlir.parse_file("dump.txt"))
    >>> open("f.html", "w").write(jlir.html.page(fns))
    >>> fns[0]                  # in Jupyter: the same view inline (no import of jlir.html needed)

The page shows the IR as Julia prints it (coloured as Julia colours it on a
terminal) beside the CFG drawn by Graphviz's `dot` (where installed; without
it the page says so and shows the text and facts only: a layout is not written
here).  Clicking a value highlights its definition and uses; clicking a block
shows its dominators, the blocks it dominates, its dominance frontier, its
loop, live-in and live-out.  Overlays: dominator tree, loops, non-concrete
types (as `@code_warntype` marks them), dead (unreachable) blocks.

This package sits above the analyses, passes, interpreter and structural diff
it shows, so `Function._repr_html_` cannot import it: it asks `jlir.ir.views`
for the "html" view, which this package provides twice over, by registering
on import and by the entry point `jlir.views: html` of pyproject.toml (found
through the installed metadata, so a notebook needs no `import jlir.html`).
"""
from __future__ import annotations

from jlir.html.assemble import document_fragment, function_fragment, page
from jlir.ir import views

__all__ = ["page", "function_fragment", "document_fragment"]

views.register("html", function_fragment)
views.register("document", document_fragment)
