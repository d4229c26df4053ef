"""The one CFG (`jlir.analysis.cfg`, `jlir.ir.cfg.compute_cfg`) is the CFG Julia computes with, on real Julia output.

Julia's optimizer, `construct_domtree` and `verify_ir` see `inflate_ir`'s IR, not the printer's blocks:
1.5's CodeInfo print keeps `$(Expr(:unreachable))` as an ordinary statement (the printer's `┄` counts the
fall-through after it), but `inflate_ir` turns it into `ReturnNode()`, which has no successor and ends its
block.  And `slot2reg` leaves ϒ nodes after an `enter` in the same block, whose edge to the catch block
Julia's `ir.cfg` keeps.
"""
from __future__ import annotations

import json
from pathlib import Path

import jlir
from jlir import analysis as A
from jlir.ir.cfg import CFG
from support.parsed import functions_of

DATA = Path(__file__).resolve().parents[1] / "data" / "cfg"
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "julia-1.5.3"


def _succs(cfg) -> list[tuple[int, ...]]:
    return [tuple(b.succs) for b in cfg.blocks]


def _listing(path) -> list[tuple[int, ...]]:
    return [tuple(s) for _, _, s in jlir.parse_file(path).items[0].blocks]


def test_unreachable_in_a_codeinfo_print_has_no_successor():
    # `jlir fetch "+(1, 'a')" --form typed` and `--form cfg` from Julia 1.5.3: block 2 ends in
    # `$(Expr(:unreachable))`, and Julia's ir.cfg gives it no successor (the print marks block 3 `┄`).
    fn = jlir.functions(jlir.parse_file(DATA / "plus_int_char.typed.txt"))[0]
    assert _succs(A.cfg(fn)) == _listing(DATA / "plus_int_char.cfg.txt")
    assert A.cfg(fn).block(2).succs == ()
    assert A.dominators(fn).idoms[2] == 1   # #3 is reached from #1 alone


def test_every_typed_fixture_cfg_equals_julias_cfg_listing():
    checked = 0
    for listing in sorted(FIXTURES.glob("*.cfg.txt")):
        for form in ("typed", "typed-source", "typed-vector"):
            path = Path(str(listing).replace(".cfg.", f".{form}."))
            if not path.exists():
                continue
            for fn in functions_of(path)[:1]:
                assert _succs(A.cfg(fn)) == _listing(listing), (path.name, form)
                checked += 1
    assert checked >= 100


def test_an_enter_followed_by_upsilons_keeps_its_catch_edge():
    # Julia's ir.cfg of slot2reg + compact! (scripts/gen/gen_ssa_cfg_reference.jl) against jlir's reading of
    # Julia's own print of that IRCode (fixtures/julia-1.5.3/<case>.ssa.txt), for every case.  compact! leaves
    # out the extra edge from outside (predecessor 0), and the print's `─` on a catch block shows it.
    with_enter = 0
    for line in (DATA / "ssa-cfg-1.5.3.jsonl").read_text().splitlines():
        ref = json.loads(line)
        julia = CFG.from_json(ref["cfg"])
        fn = jlir.functions(jlir.parse_file(FIXTURES / f"{ref['case']}.ssa.txt"))[0]
        ours = A.cfg(fn)
        assert _succs(ours) == _succs(julia), ref["case"]
        assert [(b.first, b.last) for b in ours.blocks] == [(b.first, b.last) for b in julia.blocks], ref["case"]
        assert [tuple(b.preds) for b in ours.blocks] == [tuple(b.preds) for b in julia.blocks], ref["case"]
        with_enter += any(len(b.succs) == 2 and "enter" in str(fn.stmt(b.first)) for b in julia.blocks)
    assert with_enter >= 5


def test_catch_blocks_are_reachable_and_dominated_after_ssa():
    fn = jlir.functions(jlir.parse_file(FIXTURES / "try_catch.ssa.txt"))[0]
    assert A.cfg(fn).block(2).succs == (11, 3)
    assert 11 in A.reachable(fn)
    assert A.dominators(fn).idoms[10] == 2   # #11, the outer catch block, hangs off the `enter` in #2
    assert A.verify(fn) == []


def test_statements_after_unreachable_in_a_printed_block_start_a_block_of_their_own():
    # Five Base method instances whose 1.5.3 `@code_typed` print goes on after `$(Expr(:unreachable))` in the
    # same block, with Julia's `inflate_ir(ci, mi).cfg` of each (jlir.live: `Julia.render(target, "typed")`
    # and `Julia.cfg(target)`, Julia 1.5.3).  Julia's blocks, numbers and edges, preds included.
    for ref in json.loads((DATA / "unreachable-mid-block-1.5.3.json").read_text()):
        fn = jlir.functions(jlir.parse(ref["typed"]))[0]
        julia = CFG.from_json(ref["cfg"])
        ours = A.cfg(fn)
        assert len(ours) > len(fn.blocks), ref["target"]
        assert ours == julia, ref["target"]
        assert jlir.format(jlir.parse(ref["typed"])) == ref["typed"]   # the print keeps the printer's blocks
        assert A.verify(fn) == [], ref["target"]
        assert len(A.dominators(fn).idoms) == len(julia)
