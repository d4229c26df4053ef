"""What the comment lines above a dump say about its method instance: a `# MethodInstance for f(::Int8)` header
(the interpreter's callee dumps, `jlir.interp.DumpProvider`'s format, with `# argnames:`, `# sparams:`,
`# vararg:` lines), or the label `jlir fetch` writes above each of several dumps (`# f(::Int8) — typed — Julia
1.5.3`, `# f(Int8(1), 2.0) — …`, `# Tuple{typeof(f), Int8} — …`).  A verb takes from it what the print does not
show: the argument types (`jlir run --args 5` is an Int8 for `f(::Int8)`; `simple_dce!`'s `argtypes` for `opt`
and `ssa`), the argument names, the static parameters.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from jlir.semantics.splitting import split_top_level
from jlir.semantics.values import split_params

_FETCH_LABEL = re.compile(r"(.+?) — [\w-]+ — Julia \S+$")


@dataclass(frozen=True, slots=True)
class Heading:
    """`argtypes`: each argument's type as text (None where the heading gives a value, `values[k]`, instead:
    a fetch label's `f(1.0)`); `argnames`, `sparams` (texts), `vararg` where the heading says them."""
    name: str | None = None
    argtypes: tuple = ()
    values: tuple = ()
    argnames: tuple | None = None
    sparams: tuple | None = None
    vararg: bool | None = None

    @property
    def known(self) -> bool:
        return bool(self.name or self.argtypes or self.argnames is not None or self.sparams is not None)


def heading_of(doc, fn) -> Heading:
    """The heading above function `fn` of document `doc` (the text between the previous dump and this one)."""
    for k, item in enumerate(doc.items):
        inner = getattr(item, "items", None)
        if item is fn or (inner is not None and any(f is fn for f in inner)):
            return read_heading(doc.separators[k] if k < len(doc.separators) else "")
    return Heading()


def read_heading(text: str) -> Heading:
    """The heading the comment lines of `text` make (the last signature line wins); an empty one where none."""
    sig, names, sparams, vararg = None, None, None, None
    for raw in text.splitlines():
        line = raw.strip()
        body = line[1:].strip() if line.startswith("#") else line
        if body.startswith("MethodInstance for "):
            sig = body[len("MethodInstance for "):].strip()
        elif line.startswith("#") and _FETCH_LABEL.match(body):
            sig = _FETCH_LABEL.match(body).group(1).strip()
        elif line.startswith("#") and body.startswith("argnames:"):
            rest = body[len("argnames:"):].strip()
            names = tuple(n.strip() for n in rest.split(",")) if rest else ()
        elif line.startswith("#") and body.startswith("sparams:"):
            sparams = tuple(t.strip() for t in split_top_level(body[len("sparams:"):], ",") if t.strip())
        elif line.startswith("#") and body.startswith("vararg:"):
            vararg = body[len("vararg:"):].strip() == "true"
    name, types, values = parse_signature(sig) if sig else (None, (), ())
    return Heading(name, types, values, names, sparams, vararg)


def parse_signature(sig: str) -> tuple[str | None, tuple, tuple]:
    """(function name, argument types, argument values) of `f(::Int8, ::Float64)`, `f(x::Int8)`, a call with
    values `f(1.0, Int8(2))` (types None, values the texts), or `Tuple{typeof(f), Int8}`; keywords dropped."""
    sig = sig.strip()
    if sig.startswith("Tuple{") and sig.endswith("}"):
        params = split_params(sig[6:-1])
        head = params[0] if params else ""
        name = head[7:-1] if head.startswith("typeof(") and head.endswith(")") else None
        return name, tuple(params[1:]), (None,) * (len(params) - 1)
    open_ = _call_paren(sig)
    if open_ is None or not sig.endswith(")"):
        return None, (), ()
    name = sig[:open_].strip()
    body = split_top_level(sig[open_ + 1:-1], ";")[0]
    args = [a.strip() for a in split_top_level(body, ",") if a.strip()]
    types, values = [], []
    for a in args:
        k = _declaration(a)
        types.append(a[k + 2:].strip() if k is not None else None)
        values.append(None if k is not None else a)
    return name, tuple(types), tuple(values)


def _call_paren(sig: str) -> int | None:
    """The index of the `(` opening the argument list: after the callee, which may itself be `(::T)`."""
    if sig.startswith("(::"):
        depth = 0
        for k, c in enumerate(sig):
            depth += 1 if c in "({[" else -1 if c in ")}]" else 0
            if depth == 0:
                return k + 1 if sig[k + 1:k + 2] == "(" else None
        return None
    k = sig.find("(")
    return k if k > 0 else None


def _declaration(arg: str) -> int | None:
    """The index of the `::` declaring an argument's type (`::Int8`, `x::Int8`), outside brackets and quotes."""
    depth, quote = 0, None
    for k, c in enumerate(arg):
        if quote:
            quote = None if c == quote and arg[k - 1] != "\\" else quote
        elif c in "\"'":
            quote = c
        elif c in "({[":
            depth += 1
        elif c in ")}]":
            depth -= 1
        elif depth == 0 and arg.startswith("::", k):
            return k
    return None
