"""The pass registry and the pipeline that runs passes with the verifier between them."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Callable

from jlir.batch import jobs_count, process_pool
from jlir.ir.gcpause import gc_paused, paused
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


REGISTRY: dict[str, Pass] = {}


def register(name: str, summary: str):
    """Decorator: register `f(fn) -> fn2` as the pass `name`."""
    def add(f):
        if name in REGISTRY:
            raise RuntimeError(f"two passes are called {name!r}")
        REGISTRY[name] = Pass(name, summary, f)
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


def run(fn: Function, names, *, verify: bool = True, notes: list | None = None) -> Function:
    """`fn` after the passes `names`, in order; with `verify`, the verifier checks the IR after each pass.

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
        fn = as_shown(p.apply(fn, said))
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
                 jobs: int | None = 1) -> Document:
    """Every function of `doc` (vector elements included) through `run`; other items as they are.  A function
    the document holds more than once (the reader makes one object of repeated dumps) runs once: its result
    and its notes are repeated.  `jobs` > 1 (0: one per core) runs the functions in that many forked
    processes; the result, the notes and the first error are the same."""
    done: dict = {}  # id(function) -> (function, result, notes)
    if jobs_count(jobs) > 1:
        _run_forked(_functions(doc), names, verify, jobs_count(jobs), done)

    def one(item):
        if isinstance(item, Function):
            hit = done.get(id(item))
            if hit is None or hit[0] is not item:
                said: list = []
                hit = done[id(item)] = (item, run(item, names, verify=verify, notes=said), said)
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


_FORKED: list = []  # the functions and the pipeline, inherited by forked workers: no function is sent to them


def _run_forked(fns: list, names, verify: bool, jobs: int, done: dict) -> None:
    """`done` filled with every function's (function, result, notes), in chunks over `jobs` forked workers.
    A chunk stops at its first error, which is raised here in input order, as the loop in one process would."""
    if len(fns) < 2:
        return
    _FORKED[:] = [(fns, names, verify)]
    size = max(1, -(-len(fns) // (4 * jobs)))
    try:
        starts = range(0, len(fns), size)
        with process_pool(jobs) as pool:
            for start, part in zip(starts, pool.map(_run_chunk, starts, [size] * len(starts))):
                for f, (result, said) in zip(fns[start:start + size], part):
                    done[id(f)] = (f, result, said)
    finally:
        _FORKED.clear()


def _run_chunk(start: int, size: int) -> list:
    fns, names, verify = _FORKED[0]
    out = []
    with gc_paused():
        for f in fns[start:start + size]:
            said: list = []
            out.append((run(f, names, verify=verify, notes=said), said))
    return out
