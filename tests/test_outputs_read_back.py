"""Every output of `ssa`, `opt` and `compact` reads back as itself: its print, read and printed again, is the
same text and the same statements, on the fixture cases Julia 1.5.3 printed.

A statement's line is the one thing compared loosely: the `nothing` an emptied block keeps has line 0, as in
Julia's `compact!` (`finish_current_bb!`), and a line-0 statement prints with a blank line column, like one
that repeats the line before it (Julia's compact! prints show it so), so it reads back with that line.

`ssa` runs on each case's `optimize=false` print, `compact` and `opt` (`dce,compact`) on its IRCode print."""
from __future__ import annotations

from pathlib import Path

import pytest

import jlir
from jlir import passes
from jlir.edit import IRCode
from jlir.ssa import into_ssa

FIX = Path(__file__).resolve().parent.parent / "fixtures" / "julia-1.5.3"
CASES = sorted(p.name.split(".")[0] for p in FIX.glob("*.ircode.txt"))


def _fn(case: str, form: str):
    return jlir.functions(jlir.parse_file(FIX / f"{case}.{form}.txt"))[0]


def _outputs(case: str):
    yield "ssa", into_ssa(_fn(case, "typed-unoptimized"))
    ir = _fn(case, "ircode")
    yield "compact", IRCode(ir).compact()
    yield "opt", passes.run(ir, ["dce", "compact"])


def _unlocated(stmts) -> list:
    return [(s.node, s.type, s.label, s.new_id, s.attach_after) for s in stmts]


def _not_reading_back(case: str) -> list[str]:
    bad = []
    for name, fn in _outputs(case):
        text = jlir.format(fn)
        again = jlir.functions(jlir.parse(text))[0]
        if jlir.format(again) != text or _unlocated(again.stmts) != _unlocated(fn.stmts) or again.blocks != fn.blocks:
            bad.append(name)
    return bad


@pytest.mark.parametrize("case", CASES)
def test_ssa_compact_and_opt_outputs_read_back_as_themselves(case):
    assert _not_reading_back(case) == []
