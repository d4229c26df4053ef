"""Def-use chains, the data-flow solver, SSA and slot liveness and interference, against plain references.

The references below are written the obvious way (round-robin iteration over
Python sets until nothing changes, statements scanned one by one), and are
compared with `jlir.analysis` on every fixture function that parses and on
random IR drawn by hypothesis.  The CFG the analyses read (`compute_cfg`) is
checked against Julia's own printed `ir.cfg` for every 1.5.3 case.
"""
from __future__ import annotations

import dataclasses
from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import jlir
from support.cfg_strategies import cfgs, reference_dominators
from conftest import CORPUS, FIXTURES
from jlir.analysis.dataflow import Problem, solve
from jlir.analysis.defuse import def_use
from jlir.ir.cfg import compute_cfg, in_range
from jlir.analysis.live_ranges import liveness, slot_liveness
from jlir.ir import nodes as N
from jlir.ir import values as V
from jlir.ir.function import Block, Form, Function, Statement
from jlir.ir.style import Style
from support.ir_samples import _cfg, fixture_functions, random_ir  # noqa: F401


# ---------------------------------------------------------------- references

def ssa_ids_in(x) -> list[int]:
    """Every `%k` inside a value, found by a plain recursive scan (quoted values and types skipped)."""
    if type(x) is V.SSAValue:
        return [x.id]
    if type(x) in (V.QuoteNode, V.Literal, V.GlobalRef, V.SlotNumber, V.Argument, V.Symbol):
        return []
    if isinstance(x, tuple):
        return [i for y in x for i in ssa_ids_in(y)]
    if type(x) is N.Expr:
        return ssa_ids_in(x.args)
    if type(x) in (V.Splat, N.UpsilonNode, N.ReturnNode):
        return ssa_ids_in(x.value if type(x) is V.Splat else x.val)
    if type(x) is V.TypedSlot:
        return ssa_ids_in(x.value)
    if type(x) is N.GotoIfNot:
        return ssa_ids_in(x.cond)
    if type(x) is N.PiNode:
        return ssa_ids_in(x.val)
    if type(x) is N.PhiCNode:
        return ssa_ids_in(x.values)
    return []


def reference_def_use(fn) -> dict[int, list[tuple[int, int]]]:
    """`{value: [(user, block of the use), …]}`, φ operands used in their incoming block."""
    du = def_use(fn)
    uses: dict[int, list[tuple[int, int]]] = {}
    for b, ids in enumerate(du.order, 1):
        for sid in ids:
            node = du.statements[sid].node
            if type(node) is N.PhiNode:
                pairs = [(v, e) for e, val in zip(node.edges, node.values) for v in ssa_ids_in(val)]
            else:
                pairs = [(v, b) for v in ssa_ids_in(node)]
            for v, where in pairs:
                uses.setdefault(v, []).append((sid, where))
    return uses


def reference_liveness(fn, succs) -> tuple[list[set], list[set]]:
    """Live-in/live-out per block by round-robin iteration of the textbook equations (φ uses at the edge's end)."""
    du = def_use(fn)
    n = len(du.order)
    phi_end = [set() for _ in range(n)]
    for ids in du.order:
        for sid in ids:
            node = du.statements[sid].node
            if type(node) is N.PhiNode:
                for e, val in zip(node.edges, node.values):
                    if 1 <= e <= n:
                        phi_end[e - 1].update(ssa_ids_in(val))
    live_in = [set() for _ in range(n)]
    live_out = [set() for _ in range(n)]
    changed = True
    while changed:
        changed = False
        for b in range(n, 0, -1):
            out = set(phi_end[b - 1])
            for s in succs[b - 1]:
                out |= live_in[s - 1]
            live = set(out)
            for sid in reversed(du.order[b - 1]):
                live.discard(sid)
                node = du.statements[sid].node
                if type(node) not in (N.PhiNode, N.PhiCNode):
                    live.update(ssa_ids_in(node))
            if out != live_out[b - 1] or live != live_in[b - 1]:
                live_out[b - 1], live_in[b - 1] = out, live
                changed = True
    return live_in, live_out


def slot_key(v):
    return v.value if type(v) is V.TypedSlot else v


def reference_slot_liveness(fn, succs) -> tuple[list[set], list[set]]:
    """Slot live-in/live-out: assignments define, NewvarNode kills, any other slot mention reads."""
    du = def_use(fn)
    n = len(du.order)
    live_in = [set() for _ in range(n)]
    live_out = [set() for _ in range(n)]
    changed = True
    while changed:
        changed = False
        for b in range(n, 0, -1):
            out = set()
            for s in succs[b - 1]:
                out |= live_in[s - 1]
            live = set(out)
            for sid in reversed(du.order[b - 1]):
                node = du.statements[sid].node
                if type(node) is N.NewvarNode:
                    live.discard(slot_key(node.slot))
                    continue
                if type(node) is N.Expr and node.head == "=" and type(slot_key(node.args[0])) is V.SlotNumber:
                    live.discard(slot_key(node.args[0]))
                    node = node.args[1]
                live.update(slots_in(node))
            if out != live_out[b - 1] or live != live_in[b - 1]:
                live_out[b - 1], live_in[b - 1] = out, live
                changed = True
    return live_in, live_out


def slots_in(x) -> set:
    if type(x) is V.SlotNumber:
        return {x}
    if type(x) is V.TypedSlot:
        return {slot_key(x)} if type(slot_key(x)) is V.SlotNumber else set()
    if isinstance(x, tuple):
        return set().union(*(slots_in(y) for y in x))
    if type(x) is N.Expr:
        return slots_in(x.args)
    if type(x) is V.Splat:
        return slots_in(x.value)
    if type(x) in (N.ReturnNode, N.UpsilonNode, N.PiNode):
        return slots_in(x.val)
    if type(x) is N.GotoIfNot:
        return slots_in(x.cond)
    return set()


def try_successors(fn, cfg) -> list[tuple[int, ...]]:
    """Successors plus, for blocks inside an open `enter`, the innermost catch block (the slot-liveness model)."""
    from jlir.analysis.handlers import handler_stacks, pops_on_catch
    du = def_use(fn)
    stacks = handler_stacks(cfg, du.order, du.statements, pops_on_catch(fn))
    out = []
    for b, blk in enumerate(cfg.blocks, 1):
        stack = stacks.ins[b - 1]
        extra = stack[-1] if isinstance(stack, tuple) and stack and stack[-1] != b else None
        out.append(tuple(blk.succs) + ((extra,) if extra and extra not in blk.succs else ()))
    return out


# ---------------------------------------------------------------- fixtures

def test_cfg_successors_equal_julias_printed_cfg_for_every_case():
    checked = 0
    for listing_path in sorted((FIXTURES / "julia-1.5.3").glob("*.cfg.txt")):
        listing = jlir.parse_file(listing_path).items[0]
        for form in ("ircode", "ircode-noline", "typed", "typed-source"):
            fn = jlir.functions(jlir.parse_file(str(listing_path).replace(".cfg.", f".{form}.")))[0]
            ours = in_range(compute_cfg(fn))
            assert [tuple(b.succs) for b in ours.blocks] == [tuple(s) for _, _, s in listing.blocks], \
                (listing_path.name, form)
            checked += 1
    assert checked == 4 * len(list((FIXTURES / "julia-1.5.3").glob("*.cfg.txt")))


def test_def_use_equals_a_plain_scan_on_every_fixture_function():
    for name, fn in fixture_functions():
        du = def_use(fn)
        got = {v: list(zip(du.uses[v], du.use_blocks[v])) for v in du.uses}
        assert got == reference_def_use(fn), name


def test_ssa_liveness_equals_the_reference_on_every_fixture_function():
    for name, fn in fixture_functions():
        cfg = in_range(compute_cfg(fn))
        live_in, live_out = reference_liveness(fn, [b.succs for b in cfg.blocks])
        lv = liveness(fn)
        assert [set(s) for s in lv.live_in] == live_in, name
        assert [set(s) for s in lv.live_out] == live_out, name


def test_slot_liveness_equals_the_reference_on_every_slot_form_fixture():
    checked = 0
    for name, fn in fixture_functions():
        if fn.form not in (Form.LOWERED, Form.WARNTYPE) and "unoptimized" not in name:
            continue
        cfg = in_range(compute_cfg(fn))
        live_in, live_out = reference_slot_liveness(fn, try_successors(fn, cfg))
        sl = slot_liveness(fn)
        assert [set(s) for s in sl.live_in] == live_in, name
        assert [set(s) for s in sl.live_out] == live_out, name
        checked += 1
    assert checked > 100


def test_pending_nodes_sit_in_the_block_of_their_anchor_in_print_order():
    fn = jlir.functions(jlir.parse_file(CORPUS / "0068.txt"))[0]
    du = def_use(fn)
    # %7 prints before positional 4; %8 (attach_after) after it; %9 before 6, %10 (attach_after) after 6.
    assert du.order == ((1, 2, 3), (7, 4, 8), (5, 9, 6, 10))
    assert du.uses[1] == (2, 7, 5, 9)
    assert liveness(fn).live_in[2] == frozenset({1})
    assert [tuple(b.succs) for b in in_range(compute_cfg(fn)).blocks] == [(3, 2), (3,), ()]


def test_phi_operand_is_live_out_of_its_incoming_block_and_not_into_the_phi_block():
    fn = jlir.functions(jlir.parse_file(FIXTURES / "julia-1.5.3" / "nested_try.ircode-noline.txt"))[0]
    lv = liveness(fn)
    # 6 ┄ %17 = φ (#4 => false, #5 => true); %18 = φ (#4 => %13); %19 = φ (#4 => %14)
    assert {13, 14} <= lv.live_out[3]
    assert not {13, 14, 17, 18, 19} & lv.live_in[5]
    # %27 = ϒ (%23) and %39 = φᶜ (%27, %35): the upsilons are never live, the φᶜ operands are no uses
    assert all(27 not in s and 35 not in s for s in lv.live_in + lv.live_out)


def test_undefined_ssa_values_reach_the_entry_live_in():
    fn = jlir.functions(jlir.parse_file(FIXTURES / "julia-1.5.3" / "base_dict.typed.txt"))[0]
    stmts = list(fn.stmts)
    stmts[0] = dataclasses.replace(stmts[0], node=N.Expr("call", (V.GlobalRef("Base", "f"), V.SSAValue(999))))
    assert 999 in liveness(fn.replace(stmts=tuple(stmts))).live_in[0]


# ---------------------------------------------------------------- interference

def reference_interference(fn) -> set[frozenset]:
    """Pairs live at one point: after each definition, the defined value with everything live there."""
    cfg = in_range(compute_cfg(fn))
    du = def_use(fn)
    _, live_out = reference_liveness(fn, [b.succs for b in cfg.blocks])
    pairs = set()
    for b, ids in enumerate(du.order, 1):
        live = set(live_out[b - 1])
        phis = [i for i in ids if type(du.statements[i].node) is N.PhiNode]
        for sid in reversed(ids):
            if sid in phis:
                continue
            live.discard(sid)
            pairs.update(frozenset((sid, o)) for o in live)
            if type(du.statements[sid].node) is not N.PhiCNode:   # φᶜ operands name ϒs, they are no uses
                live.update(ssa_ids_in(du.statements[sid].node))
        for p in phis:
            pairs.update(frozenset((p, o)) for o in live if o != p)
    return pairs


def test_interference_equals_the_reference_on_small_fixture_functions():
    checked = 0
    for name, fn in fixture_functions():
        if len(fn.stmts) > 120 or fn.form not in (Form.TYPED, Form.IRCODE):
            continue
        lv = liveness(fn)
        expected = reference_interference(fn)
        ids = sorted(lv.du.defs)
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                assert lv.interferes(a, b) == (frozenset((a, b)) in expected), (name, a, b)
        checked += 1
    assert checked > 50


def test_a_value_never_interferes_with_itself_and_interference_is_symmetric():
    fn = jlir.functions(jlir.parse_file(FIXTURES / "julia-1.5.3" / "while_swap.typed.txt"))[0]
    lv = liveness(fn)
    ids = sorted(lv.du.defs)
    assert not any(lv.interferes(a, a) for a in ids)
    assert all(lv.interferes(a, b) == lv.interferes(b, a) for a in ids for b in ids)
    assert any(lv.interferes(a, b) for a in ids for b in ids)


# ---------------------------------------------------------------- the solver

@settings(max_examples=150, deadline=None)
@given(cfgs())
def test_forward_solver_finds_reachability_and_backward_finds_coreachability(cfg):
    succs = [[s for s in b.succs] for b in cfg.blocks]
    n = len(succs)
    fwd = solve(cfg, Problem(True, frozenset({0}), frozenset(), lambda fs: frozenset().union(*fs),
                             lambda b, f: f | {b}))
    reach = {1}
    stack = [1]
    while stack:
        for s in succs[stack.pop() - 1]:
            if s not in reach:
                reach.add(s)
                stack.append(s)
    assert {b for b in range(1, n + 1) if 0 in fwd.ins[b - 1]} == reach
    bwd = solve(cfg, Problem(False, frozenset({"exit"}), frozenset(), lambda fs: frozenset().union(*fs),
                             lambda b, f: f | {b}))
    exits = {b for b in range(1, n + 1) if not succs[b - 1]}
    reaches_exit = set(exits)
    changed = True
    while changed:
        changed = False
        for b in range(1, n + 1):
            if b not in reaches_exit and any(s in reaches_exit for s in succs[b - 1]):
                reaches_exit.add(b)
                changed = True
    assert {b for b in range(1, n + 1) if "exit" in bwd.ins[b - 1]} == reaches_exit
    # ins and outs stay in execution order for a backward problem: out(b) = ⋃ in(s)
    for b in range(1, n + 1):
        expected = frozenset().union(*(bwd.ins[s - 1] for s in succs[b - 1])) | (
            {"exit"} if not succs[b - 1] else frozenset())
        assert bwd.outs[b - 1] == expected


def test_solver_applies_the_edge_function_per_edge():
    # 1 → 2 → 3, 1 → 3: facts count the edges 1→3 adds.
    problem = Problem(True, 0, None, lambda fs: max((f for f in fs if f is not None), default=None),
                      lambda b, f: f, edge=lambda src, dst, f: f + 10 if (src, dst) == (1, 3) else f)
    sol = solve([[2, 3], [3], []], problem)
    assert sol.ins == (0, 0, 10)


# ---------------------------------------------------------------- random IR

@settings(max_examples=200, deadline=None)
@given(random_ir(dominance=False))
def test_liveness_satisfies_the_equations_on_random_ir(case):
    fn, succs = case
    assert [list(b.succs) for b in in_range(compute_cfg(fn)).blocks] == succs
    live_in, live_out = reference_liveness(fn, succs)
    lv = liveness(fn)
    assert [set(s) for s in lv.live_in] == live_in
    assert [set(s) for s in lv.live_out] == live_out


@settings(max_examples=200, deadline=None)
@given(random_ir(dominance=True))
def test_in_strict_ssa_every_live_in_value_is_defined_in_a_dominating_block(case):
    fn, succs = case
    lv = liveness(fn)
    doms = reference_dominators(_cfg(succs))
    for b, live in enumerate(lv.live_in, 1):
        if b not in doms:
            continue
        for v in live:
            db = lv.du.defs[v]
            assert db != b and db in doms[b], (b, v)
    expected = reference_interference(fn)
    ids = sorted(lv.du.defs)
    for i, a in enumerate(ids):
        for c in ids[i + 1:]:
            assert lv.interferes(a, c) == (frozenset((a, c)) in expected)


def test_slot_assigned_in_a_try_region_is_live_into_the_catch_path():
    fn = jlir.functions(jlir.parse_file(FIXTURES / "julia-1.5.3" / "nested_try.lowered.txt"))[0]
    sl = slot_liveness(fn)
    total = next(s for s in sl.live_in[0] | sl.live_out[0] if s.name == "total")
    # `total = %17 + %18` in #8 (inside the inner try, catch #10); #12 reads `total` after the catch.
    assert total in sl.live_out[7]
    assert total in sl.live_in[9]
    assert total not in sl.live_in[0]   # assigned first thing in #1
    assert total in sl.live_out[0]


@pytest.mark.parametrize("name", ["base_dict.lowered.txt", "undef_var.lowered.txt"])
def test_newvar_kills_a_slot_without_reading_it(name):
    fn = jlir.functions(jlir.parse_file(FIXTURES / "julia-1.5.3" / name))[0]
    sl = slot_liveness(fn)
    newvars = {slot_key(s.node.slot) for s in fn.positional if type(s.node) is N.NewvarNode}
    assert newvars and not newvars & sl.live_in[0]
