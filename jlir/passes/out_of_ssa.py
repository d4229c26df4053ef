"""`out-of-ssa` and `out-of-ssa-naive`: φ form to Julia's slot form (see `jlir.ssa.out_of_ssa`).

`out-of-ssa` is Sreedhar's method I with coalescing and correctly sequentialised parallel copies;
`out-of-ssa-naive` is the textbook copy insertion (`jlir opt --passes out-of-ssa --naive`), kept to show
the lost-copy and swap problems the real one avoids.  Each leaves a note with its copy counts.

Both take a `@code_warntype` print's flagged (upper-cased) types in Julia's spelling first: the CodeInfo
they print highlights nothing, and `UNION{FLOAT64, INT64}` there would read back as another type.
"""
from __future__ import annotations

from jlir.ir.function import Function
from jlir.passes.registry import register
from jlir.ssa.case import original_case
from jlir.ssa.out_of_ssa import out_of_ssa


def _note(notes, stats, naive: bool) -> None:
    if notes is not None and stats.phis + stats.phics:
        what = "naive copies" if naive else f"copies {stats.before} before coalescing, {stats.after} after"
        temps = "" if naive else f", {stats.temps} cycle temporaries"
        notes.append(f"{stats.phis} φ, {stats.phics} φᶜ: {what if not naive else f'{stats.after} {what}'}{temps}")


@register("out-of-ssa", "φs become slot assignments: Sreedhar's method I, coalescing, parallel copies sequentialised")
def out_of_ssa_pass(fn: Function, notes: list | None = None) -> Function:
    """Critical edges are split first (where they can be: not the enter → catch edge; `jlir.ssa.out_of_ssa`
    does it), so each predecessor's copies run only on the edge into the φ's block."""
    out, stats = out_of_ssa(original_case(fn), notes=notes)
    _note(notes, stats, False)
    return out


@register("out-of-ssa-naive", "φs become slot assignments by the textbook copy insertion (wrong: lost copy, swap)")
def out_of_ssa_naive_pass(fn: Function, notes: list | None = None) -> Function:
    out, stats = out_of_ssa(original_case(fn), naive=True)
    _note(notes, stats, True)
    return out
