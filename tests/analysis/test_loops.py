"""Natural loops and their nesting, checked against backward reachability from each latch.

The oracle takes dominators from set data flow (`cfg_strategies`), finds back
edges by definition, grows each loop by backward reachability, and nests loops
by inclusion of their block sets.  Irreducibility is checked independently
of any DFS: a reachable graph is reducible exactly when removing its back
edges leaves it acyclic.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings

from support.cfg_strategies import (cfg_from_succs, cfgs, closure, fixture_cfgs, random_cfg, real_preds,
                            reference_dominators)
from jlir.analysis.dominance import NoSuchBlock, dominator_tree
from jlir.analysis.natural_loops import Loop, find_loops
from jlir.ir.cfg import CFG

FIXTURE_CFGS = fixture_cfgs()


def reference_loops(cfg: CFG, dom: dict[int, set[int]]) -> tuple[set, dict[int, set[int]]]:
    """Back edges by definition and, per header, the union of its latches' natural loops."""
    back = {(t, h) for t in dom for h in cfg.blocks[t - 1].succs if h in dom[t]}
    bodies: dict[int, set[int]] = {}
    for t, h in back:
        walk = closure([t], lambda b, h=h: [] if b == h else [p for p in real_preds(cfg, b) if p in dom])
        bodies.setdefault(h, {h}).update(walk)
    return back, bodies


def reducible(cfg: CFG, dom: dict[int, set[int]], back: set) -> bool:
    """Whether the reachable graph without its back edges is acyclic (Kahn's algorithm)."""
    edges = {t: [h for h in cfg.blocks[t - 1].succs if (t, h) not in back] for t in dom}
    indegree = {b: 0 for b in dom}
    for hs in edges.values():
        for h in hs:
            indegree[h] += 1
    ready = [b for b, d in indegree.items() if d == 0]
    seen = 0
    while ready:
        b = ready.pop()
        seen += 1
        for h in edges[b]:
            indegree[h] -= 1
            if indegree[h] == 0:
                ready.append(h)
    return seen == len(dom)


def check_loops(cfg: CFG) -> None:
    dom = reference_dominators(cfg)
    forest = find_loops(cfg, dominator_tree(cfg))
    back, bodies = reference_loops(cfg, dom)
    assert set(forest.back_edges) == back and len(forest.back_edges) == len(back)
    assert [lp.header for lp in forest.loops] == sorted(bodies)
    for lp in forest.loops:
        assert set(lp.blocks) == bodies[lp.header] and list(lp.blocks) == sorted(lp.blocks)
        assert sorted(lp.back_edges) == sorted(e for e in back if e[1] == lp.header)
        holders = [h for h in bodies if lp.header in bodies[h] and h != lp.header]
        assert lp.parent == (min(holders, key=lambda h: len(bodies[h])) if holders else 0)
        assert lp.depth == len(holders) + 1
    for a in bodies.values():                      # natural loops nest or are disjoint
        for b in bodies.values():
            assert a <= b or b <= a or not (a & b)
    for b in range(1, len(cfg.blocks) + 1):
        holders = [h for h in bodies if b in bodies[h]]
        assert forest.loop_of(b) == (min(holders, key=lambda h: len(bodies[h])) if holders else 0)
        assert forest.depth(b) == len(holders)
    assert bool(forest.irreducible) == (not reducible(cfg, dom, back))
    for t, h in forest.irreducible:                # a retreating edge that closes a cycle without a dominating header
        assert t in dom and h not in dom[t] and t in closure([h], lambda b: cfg.blocks[b - 1].succs)


def test_the_random_cfg_family_has_every_awkward_feature():
    """The shapes `cfgs()` is meant to draw do occur (same builder as `random_cfg`, seeded here)."""
    rng = random.Random(8)
    seen = Counter()
    for _ in range(300):
        cfg = random_cfg(rng, rng.randint(1, 24))
        dom = reference_dominators(cfg)
        back, _ = reference_loops(cfg, dom)
        n = len(cfg.blocks)
        exits = [b for b in range(1, n + 1) if not cfg.blocks[b - 1].succs]
        reaching_exit = closure(exits, lambda b: real_preds(cfg, b))
        seen["irreducible"] += not reducible(cfg, dom, back)
        seen["self-loop"] += any(b in cfg.blocks[b - 1].succs for b in range(1, n + 1))
        seen["unreachable"] += len(dom) < n
        seen["several exits"] += len(exits) > 1
        seen["never exits"] += len(reaching_exit) < n
        seen["catch edge"] += any(0 in blk.preds for blk in cfg.blocks)
    assert all(seen[k] >= 10 for k in ("irreducible", "self-loop", "unreachable", "several exits",
                                        "never exits", "catch edge")), seen


@pytest.mark.parametrize("name,cfg", FIXTURE_CFGS, ids=[name for name, _ in FIXTURE_CFGS])
def test_fixture_loops_agree_with_backward_reachability(name, cfg):
    check_loops(cfg)


def test_fixture_corpus_has_loops_to_check():
    assert sum(len(find_loops(cfg, dominator_tree(cfg)).loops) for _, cfg in FIXTURE_CFGS) >= 20


@settings(max_examples=400, deadline=None)
@given(cfgs())
def test_random_loops_agree_with_backward_reachability(cfg):
    check_loops(cfg)


def test_two_entry_cycle_is_reported_irreducible_and_is_no_loop():
    # 1 -> 2, 3; 2 <-> 3: the cycle has no header that dominates it.
    cfg = cfg_from_succs([[2, 3], [3], [2]])
    forest = find_loops(cfg, dominator_tree(cfg))
    assert forest.loops == () and forest.back_edges == ()
    assert forest.irreducible in (((2, 3),), ((3, 2),))


def test_back_edges_to_one_header_merge_into_one_loop_with_a_nested_self_loop():
    # 1 -> 2; 2 -> 3, 4; 3 -> 3, 2; 4 -> 2, 5; 5 returns.
    cfg = cfg_from_succs([[2], [3, 4], [3, 2], [2, 5], []])
    forest = find_loops(cfg, dominator_tree(cfg))
    assert forest.loops == (Loop(2, (2, 3, 4), ((3, 2), (4, 2)), 1, 0), Loop(3, (3,), ((3, 3),), 2, 2))
    assert [forest.loop_of(b) for b in range(1, 6)] == [0, 2, 3, 2, 0]
    assert [forest.depth(b) for b in range(1, 6)] == [0, 1, 2, 1, 0]
    assert forest.loop(3).parent == 2 and forest.irreducible == ()
    with pytest.raises(NoSuchBlock):
        forest.loop(1)
    with pytest.raises(NoSuchBlock):
        forest.loop_of(6)


def test_deep_loop_nest_is_found_without_recursion():
    d = 400                                     # headers 1..d, latch d+k jumps back to header d-k+1
    succs = [[i + 1] for i in range(1, d + 1)] + [[d - k + 1, d + k + 1] for k in range(1, d + 1)] + [[]]
    cfg = cfg_from_succs(succs)
    forest = find_loops(cfg, dominator_tree(cfg))
    assert [lp.header for lp in forest.loops] == list(range(1, d + 1))
    assert [lp.depth for lp in forest.loops] == list(range(1, d + 1))
    assert [lp.parent for lp in forest.loops] == list(range(0, d))
    assert forest.loop_of(d) == d and forest.depth(d) == d and forest.depth(2 * d + 1) == 0
    chain = cfg_from_succs([[b + 1] for b in range(1, 50_000)] + [[2]])
    (big,) = find_loops(chain, dominator_tree(chain)).loops
    assert big.header == 2 and len(big.blocks) == 49_999
