"""Coalescing with class indexes (`jlir.ssa.coalesce.IndexedInterference`) makes the classes the pairwise
definition (`Interference.interferes` between every two members) makes, on every φ function of the fixtures
and on a loop of swapping diamonds (Julia 1.5.3's `code_typed`, `scripts/gen/gen_swap_diamonds.jl 24 typed`),
whose classes grow with the loop and are the case the index is for."""
from __future__ import annotations

from pathlib import Path

import pytest

import jlir
from jlir import interp
from jlir.analysis.defuse import def_use
from jlir.analysis.live_ranges import liveness
from jlir.analysis.verifier import verify_ir
from jlir.ir import nodes as N
from jlir.ir.cfg import compute_cfg
from jlir.ir.errors import JlirError
from jlir.ssa.coalesce import IndexedInterference, Interference, coalesce
from jlir.ssa.out_of_ssa import out_of_ssa
from jlir.ssa.split_edges import split_critical_edges
from support.parsed import functions_of

ROOT = Path(__file__).resolve().parents[2]
SWAPS = ROOT / "fixtures" / "speed" / "swap_diamonds_24.typed.txt"
# swaps(a, b, x, m) as Julia 1.5.3 computed it (the source is in scripts/gen/gen_swap_diamonds.jl)
SWAP_RUNS = [([1, 2, 0, 0], -1), ([1, 2, 0, 3], 899), ([1, 2, 5925466, 3], 146), ([7, -4, -1, 2], 11),
             ([0, 100, 4886718345, 5], 170)]


def _phi_functions():
    paths = sorted((ROOT / "fixtures" / "julia-1.5.3").glob("*.typed.txt")) + sorted(
        (ROOT / "fixtures" / "corpus").glob("*.txt")) + [SWAPS]
    for path in paths:
        try:
            fns = functions_of(path)
        except jlir.ParseError:
            continue
        for k, fn in enumerate(fns):
            if any(type(s.node) is N.PhiNode for s in fn.positional) and \
                    not any(s.new_id is not None for s in fn.stmts):
                yield f"{path.name}:{k}", fn


def _partition(fn, kind):
    cfg = compute_cfg(fn)
    stmts = fn.positional
    phis = {i: (cfg.block_for_inst(i), s.node) for i, s in enumerate(stmts, 1) if type(s.node) is N.PhiNode}
    inter = kind(liveness(fn, cfg, def_use(fn)), cfg, phis, stmts)
    classes = coalesce(inter, phis, stmts)
    return {frozenset(ms) for ms in classes.members.values()}


def test_indexed_and_pairwise_interference_coalesce_into_the_same_classes():
    seen = 0
    for name, fn in _phi_functions():
        try:
            split = split_critical_edges(fn)
        except JlirError:  # a truncated excerpt of the corpus (a goto to a block it lacks)
            continue
        for g in (fn, split):
            assert _partition(g, IndexedInterference) == _partition(g, Interference), name
        seen += 1
    assert seen >= 20


def test_the_swapping_loop_keeps_some_copies_and_coalesces_most():
    fn = jlir.functions(jlir.parse_file(SWAPS))[0]
    g = split_critical_edges(fn)
    classes = _partition(g, IndexedInterference)
    members = sum(len(c) for c in classes)
    assert max(len(c) for c in classes) > 24       # a class that spans the loop
    assert members > 2 * len(classes)
    _, stats = out_of_ssa(fn)
    assert 0 < stats.after < stats.before / 2


@pytest.mark.parametrize("args,want", SWAP_RUNS)
def test_the_swapping_loop_out_of_ssa_computes_julias_results(args, want):
    fn = jlir.functions(jlir.parse_file(SWAPS))[0]
    out, _ = out_of_ssa(fn)
    assert [d for d in verify_ir(out) if d.severity == "error"] == []
    names = ["a", "b", "x", "m"]
    assert interp.run(fn, args, argnames=names).value == want
    assert interp.run(out, args, argnames=names).value == want
