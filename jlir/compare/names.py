"""What a document calls each of its functions: the label `jlir fetch` writes above a dump, the `MethodInstance
for …` line of a `@code_warntype` print, the method header of a statement-cost display; vector elements are
their vector's name with `[k]`.  `jlir parse` shows the names; `jlir diff` pairs functions by them when both
documents name every function (and no name twice)."""
from __future__ import annotations

from jlir.ir.function import Document, Function, VectorDisplay


def label_target(label: str | None) -> str | None:
    """The target of a fetch label `foo(1.0) — typed — Julia 1.5.3` (the part that names the function, the
    same whichever Julia printed it); any other comment as it is."""
    if label is None:
        return None
    return label.split(" — ", 1)[0].strip() or None


def own_name(f: Function) -> str | None:
    """The name a function's own print gives it, if any."""
    if f.header is not None and f.header.instance:
        return f.header.instance
    if f.costs is not None and f.title:
        return f.title.strip()
    return None


def item_names(doc: Document) -> list[str | None]:
    """The name of each item of `doc` (its label's target, or its own name), None where it has none."""
    out = []
    for item, label in zip(doc.items, doc.labels):
        name = label_target(label)
        if name is None and isinstance(item, Function):
            name = own_name(item)
        out.append(name)
    return out


def function_names(doc: Document) -> list[str | None]:
    """The name of each function of `doc`, in `jlir.functions` order (vector elements `NAME[k]`)."""
    out = []
    for item, name in zip(doc.items, item_names(doc)):
        if isinstance(item, VectorDisplay):
            elements = [x for x in item.items if isinstance(x, Function)]
            out += [own_name(x) or (f"{name}[{k}]" if name else None) for k, x in enumerate(elements, 1)]
        elif isinstance(item, Function):
            out.append(name)
    return out


def pair_by_name(names_a: list[str | None], names_b: list[str | None]) -> list[tuple[int, int]] | None:
    """0-based (A, B) index pairs of the functions both name alike, in A's order; None (pair in order) unless
    every function on both sides has a name and no side names two alike."""
    if not names_a or not names_b or None in names_a or None in names_b:
        return None
    if len(set(names_a)) != len(names_a) or len(set(names_b)) != len(names_b):
        return None
    where_b = {n: j for j, n in enumerate(names_b)}
    return [(i, where_b[n]) for i, n in enumerate(names_a) if n in where_b]
