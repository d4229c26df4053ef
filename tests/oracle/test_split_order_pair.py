"""What a type_lift print cannot tell: Julia 1.5.3's own IR of two functions (`split-order-pair-1.5.3.jsonl.gz`,
made by scripts/gen/split_order_pair.jl) that it prints as the same bytes after `type_lift_pass!`, while the
`ir.cfg` it keeps lists a union split's successors in the two orders.  In `made_here` the function's own
inlining split `g(…)` on its argument's union (`cfg_inline_unionsplit!`: the case's block first); in `callee`
the split came with `h`'s optimized code (`compute_basic_blocks` there: the branch target first).  Right after
inlining the prints still differ (the emptied call of `h`), so there jlir tells them apart; after `compact!`
one print has two answers, which is why the oracle's split-order rule is a rule and not a miss."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import jlir
from jlir import analysis as A
from jlir.ir.cfg import CFG
from jlir.analysis.inlined_order import inlining_order, split_tests
from jlir.oracle import Outcome
from jlir.oracle.checks import check_inlined_cfg

DATA = Path(__file__).resolve().parents[1] / "data" / "oracle" / "split-order-pair-1.5.3.jsonl.gz"


def _pair() -> dict:
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        return {r["target"]: {s["name"]: s for s in r["stages"]} for r in map(json.loads, f)}


def _edges(cfg: CFG) -> list:
    return [(b.first, b.last, sorted(b.preds), sorted(b.succs)) for b in cfg.blocks]


def test_julia_prints_both_type_lift_irs_as_the_same_bytes_with_the_split_listed_two_ways():
    pair = _pair()
    here, callee = pair["made_here"]["type_lift"], pair["callee"]["type_lift"]
    assert here["text"] == callee["text"]
    ours_here, ours_callee = CFG.from_json(here["julia"]["cfg"]), CFG.from_json(callee["julia"]["cfg"])
    assert ours_here != ours_callee and _edges(ours_here) == _edges(ours_callee)
    fn = jlir.functions(jlir.parse(here["text"]))[0]
    tests = split_tests(fn, A.cfg(fn))
    differ = [b for b, (x, y) in enumerate(zip(ours_here.blocks, ours_callee.blocks), 1) if x != y]
    assert differ == sorted(tests) == [4, 6, 12, 14]   # each test block of the two splits, and nothing else
    assert all(ours_here.blocks[b - 1].succs == ours_callee.blocks[b - 1].succs[::-1] for b in differ)


def test_the_oracle_calls_the_order_it_cannot_know_split_order_and_matches_one_of_the_two():
    pair = _pair()
    fn = jlir.functions(jlir.parse(pair["made_here"]["type_lift"]["text"]))[0]
    outcomes = {tag: check_inlined_cfg(fn, pair[tag]["type_lift"]["julia"], compacted=True) for tag in pair}
    assert sorted(o.verdict for o in outcomes.values()) == ["equal", "rule"]
    assert Outcome("rule", "split-order") in outcomes.values()
    # nothing but the order: the dominators are Julia's for both
    assert tuple(A.dominators(fn).idoms) == tuple(pair["callee"]["type_lift"]["julia"]["idoms"]) \
        == tuple(pair["made_here"]["type_lift"]["julia"]["idoms"])


def test_right_after_inlining_the_prints_differ_and_jlir_gives_each_its_order():
    pair = _pair()
    assert pair["made_here"]["inlining"]["text"] != pair["callee"]["inlining"]["text"]
    for tag in pair:
        stage = pair[tag]["inlining"]
        fn = jlir.functions(jlir.parse(stage["text"]))[0]
        assert inlining_order(fn, A.cfg(fn)) == CFG.from_json(stage["julia"]["cfg"]), tag
        assert check_inlined_cfg(fn, stage["julia"]) == Outcome("equal"), tag
