"""The edge order of Julia 1.5.3's `ir.cfg` after slot2reg, inlining and type_lift, on Julia's own records of a
few instances (`cfg-order-1.5.3.jsonl.gz`: one stage print and its `ir.cfg`, from `scripts/check/oracle.jl`
records).

After slot2reg, `domsort_ssa!` leaves each block's predecessors in the order of the blocks' numbers before
it renumbered them; where lowering wrote an `if` as jumps, the print shows that order
(`jlir.analysis.domsort_order`).  After inlining, 1.5 keeps the inliner's CFG: a union split made by this
function's inlining lists each test's case block first, one inlined from a callee's optimized code lists the
branch target first (as `compute_basic_blocks` did there).  `compact!` then removes the emptied call that
told them apart right after inlining; these prints are each decided by one of what the print still shows
(`made_here_compacted`).
"""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

import jlir
from jlir import analysis as A
from jlir.ir.cfg import CFG
from jlir.analysis.domsort_order import domsort_order
from jlir.analysis.inlined_order import inlining_order
from jlir.oracle import Outcome
from jlir.oracle.checks import check_inlined_cfg, check_sorted_cfg

DATA = Path(__file__).resolve().parents[1] / "data" / "oracle" / "cfg-order-1.5.3.jsonl.gz"


def _stage(fragment: str, name: str):
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        record = next(r for r in map(json.loads, f) if fragment in r["target"] and r["stages"][0]["name"] == name)
    stage = record["stages"][0]
    return jlir.functions(jlir.parse(stage["text"]))[0], stage["julia"]


def _type_lift(fragment: str):
    return _stage(fragment, "type_lift")


@pytest.mark.parametrize("fragment", ["Base.copy_exprs", "Core.Compiler.fixemup!"])
def test_after_slot2reg_a_branch_written_as_jumps_keeps_its_blocks_old_order_in_predecessor_lists(fragment):
    # `if isassigned(…) … end` in a loop: the block of `goto #end` stood before the body; domsort_ssa! moved
    # it after, and the loop's latch lists it first (fixemup!: two such branches, one inside the other)
    fn, julia = _stage(fragment, "slot2reg")
    plain = A.cfg(fn)
    assert plain != CFG.from_json(julia["cfg"])
    assert check_sorted_cfg(fn, julia) == Outcome("equal")
    ordered = domsort_order(fn, plain)
    assert [(b.first, b.last, sorted(b.preds), b.succs) for b in plain.blocks] == \
        [(b.first, b.last, sorted(b.preds), b.succs) for b in ordered.blocks]


# (instance, what tells): splits a callee made, listed as compute_basic_blocks lists them
CALLEE = [
    ("typeof(getindex),Array{Int64,1},Integer", "the join block ends in a goto to the next block: a callee's return"),
    ("typeof(Base.Broadcast._broadcast_getindex)",
     "the join block ends in a goto to the next block, though the first test is on a line of its own"),
    ('typeof(all),Base.var"#256#258"', "nothing else tells; jlir guesses a callee's (the tests follow a φ)"),
    ("typeof(union),Base.KeySet", "nothing else tells; the tests follow a read of a global typed without Const"),
    ("typeof(in),Pair{String,String}", "nothing else tells; the row before the tests is no call they read"),
]
# splits this function's inlining made, listed case first
HERE = [
    ("Core.Compiler.cconvert", "the join block returns: an inlined callee's returns are gotos"),
    ("Base._setindex!", "the join block holds a row of another line than the split's"),
    ("Base.at_disable_library_threading",
     "a block the join branches to holds a row of another line (the tests follow a φ)"),
    ("Core.Compiler.lerpi", "the first test is on a line of its own"),
    ("Base.promote_result", "a row typed Const comes before the tests"),
    ("Base._groupedunique!", "a row after the join is typed Const: a callee's stored code is widened"),
    ("typeof(foreach),typeof(Base.shred!)", "a row after the join is typed with a lattice element"),
]


@pytest.mark.parametrize("fragment, why", CALLEE)
def test_after_type_lift_a_split_inlined_from_a_callee_keeps_compute_basic_blocks_order(fragment, why):
    fn, julia = _type_lift(fragment)
    assert A.cfg(fn) == CFG.from_json(julia["cfg"]), why
    assert check_inlined_cfg(fn, julia, compacted=True) == Outcome("equal"), why


@pytest.mark.parametrize("fragment, why", HERE)
def test_after_type_lift_a_split_made_here_lists_its_case_first(fragment, why):
    fn, julia = _type_lift(fragment)
    assert A.cfg(fn) != CFG.from_json(julia["cfg"]), why
    assert check_inlined_cfg(fn, julia, compacted=True) == Outcome("equal"), why


def test_the_order_changes_no_edge():
    for fragment, _ in CALLEE + HERE:
        fn, _julia = _type_lift(fragment)
        plain, ordered = A.cfg(fn), inlining_order(fn, A.cfg(fn), compacted=True)
        assert [(b.first, b.last, b.preds, sorted(b.succs)) for b in plain.blocks] == \
            [(b.first, b.last, b.preds, sorted(b.succs)) for b in ordered.blocks]


def test_right_after_inlining_a_split_whose_code_after_the_join_is_the_functions_lists_its_case_first():
    # include_dependency: no row inlining emptied, nor a Const, before the tests; but after the join the
    # function goes on on other lines, which no inlined callee's code prints
    fn, julia = _stage("include_dependency", "inlining")
    assert A.cfg(fn) != CFG.from_json(julia["cfg"])
    assert check_inlined_cfg(fn, julia) == Outcome("equal")
