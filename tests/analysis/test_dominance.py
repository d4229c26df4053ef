"""Dominator and post-dominator trees, frontiers and φ placement, checked against set-based oracles and Julia.

Three sources of truth: the textbook definitions in `cfg_strategies` (data
flow over sets, frontiers by definition, a fixpoint for the iterated
frontier), Julia's own `construct_domtree` idoms stored beside each fixture
(`<case>.domtree.json`), and, when a Julia is installed, a batch of random
CFGs sent to that Julia's `construct_domtree` and `idf` (for the order of
the φ blocks, which no definition fixes).
"""
from __future__ import annotations

import json
import random
import subprocess

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import jlir
from support.cfg_strategies import (cfgs, cfg_from_succs, def_sets, fixture_cfgs, immediate, random_cfg,
                            real_preds, reference_dominators, reference_postdominators)
from conftest import FIXTURES, live_julias
from jlir.analysis.dominance import (NoSuchBlock, dominance_frontiers, dominator_tree,
                                     iterated_dominance_frontier, post_dominator_tree)
from jlir.analysis.graph import EdgeOutOfRange, reachable_blocks
from jlir.ir.cfg import CFG, BasicBlock, compute_cfg
from jlir.ir.errors import JlirError

FIXTURE_CFGS = fixture_cfgs()
DOMTREE_FILES = sorted(FIXTURES.glob("julia-1.5.3/*.domtree.json"))


def check_tree(cfg: CFG, tree, sets: dict[int, set[int]], relation) -> None:
    """A (post-)dominator tree against its oracle sets: parents, Julia's levels, children, the relation."""
    n = len(cfg.blocks)
    parents = immediate(sets, n)
    assert tree.idoms == tuple(parents)
    for b in range(1, n + 1):
        assert tree.depth(b) == (len(sets[b]) if b in sets else 1)
        assert tree.in_tree(b) == (b in sets)
        assert tree.children(b) == tuple(c for c in range(1, n + 1) if parents[c - 1] == b)
        for a in range(1, n + 1):
            assert relation(a, b) == (b in sets and a in sets[b]), (a, b)


def reference_frontier(cfg: CFG, dom: dict[int, set[int]], x: int) -> tuple[int, ...]:
    """DF(x) by definition: y such that x dominates a predecessor of y but does not strictly dominate y."""
    if x not in dom:
        return ()
    return tuple(sorted({y for y in dom for p in real_preds(cfg, y)
                         if p in dom and x in dom[p] and not (x in dom[y] and x != y)}))


def reference_idf(frontiers, defs) -> set[int]:
    """The iterated frontier as the least fixpoint S = DF(defs ∪ S)."""
    found: set[int] = set()
    while True:
        new = {y for x in set(defs) | found for y in frontiers[x - 1]}
        if new == found:
            return found
        found = new


def check_all(cfg: CFG) -> None:
    dt = dominator_tree(cfg)
    dom = reference_dominators(cfg)
    check_tree(cfg, dt, dom, dt.dominates)
    pdt = post_dominator_tree(cfg)
    check_tree(cfg, pdt, reference_postdominators(cfg), pdt.postdominates)
    assert pdt.ipdoms == pdt.idoms
    assert reachable_blocks(cfg) == frozenset(dom)
    frontiers = dominance_frontiers(cfg, dt)
    assert frontiers == tuple(reference_frontier(cfg, dom, x) for x in range(1, len(cfg.blocks) + 1))
    for defs in ([b] for b in dom):
        phis = iterated_dominance_frontier(cfg, defs, dt)
        assert len(set(phis)) == len(phis)
        assert set(phis) == reference_idf(frontiers, defs)


@pytest.mark.parametrize("path", DOMTREE_FILES, ids=lambda p: p.name)
def test_idoms_equal_julias_construct_domtree_on_the_fixture_ircode(path):
    case = path.name[: -len(".domtree.json")]
    (f,) = jlir.functions(jlir.parse_file(str(path.parent / f"{case}.ircode.txt")))
    assert dominator_tree(compute_cfg(f)).idoms == tuple(json.loads(path.read_text())["idoms"])


def test_every_case_has_a_julia_domtree():
    assert len(DOMTREE_FILES) >= 50


@pytest.mark.parametrize("name,cfg", FIXTURE_CFGS, ids=[name for name, _ in FIXTURE_CFGS])
def test_fixture_cfgs_agree_with_the_set_definitions(name, cfg):
    check_all(cfg)


@settings(max_examples=400, deadline=None)
@given(cfgs())
def test_random_cfgs_agree_with_the_set_definitions(cfg):
    check_all(cfg)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_iterated_frontier_of_several_definitions_is_the_fixpoint(data):
    cfg = data.draw(cfgs(max_blocks=30))
    dt = dominator_tree(cfg)
    reach = reachable_blocks(cfg)
    defs = [d for d in data.draw(def_sets(cfg)) if d in reach]
    phis = iterated_dominance_frontier(cfg, defs, dt)
    assert len(set(phis)) == len(phis)
    assert set(phis) == reference_idf(dominance_frontiers(cfg, dt), defs)
    everything = range(1, len(cfg.blocks) + 1)
    assert iterated_dominance_frontier(cfg, defs, dt, live_in=everything) == phis
    assert iterated_dominance_frontier(cfg, defs, dt, live_in=()) == ()


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_nearest_common_dominator_is_the_deepest_shared_dominator(data):
    cfg = data.draw(cfgs())
    dt = dominator_tree(cfg)
    dom = reference_dominators(cfg)
    n = len(cfg.blocks)
    a, b = data.draw(st.integers(1, n)), data.draw(st.integers(1, n))
    expected = max(dom[a] & dom[b], key=lambda d: len(dom[d])) if a in dom and b in dom else 0
    assert dt.nearest_common_dominator(a, b) == expected
    assert dt.nearest_common_dominator(0, b) == 0


def test_julias_own_idf_example_places_the_phi_at_the_join():
    # slot2ssa.jl's comment: A -> B -> D -> F, A -> C -> F; a def in B needs a φ in F only.
    cfg = cfg_from_succs([[2, 3], [4], [5], [5], []])
    dt = dominator_tree(cfg)
    assert dt.idoms == (0, 1, 1, 2, 1)
    assert iterated_dominance_frontier(cfg, [2], dt) == (5,)
    assert dominance_frontiers(cfg, dt) == ((), (5,), (5,), (5,), ())


def test_catch_edge_predecessor_zero_is_ignored():
    # 1: enter (catch 3), falls to 2; 2 returns; 3 (catch block, preds 1 and 0) returns.
    cfg = cfg_from_succs([[3, 2], [], []], frozenset({(1, 3)}))
    assert cfg.blocks[2].preds == (1, 0)
    dt = dominator_tree(cfg)
    assert dt.idoms == (0, 1, 1)
    assert dominance_frontiers(cfg, dt) == ((), (), ())
    assert post_dominator_tree(cfg).ipdoms == (0, 0, 0)


def test_post_dominator_conventions_follow_julias_virtual_exit():
    # 1 -> 2, 3; 2 -> 4; 3 -> 3 (never exits); 4 returns; 5 unreachable, returns.
    cfg = cfg_from_succs([[2, 3], [4], [3], [], []])
    pdt = post_dominator_tree(cfg)
    assert pdt.ipdoms == (2, 4, 0, 0, 0)        # exits and the endless block 3 both say 0
    assert [pdt.depth(b) for b in range(1, 6)] == [3, 2, 1, 1, 1]
    assert pdt.children(4) == (2,) and pdt.children(3) == ()
    assert pdt.postdominates(4, 1) and not pdt.postdominates(3, 3)
    assert not pdt.postdominates(4, 5) and pdt.postdominates(5, 5)


def test_unreachable_blocks_have_julias_level_one_and_no_dominator():
    cfg = cfg_from_succs([[3], [3], []])       # block 2 is unreachable
    dt = dominator_tree(cfg)
    assert dt.idoms == (0, 0, 1)
    assert dt.depth(2) == 1 and dt.depth(3) == 2
    assert not dt.dominates(2, 2) and not dt.dominates(1, 2) and not dt.dominates(2, 3)


def test_a_block_number_outside_the_cfg_is_a_jlir_error():
    dt = dominator_tree(cfg_from_succs([[2], []]))
    for bad in (0, 3, -1):
        with pytest.raises(JlirError):
            dt.dominates(1, bad)
        with pytest.raises(NoSuchBlock):
            dt.children(bad)


def test_an_edge_to_a_missing_block_is_a_jlir_error():
    for succs in ([[3], []], [[0], []], [[-1], []]):
        bad = CFG((BasicBlock(1, 1, (), tuple(succs[0])), BasicBlock(2, 2, (), ())))
        with pytest.raises(EdgeOutOfRange):
            dominator_tree(bad)
        with pytest.raises(JlirError):
            post_dominator_tree(bad)
    with pytest.raises(EdgeOutOfRange, match="block #2 has predecessors"):
        dominator_tree(CFG((BasicBlock(1, 1, (), (2,)), BasicBlock(2, 2, (5,), ()))))


def test_trees_compare_by_value_and_hash():
    cfg = cfg_from_succs([[2, 3], [3], []])
    a, b = dominator_tree(cfg), dominator_tree(cfg)
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != post_dominator_tree(cfg)
    assert repr(a) == "DomTree(idoms=(0, 1, 1))"


def test_empty_cfg_has_empty_trees():
    empty = CFG(())
    assert dominator_tree(empty).idoms == () and post_dominator_tree(empty).ipdoms == ()
    assert reachable_blocks(empty) == frozenset()


def test_deep_chains_and_ladders_need_no_recursion():
    n = 60_000
    chain = cfg_from_succs([[b + 1] for b in range(1, n)] + [[]])
    dt = dominator_tree(chain)
    assert dt.idoms == (0,) + tuple(range(1, n)) and dt.depth(n) == n
    assert dt.dominates(1, n) and not dt.dominates(n, 1)
    assert post_dominator_tree(chain).ipdoms == tuple(range(2, n + 1)) + (0,)
    # 1 -> 2 -> ... -> n, every block also jumps back to 1: still a chain of idoms.
    ladder = cfg_from_succs([[b + 1, 1] for b in range(1, n)] + [[1]])
    assert dominator_tree(ladder).idoms == dt.idoms


# ---------------------------------------------------------------- against a live Julia

JULIA_SCRIPT = r"""
const CC = Core.Compiler
for line in eachline(ARGS[1])
    parts = split(line, '|')
    lists(s) = [isempty(x) ? Int[] : parse.(Int, split(x, ',')) for x in split(s, ';')]
    succs, preds, defsets = lists(parts[1]), lists(parts[2]), lists(parts[3])
    blocks = CC.BasicBlock[CC.BasicBlock(CC.StmtRange(i, i), preds[i], succs[i]) for i in 1:length(succs)]
    cfg = CC.CFG(blocks, collect(2:length(blocks)))
    dt = CC.construct_domtree(cfg)
    out = [join(dt.idoms, ','), join([node.level for node in dt.nodes], ',')]
    for defs in defsets
        push!(out, join(CC.idf(cfg, CC.BlockLiveness(defs, collect(1:length(blocks))), dt), ','))
    end
    println(join(out, '|'))
end
"""


def julia_batch(rng, count):
    """`count` random CFGs, then every fixture CFG, each with four random definition lists."""
    cfgs_ = [random_cfg(rng, rng.randint(1, 40)) for _ in range(count)] + [cfg for _, cfg in FIXTURE_CFGS]
    return [(cfg, [[rng.randint(1, len(cfg.blocks)) for _ in range(rng.randint(1, 5))] for _ in range(4)])
            for cfg in cfgs_]


def encode(lists) -> str:
    return ";".join(",".join(map(str, xs)) for xs in lists)


@pytest.mark.skipif(not live_julias(), reason="no Julia to compare with")
def test_idoms_levels_and_idf_order_equal_julia_1_5_on_random_and_fixture_cfgs(tmp_path):
    julia = live_julias()[0]
    version = subprocess.run([julia, "--version"], capture_output=True, text=True).stdout
    if "1.5." not in version:
        pytest.skip(f"the batch calls 1.5's Core.Compiler.idf; this is {version.strip()}")
    cases = julia_batch(random.Random(20261123), 300)
    (tmp_path / "cases.txt").write_text("".join(
        encode(b.succs for b in cfg.blocks) + "|" + encode(b.preds for b in cfg.blocks) + "|" + encode(defsets) + "\n"
        for cfg, defsets in cases))
    (tmp_path / "run.jl").write_text(JULIA_SCRIPT)
    run = subprocess.run([julia, "--startup-file=no", str(tmp_path / "run.jl"), str(tmp_path / "cases.txt")],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    lines = run.stdout.splitlines()
    assert len(lines) == len(cases)
    for (cfg, defsets), line in zip(cases, lines):
        idoms, levels, *phis = line.split("|")
        dt = dominator_tree(cfg)
        assert ",".join(map(str, dt.idoms)) == idoms
        assert ",".join(map(str, dt.levels)) == levels
        mine = [",".join(map(str, iterated_dominance_frontier(cfg, d, dt))) for d in defsets]
        assert mine == phis, (cfg, defsets)


@settings(max_examples=200, deadline=None)
@given(cfgs(max_blocks=12), st.integers(0, 50))
def test_trees_loops_and_frontiers_remembered_by_shape_are_those_computed_afresh(cfg, shift):
    from jlir.analysis import graph
    from jlir.analysis.dominance import _dominator_tree, _frontiers, _post_dominator_tree
    from jlir.analysis.natural_loops import _find_loops, find_loops
    # another function of the same shape: other statement ranges, the same edges
    moved = CFG(tuple(BasicBlock(b.first + shift, b.last + shift, b.preds, b.succs) for b in cfg.blocks))
    for c in (cfg, moved, cfg):
        dt, fresh = dominator_tree(c), _dominator_tree(c)
        assert (dt.idoms, dt.levels) == (fresh.idoms, fresh.levels)
        assert [dt.children(b) for b in range(1, len(c.blocks) + 1)] == \
            [fresh.children(b) for b in range(1, len(c.blocks) + 1)]
        assert post_dominator_tree(c).ipdoms == _post_dominator_tree(c).ipdoms
        assert dominance_frontiers(c, dt) == _frontiers(c, fresh)
        assert find_loops(c, dt) == _find_loops(c, fresh)
    other = dominator_tree(cfg_from_succs([[]] * len(cfg.blocks)))  # a tree given that is not this CFG's own
    assert dominance_frontiers(cfg, other) == _frontiers(cfg, other)
    assert len(graph._SHAPES) <= graph._SHAPES_LIMIT


def test_an_edge_error_is_raised_again_for_the_same_shape():
    broken = CFG((BasicBlock(1, 1, (), (2,)), BasicBlock(2, 2, (5,), ())))
    for _ in range(2):
        with pytest.raises(EdgeOutOfRange):
            dominator_tree(broken)
