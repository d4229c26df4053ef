"""`jlir.ssa.into_ssa` against Julia 1.5.3's own SSA construction, on every fixture case.

`fixtures/julia-1.5.3/<case>.ssa.txt` is the IRCode Julia's `run_passes` makes of the case up to its first
`compact!` (`convert_to_ircode`, `slot2reg`, `compact!`; `JlirLive.ssa_ircode` in jlir/live/jlir.jl).
`into_ssa` of the case's `optimize=false` print (slot numbers from its `@code_warntype` `Variables`) must
give the same statements, block for block.  Where it does not, each differing statement is one of the
kinds below, each explained, and the count of every kind is pinned:

* `simple_dce`: Julia's `compact!` ends with `simple_dce!`, which turns an unused statement it proves
  free of effects into `nothing`; jlir's compaction does the same where the print proves it
  (jlir.edit.simple_dce), and no fixture case is left with one it cannot prove;
* `global_constant`: a read of a global Julia's IR holds as the constant (none left: an unused read of a
  global inference typed `Const` is turned into `nothing` as `simple_dce!` does);

Types: a statement's type is the `optimize=false` type; a φ's is Julia's `tmerge` of its incoming
values' types (`jlir.lattice.tmerge`; argument types from the `@code_warntype` `Variables`).  Every type
equals Julia's on the 49 cases whose statements line up.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import jlir
from jlir.analysis.dominance import dominator_tree, iterated_dominance_frontier
from jlir.ir import nodes as N
from jlir.ir import values as V
from jlir.ir import walk
from jlir.ir.cfg import compute_cfg
from jlir.ir.function import IR, Block, Function
from jlir.ssa import into_ssa
from jlir.ssa.prepare import prepare
from jlir.ssa.slots import compute_live_ins, scan_slot_def_use

ROOT = Path(__file__).resolve().parents[2]
FIX = ROOT / "fixtures" / "julia-1.5.3"
CASES = sorted(p.name.split(".")[0] for p in FIX.glob("*.ssa.txt"))
EXPLAINED: dict = {}   # (base_tryparse's locals `_0`, `_9` read as slots now: `jlir.syntax.statement.numerals`)
TYPES_EQUAL = 80


def _fn(case: str, form: str):
    return jlir.functions(jlir.parse_file(FIX / f"{case}.{form}.txt"))[0]


def _variables(case: str):
    sections = dict((s[0], s[1]) for s in _fn(case, "warntype").header.sections)
    return sections["Variables"]


def _slotnames(case: str):
    return [entry[0].split("@")[0] for entry in _variables(case)]


def _ours(case: str):
    return into_ssa(_fn(case, "typed-unoptimized"), slotnames=_slotnames(case),
                    slottypes=[entry[2] for entry in _variables(case)])


def _kind(i: int, ours, julia, used: set) -> str:
    if julia == V.NOTHING and type(ours) is N.Expr and i not in used:
        return "simple_dce"
    if julia == V.NOTHING and ours == V.GlobalRef("Main", "nothing"):
        return "global_constant"
    return "unexplained"


def _differences(case: str) -> dict:
    ours, julia = _ours(case), _fn(case, "ssa")
    if [(b.first, b.last) for b in ours.blocks] != [(b.first, b.last) for b in julia.blocks]:
        return {"blocks": 1}
    kinds: dict = {}
    used = walk.used_ids(ours.stmts)
    for i, (a, b) in enumerate(zip(ours.positional, julia.positional), 1):
        if a.node != b.node:
            k = _kind(i, a.node, b.node, used)
            kinds[k] = kinds.get(k, 0) + 1
    return kinds


@pytest.mark.parametrize("case", CASES)
def test_into_ssa_equals_julias_slot2reg_or_differs_only_as_explained(case):
    assert _differences(case) == EXPLAINED.get(case, {})


def test_into_ssa_equals_julia_statement_for_statement_on_every_case():
    equal = [c for c in CASES if not _differences(c)]
    assert (len(equal), len(CASES)) == (80, 80)


def test_types_equal_julias_too_phi_types_by_tmerge():
    """Every statement's type, φ, φᶜ and ϒ types included (Julia's `tmerge`: `jlir.lattice.tmerge`), equals
    Julia's on every case."""
    equal = []
    for case in CASES:
        ours, julia = _ours(case), _fn(case, "ssa")
        if len(ours.positional) == len(julia.positional):
            equal.append([s.type for s in ours.positional] == [s.type for s in julia.positional])
    assert (sum(equal), len(equal)) == (TYPES_EQUAL, len(CASES))


def _reference():
    return {r["name"]: r["ssa"] for r in map(json.loads, (FIX / "reference-cases.jsonl").read_text().splitlines())}





@pytest.mark.parametrize("case", CASES)
def test_pre_ssa_cfg_and_slot_liveness_and_phi_blocks_equal_julias(case):
    """The CFG after `convert_to_ircode`'s changes, and per read slot its def blocks, live-in blocks and φ
    blocks, equal what Julia 1.5.3's `compute_live_ins` and `idf` gave (`reference-cases.jsonl`)."""
    ref = _reference()[case]
    fn = _fn(case, "typed-unoptimized")
    prep = prepare(fn.positional, [(b.first, b.last) for b in fn.blocks])
    cfg = compute_cfg(Function.of(IR(prep.stmts, tuple(Block(f, l) for f, l in prep.blocks)), fn.display))
    assert cfg.to_json() == ref["cfg"]
    dt = dominator_tree(cfg)
    catch = {n.catch_dest for n in (s.node for s in prep.stmts) if type(n) is N.EnterNode}
    ours = []
    for info in scan_slot_def_use([s.node for s in prep.stmts]).values():
        if not info.uses:
            continue
        defs, live = compute_live_ins(cfg, info)
        defs += [b for b in live if b in catch and b not in defs]
        ours.append((sorted(defs), sorted(live), list(iterated_dominance_frontier(cfg, defs, dt, live_in=live))))
    theirs = [(sorted(s["defs"]), sorted(s["live_in"]), s["idf"]) for s in ref["slots"]]
    assert sorted(ours) == sorted(theirs)


def test_jlir_ssa_prints_julias_ssa_form_of_a_warntype_input(capsys):
    """`jlir ssa` on `@code_warntype` (slot numbers from its Variables) prints what Julia's slot2reg gives,
    the types aside (warntype prints types of used values only)."""
    from jlir.cli.app import main
    assert main(["ssa", str(FIX / "while_swap.warntype.txt")]) == 0
    out = jlir.functions(jlir.parse(capsys.readouterr().out))[0]
    assert [s.node for s in out.positional] == [s.node for s in _fn("while_swap", "ssa").positional]


def test_jlir_ssa_refuses_phi_form_with_a_message(capsys):
    from jlir.cli.app import main
    assert main(["ssa", str(FIX / "while_swap.typed.txt")]) == 2
    assert "already has φ nodes" in capsys.readouterr().err


def test_jlir_ssa_types_phis_of_a_warntype_input_from_its_argument_types_and_constants(capsys):
    """`@code_warntype` prints no type on an assignment; Julia's `typ_for_val` gives a constant `Const(c)` and an
    argument its slot type (the `Variables` section), so type_unstable's φs of `1.5`, `x` and `"big"` get
    Julia's Unions; a φ whose inputs' types the print leaves out stays untyped."""
    from jlir.cli.app import main
    assert main(["ssa", str(FIX / "type_unstable.warntype.txt")]) == 0
    out = jlir.functions(jlir.parse(capsys.readouterr().out))[0]
    julia = _fn("type_unstable", "ssa")
    phis = [i for i, s in enumerate(out.positional) if type(s.node) is N.PhiNode]
    assert [out.positional[i].type == julia.positional[i].type for i in phis] == [True, True, False]
    assert out.positional[phis[2]].type is None
