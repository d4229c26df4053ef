"""What the comment lines above a dump say about its method instance: a `# MethodInstance for f(::Int8)` header
(the interpreter's callee dumps, `jlir.interp.DumpProvider`'s format, with `# argnames:`, `# sparams:`,
`# vararg:` lines), or the label `jlir fetch` writes above each of several dumps (`# f(::Int8) — typed — Julia
1.5.3`, `# f(Int8(1), 2.0) — …`, `# Tuple{typeof(f), Int8} — …`).  A verb takes from it what the print does not
show: the argument types (`jlir run --args 5` is an Int8 for `f(::Int8)`; `simple_dce!`'s `argtypes` for `opt`
and `ssa`), the argument names, the static parameters.  `# optimized: true` says that the code is the optimizer's
output though its form does not show it (`jlir opt --passes out-of-ssa` of an IRCode print writes it): its
literals are folded values of any width, not the source's (`jlir run` reads it as `--optimized`).
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
    optimized: bool | None = None

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
    sig, names, sparams, vararg, optimized = None, None, None, None, None
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
        elif line.startswith("#") and body.startswith(OPTIMIZED):
            optimized = {"true": True, "false": False}.get((body[len(OPTIMIZED):].split() or [""])[0], optimized)
    name, types, values = parse_signature(sig) if sig else (None, (), ())
    return Heading(name, types, values, names, sparams, vararg, optimized)


OPTIMIZED = "optimized:"


def optimized_line(optimized: bool) -> str:
    """The heading line that says whether the code below is the optimizer's output (`read_heading` reads it)."""
    if optimized:
        return f"# {OPTIMIZED} true (the optimizer's code: its literals are folded values of any width)\n"
    return f"# {OPTIMIZED} false (the source's code: a literal is the source's, a decimal one an Int64)\n"


def with_optimized_line(separator: str, optimized: bool) -> str:
    """`separator` (the text above a dump) with the line saying `optimized` first among its comment lines, so that
    the last stays the dump's label (`Document.labels`); one it held already is replaced."""
    lines = [line for line in separator.splitlines(keepends=True)
             if not (line.startswith("#") and line[1:].strip().startswith(OPTIMIZED))]
    at = next((k for k, line in enumerate(lines) if line.startswith("#")), len(lines))
    if at == len(lines) and lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    return "".join(lines[:at]) + optimized_line(optimized) + "".join(lines[at:])


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


def mark_optimized(before, after):
    """Document `after` (`before` transformed) with `# optimized: …` above each dump whose form no longer tells
    what its literals are (`jlir.interp.shown_values.optimized_print`): out of SSA, an IRCode print's folded
    literals look like the source's, and a slot form put into SSA form looks like the optimizer's.  What a dump
    was is its heading's word, else its own form's."""
    from dataclasses import replace
    from jlir.interp.shown_values import optimized_print
    from jlir.ir.items import item_functions
    seps = list(after.separators) + [""] * (len(after.items) - len(after.separators))
    for k, (was_item, item) in enumerate(zip(before.items, after.items)):
        was_fns, fns = item_functions(was_item), item_functions(item)
        said = read_heading(before.separators[k] if k < len(before.separators) else "").optimized
        was = {said} if said is not None else {optimized_print(f) for f in was_fns}
        if len(was) == 1 and fns and {optimized_print(f) for f in fns} != was:
            seps[k] = with_optimized_line(seps[k], was.pop())
    return replace(after, separators=tuple(seps))

