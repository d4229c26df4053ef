"""The pass registry and the pipeline that runs passes with the verifier between them."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Callable

from jlir.batch import map_ordered
from jlir.util.gcpause import gc_paused, paused
from jlir.analysis.verifier import verify_ir
from jlir.edit.shown import as_shown
from jlir.ir.errors import JlirError
from jlir.ir.excerpt import refuse
from jlir.ir.function import Document, Function, VectorDisplay


class PassError(JlirError):
    """A pass that cannot handle a construct, or whose output the verifier rejects: said, never silently wrong IR."""


@dataclass(frozen=True, slots=True)
class Pass:
    """A registered pass: its name (as `jlir opt --passes` takes it), a one-line summary, and the function.

    `apply(fn, notes)` returns the new Function and may append to `notes` one
    line per thing it saw but left (an edge it could not split, …).
    """
    name: str
    summary: str
    apply: Callable[[Function, list], Function]
    takes_types: bool = False  # `apply(fn, notes, types=(argtypes, sptypes))`: the instance's types (compact)


REGISTRY: dict[str, Pass] = {}


def register(name: str, summary: str):
    """Decorator: register `f(fn) -> fn2` as the pass `name`."""
    def add(f):
        if name in REGISTRY:
            raise RuntimeError(f"two passes are called {name!r}")
        import inspect
        REGISTRY[name] = Pass(name, summary, f, "types" in inspect.signature(f).parameters)
        return f
    return add


def lookup(names) -> list[Pass]:
    """The passes named, in order; PassError for a name no pass has (listing those there are)."""
    out = []
    for n in names:
        if n not in REGISTRY:
            raise PassError(f"no pass called {n!r} (passes: {', '.join(sorted(REGISTRY))})")
        out.append(REGISTRY[n])
    return out


def run(fn: Function, names, *, verify: bool = True, notes: list | None = None, types: tuple = ((), ())) -> Function:
    """`fn` after the passes `names`, in order; with `verify`, the verifier checks the IR after each pass.
    `types`: the instance's `(argtypes, sptypes)`, for the passes that prove from them (`compact`).

    `notes`, when given, collects what the passes say they left (`pass: message` lines).  Each pass's output
    keeps only what its print shows (`jlir.edit.shown`: a line table renumbered as the print shows it, …), so that
    it reads back as itself.
    """
    chosen = lookup(names)
    refuse(fn, PassError, "no pass runs on it: ")
    if verify:
        _check(fn, "the input IR does not verify (no pass can be trusted on it)")
    for p in chosen:
        said: list[str] = []
        fn = as_shown(p.apply(fn, said, types=types) if p.takes_types else p.apply(fn, said))
        if notes is not None:
            notes.extend(f"{p.name}: {line}" for line in said)
        if verify:
            _check(fn, f"pass {p.name!r} produced IR the verifier rejects")
    return fn


def _check(fn: Function, what: str) -> None:
    errors = [d for d in verify_ir(fn) if d.severity == "error"]
    if errors:
        raise PassError(f"{what}: {errors[0]}" + (f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""))


@paused
def run_document(doc: Document, names, *, verify: bool = True, notes: list | None = None,
                 jobs: int | None = 1, types=None) -> Document:
    """Every function of `doc` (vector elements included) through `run`; other items as they are.  A function
    the document holds more than once (the reader makes one object of repeated dumps) runs once: its result
    and its notes are repeated.  `jobs` > 1 (0: one per core) runs the functions in that many forked
    processes (`jlir.batch.map_ordered`: they inherit the document, only results come back); the result, the
    notes and the first error are the same.  `types(function) -> (argtypes, sptypes)`: each function's
    instance types, where the caller knows them."""
    fns = _functions(doc)
    # id(function) -> (function, result, notes)
    done = {id(f): (f, result, said) for f, (result, said) in zip(fns, _run_all(fns, names, verify, jobs, types))}

    def one(item):
        if isinstance(item, Function):
            hit = done[id(item)]
            if notes is not None:
                notes.extend(hit[2])
            return hit[1]
        if isinstance(item, VectorDisplay):
            return dataclasses.replace(item, items=tuple(one(i) for i in item.items))
        return item
    return dataclasses.replace(doc, items=tuple(one(i) for i in doc.items))


def _functions(doc: Document) -> list:
    """The document's distinct function objects, in order of first appearance."""
    seen: dict = {}
    for item in doc.items:
        for f in (item.items if isinstance(item, VectorDisplay) else (item,)):
            if isinstance(f, Function):
                seen.setdefault(id(f), f)
    return list(seen.values())


def _run_all(fns: list, names, verify: bool, jobs: int | None, types=None):
    """`(result, notes)` of every function, in order: here, or in `jobs` forked workers that inherit `fns`
    (only the index of each goes out); the first error in input order is raised, as the loop here would."""
    def one(i: int):
        said: list = []
        with gc_paused():
            return run(fns[i], names, verify=verify, notes=said,
                       types=types(fns[i]) if types else ((), ())), said
    return map_ordered(one, range(len(fns)), jobs=jobs, weight=lambda i: len(fns[i].stmts) + 1)
