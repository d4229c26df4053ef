"""`jlir diff` calls the orders Julia's semantics do not depend on equivalent, with the reason: φ and φᶜ nodes at
a block's start, ϒ nodes in a row, a φᶜ's operands.  On Julia 1.5.3's own records
(`tests/data/oracle/slot-order-upsilon-1.5.3.jsonl.gz`, from `scripts/check/oracle.jl`: two instances whose
`jlir ssa` differs from Julia's `slot2reg` + `compact!` only in such orders) and on ssa-classes' φ-order ones."""
from __future__ import annotations

import gzip
import json
from dataclasses import replace
from pathlib import Path

import jlir
from jlir.compare import diff_functions
from jlir.compare.orders import reorder
from jlir.ir import nodes as N
from jlir.ir.function import IR
from jlir.oracle.run import instance_types
from jlir.ssa import into_ssa

DATA = Path(__file__).resolve().parents[1] / "data" / "oracle"


def _records(name: str) -> list[dict]:
    with gzip.open(DATA / name, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def _ours_theirs(record: dict):
    fn = jlir.functions(jlir.parse(record["unoptimized"]))[0]
    argtypes, sptypes = instance_types(record)
    names = tuple(record["argnames"])
    slotnames = (record["self"], *names) if record.get("self") not in (None, "#self#") else None
    ours = into_ssa(fn, argnames=names, slotnames=slotnames, slottypes=argtypes or None, argtypes=argtypes,
                    sptypes=sptypes)
    return ours, jlir.functions(jlir.parse(record["ssa"]))[0]


def test_upsilons_and_catch_phis_in_another_order_are_equivalent_with_the_reason():
    for record in _records("slot-order-upsilon-1.5.3.jsonl.gz"):
        ours, theirs = _ours_theirs(record)
        assert jlir.format(ours) != jlir.format(theirs)
        d = diff_functions(ours, theirs)
        assert d.outcome == "equivalent" and {"ϒ nodes", "φᶜ nodes"} <= set(d.orders), (record["target"], d.orders)


def test_phis_in_another_order_are_equivalent():
    for record in _records("ssa-classes-1.5.3.jsonl.gz"):
        if record["class"] == "slot-order":   # (slot-order-alike's φs now come in Julia's order: jlir.ssa.slot_order)
            ours, theirs = _ours_theirs(record)
            d = diff_functions(ours, theirs)
            assert (d.outcome, d.orders) == ("equivalent", ("φ nodes",))


def _with(fn, k: int, node):
    stmts = list(fn.stmts)
    stmts[k] = replace(stmts[k], node=node)
    return fn.with_ir(IR(tuple(stmts), fn.blocks, fn.linetable, fn.catch_entry))


def test_a_catch_phis_operands_in_another_order_are_equivalent():
    """Julia's own print, and the same print with one φᶜ's two operands swapped: a φᶜ's operands are a set."""
    record = _records("slot-order-upsilon-1.5.3.jsonl.gz")[1]
    theirs = jlir.functions(jlir.parse(record["ssa"]))[0]
    k = next(k for k, s in enumerate(theirs.stmts) if type(s.node) is N.PhiCNode and len(s.node.values) == 2)
    swapped = _with(theirs, k, replace(theirs.stmts[k].node, values=theirs.stmts[k].node.values[::-1]))
    d = diff_functions(swapped, theirs)
    assert (d.outcome, d.orders) == ("equivalent", ("φᶜ operands",))
    assert "φᶜ operands" in jlir.compare.diff_documents(jlir.parse(jlir.format(swapped)), jlir.parse(record["ssa"]),
                                                         "a", "b").message


def test_two_upsilons_one_catch_phi_lists_keep_their_order():
    """A φᶜ takes the value of the last ϒ run before the throw: two ϒ nodes it lists, swapped, compute another
    value, and are not an order Julia's semantics ignore."""
    record = _records("slot-order-upsilon-1.5.3.jsonl.gz")[1]
    theirs = jlir.functions(jlir.parse(record["ssa"]))[0]
    stmts = theirs.stmts
    k = next(k for k in range(len(stmts) - 1) if type(stmts[k].node) is N.UpsilonNode
             and type(stmts[k + 1].node) is N.UpsilonNode)
    listing = next(s for s in stmts if type(s.node) is N.PhiCNode)
    both = replace(listing.node, values=(jlir.ir.values.SSAValue(k + 1), jlir.ir.values.SSAValue(k + 2)))
    where = stmts.index(listing)
    a = _with(theirs, where, both)
    b = _with(_with(a, k, stmts[k + 1].node), k + 1, stmts[k].node)  # the two ϒ nodes swapped
    assert reorder(b, a, lambda f: jlir.format(f) == jlir.format(a)) is None


def test_generated_programs_try_regions_in_another_slot_order_are_equivalent():
    """Julia 1.5.3's records of four generated programs (seed 4: `main_226`, `main_199`, `main_51`, `main_135`),
    whose `jlir ssa` differs from slot2reg + compact! only in slot order: many alike φ and ϒ nodes (tried in every
    order, past any limit, before their operands and users told them apart) and an erased undefined slot's
    `nothing::MaybeUndef(Union{})` standing elsewhere in a run of ϒ, φᶜ or φ nodes.  Since `jlir.ssa.slot_order`
    reads `finally` blocks and dead code as lowering's scopes, `main_199` and `main_51` come out in Julia's order."""
    same = []
    for record in _records("slot-order-generated-1.5.3.jsonl.gz"):
        ours, theirs = _ours_theirs(record)
        if jlir.format(ours) == jlir.format(theirs):
            same.append(record["target"].split("(")[1].split(")")[0])
            continue
        d = diff_functions(ours, theirs)
        assert d.outcome == "equivalent", (record["target"], d.message)
    assert same == ["main_199", "Main.Gen51.main_51"]

