"""Julia 1.5's `@code_warntype` upper-cases the types it flags (`UNION{NOTHING, INT64}`, `TUPLE{IO}`, `ANY`):
an IRCode built from such a print must not carry them, since Julia never prints an IRCode that way.

The original case comes back name by name from Julia's own table of the names Base and Core bind
(`jlir.lattice.typefacts`), where one spelling upper-cases to that name, and the text so spelled is read by the
lattice's reader of shown types (`jlir.lattice.fields.parse_type`: names, parameters, integers; a transform
never calls the IR reader).  A flagged type with a name the table does not know (a user's type, a type
variable, and so any `where`) cannot be restored, nor one that reader does not take (a float parameter): it
becomes `Any`, which is true of every value (a wider type, never a wrong one).
"""
from __future__ import annotations

import re
from dataclasses import replace
from functools import cache

from jlir.ir import types as T
from jlir.lattice.fields import parse_type
from jlir.lattice.typefacts import table

_NAME = re.compile(r"[A-Z_][A-Z0-9_!]*(?:\.[A-Z_][A-Z0-9_!]*)*")
ANY = T.TypeName(("Any",))


@cache
def _spellings() -> tuple[dict, dict]:
    """(whole dotted name, one segment) upper-cased → Julia's spelling, where only one spelling gives it."""
    whole: dict = {}
    segment: dict = {}
    for name in table().types:
        whole.setdefault(name.upper(), set()).add(name)
        for part in name.split("."):
            segment.setdefault(part.upper(), set()).add(part)
    for module in ("Base", "Core", "Main"):
        segment.setdefault(module.upper(), set()).add(module)
    pick = lambda d: {k: next(iter(v)) for k, v in d.items() if len(v) == 1}  # noqa: E731
    return pick(whole), pick(segment)


def restored_text(text: str) -> str | None:
    """`text` with every name in Julia's spelling; None when a name has no one known spelling."""
    whole, segment = _spellings()
    unknown = False

    def name(m) -> str:
        nonlocal unknown
        found = whole.get(m.group(0))
        if found is None:
            parts = [segment.get(p) for p in m.group(0).split(".")]
            if None in parts:
                unknown = True
                return m.group(0)
            found = ".".join(parts)
        return found
    out = _NAME.sub(name, text)
    return None if unknown else out


def original_type(t):
    """`t` itself, or for a flagged (upper-cased) type the type in Julia's spelling (`Any` when unknown)."""
    if type(t) is not T.TypeHighlighted:
        return t
    text = restored_text(t.text)
    typ = None if text is None else parse_type(text)
    return ANY if typ is None else typ  # a name or a text not read: the widest true type


def original_case(fn):
    """`fn` with its statements' flagged types in Julia's spelling (the same object when none is flagged)."""
    if not any(type(s.type) is T.TypeHighlighted for s in fn.stmts):
        return fn
    return fn.replace(stmts=tuple(replace(s, type=original_type(s.type)) if type(s.type) is T.TypeHighlighted
                                  else s for s in fn.stmts))
