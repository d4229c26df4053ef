"""jlir's `dce,compact` against Julia 1.5.3's own `adce_pass!` + `compact!` on the IR Julia hands its adce.

`scripts/gen/gen_pass_reference.py` stored, per fixture case, the IRCode 1.5's
`run_passes` has right before `adce_pass!` (after slot2reg, inlining and SROA:
it holds dead code, unlike printed optimized IR) and what Julia makes of it.
jlir's output is the same text for all cases but six, which are
explained one by one below, and each explanation is checked.
"""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

import jlir
import jlir.passes.dce as dce_module
from jlir import passes
from jlir.compare import diff_functions
from jlir.ir import nodes as N
from jlir.edit import purity

REF = Path(__file__).resolve().parents[2] / "fixtures" / "reference-1.5.3"
CASES = sorted(p.stem for p in (REF / "adce").glob("*.txt"))

# Julia removes an unused `%new`: it checks the struct's declared field types against the arguments' (a
# mismatch would throw) and knows allocation is unobservable.  The printed IR does not say what the fields'
# types are: `compact`'s simple_dce! reads them from Julia's table of Base's structs (jlir.lattice.fields),
# which the structs these cases define are not in, so jlir keeps their `%new`s (`arrays` and `mutable_fields`
# build only Base's, and match).  With `%new` counted as removable, these match exactly.
KEEPS_UNUSED_NEW = {"broadcast", "struct_new", "closure_capture", "struct_mutable"}
# Julia removes `Base.getfield(_2, 2)::String` on a tuple: its type lattice proves the index in bounds, so
# the call cannot throw.  jlir counts getfield as possibly throwing and keeps it.
KEEPS_GETFIELD = {"tuples"}
# Same IR, printed differently.  None left: a pending φ's line number (base_print_float, struct_mutable) is now
# the line of the statement it is placed at, as insert_node! gives it.  `jlir diff` would call such equivalent.
DISPLAY_ONLY: set[str] = set()
# Both: with `%new` counted as removable, only the printing differs.
NEW_THEN_DISPLAY_ONLY: set[str] = set()


def _run(case: str, removable=None) -> tuple[str, str, object]:
    doc = jlir.parse_file(REF / "before-adce" / f"{case}.txt")
    if removable is None:
        g = passes.run(doc.items[0], ["dce", "compact"])
    else:
        saved = dce_module.is_removable
        dce_module.is_removable = removable
        try:
            g = passes.run(doc.items[0], ["dce", "compact"])
        finally:
            dce_module.is_removable = saved
    return jlir.format(dataclasses.replace(doc, items=(g,))), (REF / "adce" / f"{case}.txt").read_text(), g


def _new_is_removable(stmt, stmts=()) -> bool:
    if type(stmt.node) is N.Expr and stmt.node.head == "new" and stmt.type != purity.BOTTOM:
        return True
    return purity.is_removable(stmt, stmts)


def test_there_is_a_reference_for_every_case():
    assert len(CASES) == len(list((REF.parent / "cases").glob("*.jl")))


@pytest.mark.parametrize("case", CASES)
def test_dce_equals_julias_adce_pass_or_differs_for_the_stated_reason(case):
    ours, julia, g = _run(case)
    if case in KEEPS_UNUSED_NEW | KEEPS_GETFIELD | DISPLAY_ONLY:
        assert ours != julia, f"{case} now matches Julia exactly: take it off its list"
    else:
        assert ours == julia
        return
    outcome = diff_functions(jlir.parse(julia).items[0], g).outcome
    if case in DISPLAY_ONLY:
        assert outcome in ("equivalent", "identical")   # (identical: only a `┄` differs, which diff does not weigh)
    elif case in NEW_THEN_DISPLAY_ONLY:
        fixed = _run(case, _new_is_removable)
        assert fixed[0] != julia and diff_functions(jlir.parse(julia).items[0], fixed[2]).outcome in ("equivalent", "identical")
    elif case in KEEPS_UNUSED_NEW:
        assert _run(case, _new_is_removable)[0] == julia
    else:
        assert outcome == "different" and "Base.getfield(_2, 2)::String" in ours and \
            "Base.getfield(_2, 2)::String" not in julia


def test_julias_adce_removed_dead_code_so_the_comparison_means_something():
    removed = 0
    for case in CASES:
        before = jlir.parse_file(REF / "before-adce" / f"{case}.txt").items[0]
        after = jlir.parse_file(REF / "adce" / f"{case}.txt").items[0]
        removed += len(before.stmts) - len(after.stmts)
    assert removed > 100
