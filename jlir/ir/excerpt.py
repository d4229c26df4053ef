"""Excerpts: functions whose text skipped statements or cut rows short (`jlir.ir.nodes.Elided`).

An excerpt can be read, printed, written as JSON and diffed, but what it does not show cannot be analysed:
its CFG, uses and types are unknown where the text is silent.  So every entry point that computes from the
IR (analyses, the verifier, passes, the interpreter, SSA conversion) asks `excerpt_reason` once and refuses
with that one message, in its own error class (`refuse`), rather than answer about statements it never saw.
"""
from __future__ import annotations

from operator import attrgetter

from jlir.ir.errors import JlirError
from jlir.ir.nodes import Elided

_NODE = attrgetter("node")


class ExcerptError(JlirError, ValueError):
    """An analysis asked of an excerpt (the analyses have no error class of their own; passes, the interpreter
    and SSA conversion raise theirs, with the same message)."""


def elided_runs(stmts) -> list[tuple[int, int, Elided]]:
    """(first, last, node) of each run of elided positional statements (SSA numbers, 1-based) and of each
    elided or truncated row (first == last); `node` is the run's first `Elided` (its marker, line, shape)."""
    out: list[tuple[int, int, Elided]] = []
    pos = 0
    for s in stmts:
        if s.new_id is not None:
            continue
        pos += 1
        node = s.node
        if type(node) is not Elided:
            continue
        joins = (node.shape in ("run", "rest") and not node.marker and out and out[-1][1] == pos - 1
                 and out[-1][2].shape == node.shape)
        if joins:
            out[-1] = (out[-1][0], pos, out[-1][2])
        else:
            out.append((pos, pos, node))
    return out


def is_excerpt(f) -> bool:
    """Whether `f` (a Function) holds a statement its text did not show in full."""
    return Elided in set(map(type, map(_NODE, f.stmts)))  # (at C speed: every analysis entry asks, of every function)


def _describe(first: int, last: int, node: Elided) -> str:
    where = f" (line {node.line})" if node.line else ""
    if node.shape == "inline":
        return f"the expression of %{first} is elided{where}"
    if node.shape == "truncated":
        return f"statement %{first} is cut short{where}"
    if node.shape == "rest":
        return f"the statements from %{first} on are elided{where}"
    if first == last:
        return f"statement %{first} is elided{where}"
    return f"statements %{first}–%{last} are elided{where}"


def excerpt_reason(f) -> str | None:
    """"function is an excerpt: statements %4–%17 are elided (line 4)" (up to three runs named), or None."""
    if not is_excerpt(f):
        return None
    runs = elided_runs(f.stmts)
    if not runs:
        return None
    named = "; ".join(_describe(*r) for r in runs[:3])
    more = f"; and {len(runs) - 3} more elision(s)" if len(runs) > 3 else ""
    return f"function is an excerpt: {named}{more}"


def refuse(f, error_class, prefix: str = "") -> None:
    """Raise `error_class(prefix + reason)` when `f` is an excerpt: the one check of an entry point."""
    reason = excerpt_reason(f)
    if reason is not None:
        raise error_class(prefix + reason)
