"""The `jlir.analysis` facade: one call per analysis, each computed once per function object, agreeing with
the modules that compute it and with Julia's own answers stored beside the fixtures."""
from __future__ import annotations

import glob
import importlib
import json
import types
from pathlib import Path

import pytest

import jlir
from jlir import analysis as A
from jlir.analysis import memo
from jlir.html import render
from jlir.ir.cfg import compute_cfg

ROOT = Path(__file__).resolve().parents[2]
CASES = sorted(Path(p).name[:-len(".domtree.json")] for p in glob.glob(str(ROOT / "fixtures/julia-1.5.3/*.domtree.json")))


def _fn(path: str, i: int = 0):
    return jlir.functions(jlir.parse_file(ROOT / path))[i]


@pytest.fixture(autouse=True)
def _fresh_memo():
    memo.clear()
    yield
    memo.clear()


def test_every_case_dominators_equal_julias_construct_domtree():
    """`A.dominators(fn).idoms` equals Julia 1.5.3's `construct_domtree(ir.cfg).idoms` for every case."""
    assert len(CASES) == len(list((ROOT / "fixtures" / "cases").glob("*.jl")))
    for case in CASES:
        fn = _fn(f"fixtures/julia-1.5.3/{case}.ircode.txt")
        want = json.loads((ROOT / f"fixtures/julia-1.5.3/{case}.domtree.json").read_text())["idoms"]
        assert list(A.dominators(fn).idoms) == want, case
        assert A.cfg(fn) == compute_cfg(fn)


def test_each_analysis_is_computed_once_per_function_object():
    fn = _fn("fixtures/julia-1.5.3/nested_loops.ircode.txt")
    for call in (A.cfg, A.reachable, A.dominators, A.post_dominators, A.dominance_frontiers, A.loops, A.def_use,
                 A.liveness, A.slot_liveness, A.stability, render.to_dot, render.to_mermaid):
        assert call(fn) is call(fn), call.__name__
    assert A.iterated_dominance_frontier(fn, [2, 6]) is A.iterated_dominance_frontier(fn, (6, 2, 6))
    assert A.verify(fn) == A.verify(fn) == []
    assert A.verify(fn) is not A.verify(fn)  # a fresh list each time: a caller may change it


def test_an_equal_but_distinct_function_gets_its_own_results():
    a = _fn("fixtures/corpus/0010.txt")
    b = _fn("fixtures/corpus/0010.txt")
    assert a == b and a is not b
    assert A.cfg(a) == A.cfg(b) and A.cfg(a) is not A.cfg(b)


def test_the_memo_is_bounded_and_checks_identity_not_just_the_id():
    fns = [_fn("fixtures/corpus/0010.txt") for _ in range(memo.MAX_FUNCTIONS + 1)]
    first = A.cfg(fns[0])
    for f in fns[1:]:
        A.cfg(f)
    assert len(memo._entries) == memo.MAX_FUNCTIONS
    assert A.cfg(fns[0]) is not first  # dropped as the least recently used, then computed again
    # an entry filed under an object's id but holding another object is never answered from
    x, y = fns[1], fns[2]
    memo._entries[id(x)] = (y, {"cfg": "stale"})
    assert A.cfg(x) == compute_cfg(x)


def test_the_memo_keeps_its_function_alive():
    """While its results are cached, the function cannot be freed, so its id cannot be reused by another."""
    import gc
    fn = _fn("fixtures/corpus/0010.txt")
    key = id(fn)
    A.cfg(fn)
    del fn
    gc.collect()
    assert id(memo._entries[key][0]) == key


def test_loops_back_edges_and_frontiers_on_nested_loops():
    fn = _fn("fixtures/julia-1.5.3/nested_loops.ircode.txt")
    forest = A.loops(fn)
    assert [(lp.header, lp.depth) for lp in forest.loops] == [(6, 1), (10, 2), (14, 3)]
    assert sorted(forest.back_edges) == [(18, 14), (23, 10), (28, 6)]
    dt = A.dominators(fn)
    assert all(dt.dominates(h, latch) for latch, h in forest.back_edges)
    df = A.dominance_frontiers(fn)
    assert 6 in df[28 - 1]  # the latch's frontier holds its loop header


def test_no_submodule_shares_a_name_with_a_facade_function():
    """A submodule imported under the package's name for a facade function would replace the function (Python
    sets each imported submodule as an attribute of its package): no name is both, and importing every submodule
    leaves each facade function in place."""
    package = Path(A.__file__).parent
    submodules = {p.stem for p in package.glob("*.py") if p.stem != "__init__"}
    assert not submodules & set(A.__all__), sorted(submodules & set(A.__all__))
    facades = {name: getattr(A, name) for name in A.__all__}
    for name in sorted(submodules):
        importlib.import_module(f"jlir.analysis.{name}")
    assert {name: getattr(A, name) for name in A.__all__} == facades
    assert type(A) is types.ModuleType  # the package is a plain module: no class swapped in to guard its names


def test_verify_finds_located_problems_in_a_hand_broken_function():
    text = (ROOT / "fixtures/corpus/0010.txt").read_text()
    broken = text.replace("or_int(%1, false)", "or_int(%5, false)").replace("return _2\n", "return %9\n")
    fn = jlir.functions(jlir.parse(broken))[0]
    problems = A.verify(fn)
    assert [(d.stmt, d.block, d.kind) for d in problems] == [(2, 1, "use-before-def"), (4, 2, "ssa-out-of-range")]
    assert all(d.severity == "error" for d in problems)


def test_stability_and_liveness_reach_their_modules():
    fn = _fn("fixtures/julia-1.5.3/type_unstable.typed.txt")
    assert A.stability(fn).severity == "red"
    lv = A.liveness(fn)
    assert len(lv.live_in) == len(fn.blocks) and not lv.live_in[0]


def test_phi_placement_on_the_gcd_loop_is_where_julia_put_its_phis():
    """while_swap: `a` and `b` are assigned in #1 and #3; Julia's φs for them stand in #2 alone."""
    fn = _fn("fixtures/julia-1.5.3/while_swap.ircode.txt")
    phi_blocks = {fn.ir.blocks[A.cfg(fn).block_for_inst(i) - 1] for i, s in enumerate(fn.positional, 1)
                  if type(s.node).__name__ == "PhiNode"}
    assert [A.cfg(fn).block_for_inst(b.first) for b in phi_blocks] == [2]
    assert tuple(A.iterated_dominance_frontier(fn, [1, 3])) == (2,)
    assert A.post_dominators(fn).ipdoms == (2, 4, 2, 0)
