"""Rich views of the model (Jupyter's `_repr_html_`), drawn by a package above `jlir.ir` that this layer never names.

A `Function` shown in a notebook should draw itself with no `import jlir.html`,
yet `jlir.ir` (rank 0) may import nothing above it, and `jlir.html` (rank 10)
sits above the analyses, passes and interpreter it shows.  So this layer only
offers an extension point: named renderers (`"html"`: a Function → an HTML
fragment), filled in one of two ways, both from above:

* by registration: `register("html", render)`, what importing `jlir.html` does;
* by the distribution's metadata: the entry-point group `jlir.views`, where
  pyproject.toml declares `html = "jlir.html:function_fragment"`.  On the first
  `render` of a name nobody registered, `importlib.metadata` loads the object
  an installed distribution declares under that name (once: a miss is remembered).

Why this is not an upward import in disguise: no module name of a higher layer
appears in this code (tests/test_structure.py reads import statements, and an
import spelled as a string would hide one from it: there is none here).  The
arrow is declared by the higher layer, in packaging metadata, as a pytest
plugin or a console script is; this layer runs the same without it, when
`render` returns None and Jupyter falls back to the text `repr`.  A source tree
used without installing it (no metadata) gets the rich view after `import jlir.html`.
"""
from __future__ import annotations

from importlib import metadata
from typing import Callable

GROUP = "jlir.views"
_renderers: dict[str, Callable] = {}
_missing: set[str] = set()


def register(name: str, render: Callable) -> None:
    """`render(x)` → the view `name` of a model object (for "html": an HTML fragment, style and script inline)."""
    _renderers[name] = render
    _missing.discard(name)


def render(name: str, x) -> str | None:
    """The view `name` of `x` by its renderer (registered, or declared under GROUP), or None when there is none."""
    r = _renderers.get(name)
    if r is None and name not in _missing:
        r = _declared(name)
    return None if r is None else r(x)


def _declared(name: str) -> Callable | None:
    for ep in metadata.entry_points(group=GROUP, name=name):
        try:
            render_ = ep.load()  # importing the provider may register it too: the declared object wins the same
        except ImportError:  # declared by an installed distribution whose code is gone: keep looking
            continue
        _renderers[name] = render_
        return render_
    _missing.add(name)
    return None
