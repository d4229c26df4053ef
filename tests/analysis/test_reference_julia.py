"""jlir's analyses agree with Julia 1.5.3's own, on every fixture case and a 1,000-function sample of Base.

The reference is committed data (no Julia needed here), written by
`scripts/gen/regen_fixtures.py` (`--base-sample` for the Base part) through
`JlirLive.reference_json` in jlir/live/jlir.jl; scripts/gen/reference_data.py
describes the files.  Per function Julia recorded:

* `cfg`, `idoms`, `verify`: `ir.cfg`, `construct_domtree(ir.cfg)` and
  `verify_ir(ir)`'s verdict for the optimized IRCode whose print jlir reads
  (`<case>.ircode-noline.txt`, `reference-base.ircode-noline.txt.gz`);
* `ssa`: what 1.5's `slot2reg` sees before `construct_ssa!` inserts φ nodes:
  the CFG of `convert_to_ircode`'s IRCode and its idoms, and per slot with
  uses the def blocks (`compute_live_ins`, plus the catch blocks that get a
  φᶜ), the live-in blocks, the φ blocks `idf` returns (`idf`, pruned by
  liveness) and `idf` with every block live (`idf_full`: the plain iterated
  dominance frontier).  Julia's order of φ blocks is the order its priority
  queue meets them; it decides only the order φ nodes are queued, not where
  they go, yet jlir mirrors it, so it is compared too.

Each test collects every mismatch and reports them all, with the function's
name, rather than stopping at the first.
"""
from __future__ import annotations

import gzip
import json

import pytest

import jlir
from conftest import FIXTURES
from jlir.analysis.dominance import dominator_tree, iterated_dominance_frontier
from jlir.analysis.verifier import verify_ir
from jlir.ir.cfg import CFG, compute_cfg

J153 = FIXTURES / "julia-1.5.3"
BASE_PRINTS = "reference-base.ircode-noline.txt"


def read_jsonl(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def case_functions() -> list[tuple[dict, object]]:
    """(Julia's record, jlir's reading of the same IRCode print) for every fixture case."""
    out = []
    for record in read_jsonl(J153 / "reference-cases.jsonl"):
        (fn,) = jlir.functions(jlir.parse_file(J153 / f"{record['name']}.ircode-noline.txt"))
        out.append((record, fn))
    return out


def base_functions() -> list[tuple[dict, object]]:
    """(Julia's record, jlir's reading) for every function of the Base sample; the prints are one file."""
    plain, packed = J153 / BASE_PRINTS, J153 / (BASE_PRINTS + ".gz")
    text = plain.read_text(encoding="utf-8") if plain.exists() else gzip.decompress(packed.read_bytes()).decode()
    functions = jlir.functions(jlir.parse(text, BASE_PRINTS))
    records = read_jsonl(J153 / "reference-base.jsonl")
    assert len(functions) == len(records), "the Base prints and records are out of step"
    return list(zip(records, functions))


@pytest.fixture(scope="module", params=["cases", "base"])
def reference(request) -> list[tuple[dict, object]]:
    return case_functions() if request.param == "cases" else base_functions()


def julia_slots(reference):
    """(function name, Julia's pre-SSA CFG, jlir's dominator tree of it, slot record) for every slot Julia placed φs for."""
    for record, _ in reference:
        cfg = CFG.from_json(record["ssa"]["cfg"])
        dt = dominator_tree(cfg)
        for slot in record["ssa"]["slots"]:
            yield record["name"], cfg, dt, slot


def test_the_reference_covers_every_case_and_a_thousand_base_functions():
    cases = read_jsonl(J153 / "reference-cases.jsonl")
    assert {r["name"] for r in cases} == {p.stem for p in (FIXTURES / "cases").glob("*.jl")}
    about = json.loads((J153 / "reference-base.json").read_text(encoding="utf-8"))
    assert about["functions"] == len(read_jsonl(J153 / "reference-base.jsonl")) >= 1000


def test_jlir_cfg_of_the_printed_ircode_equals_julias_cfg(reference):
    wrong = [(r["name"], compute_cfg(fn).to_json(), r["cfg"]) for r, fn in reference
             if compute_cfg(fn) != CFG.from_json(r["cfg"])]
    assert not wrong, f"{len(wrong)} of {len(reference)} CFGs differ; first: {wrong[0]}"


def test_jlir_dominator_tree_of_the_printed_ircode_has_julias_idoms(reference):
    wrong = [(r["name"], dominator_tree(compute_cfg(fn)).idoms, tuple(r["idoms"])) for r, fn in reference
             if dominator_tree(compute_cfg(fn)).idoms != tuple(r["idoms"])]
    assert not wrong, f"{len(wrong)} of {len(reference)} dominator trees differ: {wrong[:5]}"


def test_jlir_dominator_tree_of_julias_pre_ssa_cfg_has_julias_idoms(reference):
    wrong = [(r["name"], dominator_tree(CFG.from_json(r["ssa"]["cfg"])).idoms, tuple(r["ssa"]["idoms"]))
             for r, _ in reference if dominator_tree(CFG.from_json(r["ssa"]["cfg"])).idoms != tuple(r["ssa"]["idoms"])]
    assert not wrong, f"{len(wrong)} of {len(reference)} pre-SSA dominator trees differ: {wrong[:5]}"


def test_phi_blocks_pruned_by_liveness_are_julias_in_julias_order(reference):
    slots = list(julia_slots(reference))
    wrong = [(name, slot, iterated_dominance_frontier(cfg, slot["defs"], dt, live_in=slot["live_in"]))
             for name, cfg, dt, slot in slots
             if iterated_dominance_frontier(cfg, slot["defs"], dt, live_in=slot["live_in"]) != tuple(slot["idf"])]
    assert not wrong, f"{len(wrong)} of {len(slots)} slots get other φ blocks than Julia's: {wrong[:5]}"


def test_iterated_dominance_frontier_is_julias_in_julias_order(reference):
    slots = list(julia_slots(reference))
    wrong = [(name, slot, iterated_dominance_frontier(cfg, slot["defs"], dt))
             for name, cfg, dt, slot in slots
             if iterated_dominance_frontier(cfg, slot["defs"], dt) != tuple(slot["idf_full"])]
    assert not wrong, f"{len(wrong)} of {len(slots)} iterated dominance frontiers differ: {wrong[:5]}"


def test_julias_phi_blocks_are_its_frontier_restricted_to_live_in_blocks(reference):
    """A property of the data (pruned SSA = IDF ∩ live-in): the two φ-block lists were recorded consistently."""
    slots = list(julia_slots(reference))
    wrong = [(name, slot) for name, _, _, slot in slots
             if set(slot["idf"]) != set(slot["idf_full"]) & set(slot["live_in"])]
    assert not wrong, f"{len(wrong)} of {len(slots)} slots: {wrong[:5]}"


def test_jlir_verify_ir_accepts_every_function_julia_accepts(reference):
    accepted = [(r, fn) for r, fn in reference if r["verify"] == "ok"]
    rejected = [(r["name"], [str(d) for d in verify_ir(fn) if d.severity == "error"][:3]) for r, fn in accepted]
    rejected = [(name, diags) for name, diags in rejected if diags]
    assert not rejected, f"{len(rejected)} of {len(accepted)} functions Julia accepts are rejected: {rejected[:5]}"


def test_the_reference_exercises_branches_loops_and_phi_placement(reference):
    """The checks above are not vacuous: the data has multi-block CFGs, φ blocks and pruned-away frontier blocks."""
    slots = [slot for *_, slot in julia_slots(reference)]
    assert sum(len(r["cfg"]["blocks"]) > 2 for r, _ in reference) > len(reference) // 2
    assert sum(bool(s["idf"]) for s in slots) >= 10
    assert any(set(s["idf_full"]) - set(s["idf"]) for s in slots)
