"""Classes the oracle once found wrong on all of Base, each on Julia 1.5.3's own record of one instance
(`fixed-classes-1.5.3.jsonl.gz`: parts of `scripts/check/oracle.jl` records, the prints and Julia's answers).

- `#719#720`'s prints after inlining and `type_lift`: its union splits were made by its own inlining, whose
  `ir.cfg` lists each test's case first (`jlir.analysis.inlined_order`);
- `manifest_uuid_path`'s after inlining: its union splits come inlined from a callee's own optimized code,
  listed as `compute_basic_blocks` lists them; after type_lift the print shows both alike (the edge-order rule);
- `print_shell_escaped_posixly`'s and `sync_end`'s after slot2reg: an unnumbered `throw_undef_if_not(x, false)`
  or `undefcheck` is the pending node among surplus rows (a `Core.setfield!` row was taken for it);
- `##retry#55`'s `optimize=false` print: a slot named `57` (`(57 = %new(…))`), read as an integer literal;
- `show_unquoted`'s: a dead tuple constant statement (`Core.Compiler.Const((:quote,), false)`);
- `Base.RefValue{Any}(+)`'s after inlining: a statement whose value is an operator (`%2 = +::…`), refused;
- `Base._require`'s `optimize=false` print: a dead `enter` quoted in a `Const`, taken for 0.7-DEV's printing.
"""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import jlir
from jlir import analysis as A
from jlir.ir.cfg import CFG
from jlir.analysis.inlined_order import inlining_order
from jlir.oracle import Outcome, check_record

DATA = Path(__file__).resolve().parents[1] / "data" / "oracle" / "fixed-classes-1.5.3.jsonl.gz"


def _record(fragment: str) -> dict:
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        return next(r for r in map(json.loads, f) if fragment in r["target"])


def _stage(record: dict, name: str) -> dict:
    return next(s for s in record["stages"] if s["name"] == name)


def _outcomes(record: dict, form: str) -> dict:
    return {check: o for check, f, o in check_record(record) if f == form}


def test_union_splits_this_function_inlined_list_their_case_first():
    record = _record('var"#719#720"')
    for name in ("inlining", "type_lift"):
        out = _outcomes(record, f"stage {name}")
        assert out["cfg"] == Outcome("equal"), (name, out["cfg"])
        stage = _stage(record, name)
        fn = jlir.functions(jlir.parse(stage["text"]))[0]
        plain = A.cfg(fn)
        assert plain != CFG.from_json(stage["julia"]["cfg"])        # compute_basic_blocks' order is not Julia's here
        assert inlining_order(fn, plain, compacted=name == "type_lift") == CFG.from_json(stage["julia"]["cfg"])


def test_the_inliner_order_changes_no_edge_and_no_dominator():
    stage = _stage(_record('var"#719#720"'), "inlining")
    fn = jlir.functions(jlir.parse(stage["text"]))[0]
    plain, ordered = A.cfg(fn), inlining_order(fn, A.cfg(fn))
    assert [(b.first, b.last, b.preds, sorted(b.succs)) for b in plain.blocks] == \
        [(b.first, b.last, b.preds, sorted(b.succs)) for b in ordered.blocks]
    assert sum(a.succs != b.succs for a, b in zip(plain.blocks, ordered.blocks)) == 7   # #23, #25, #28, …
    from jlir.analysis.dominance import dominator_tree
    assert dominator_tree(ordered).idoms == A.dominators(fn).idoms == tuple(stage["julia"]["idoms"])


def test_union_splits_inlined_from_a_callee_keep_their_order_while_the_print_shows_it():
    # right after inlining, the tests follow the callee's own code (`getfield(%16, :uuid)`), not a row inlining
    # emptied; once compact! removed those rows (type_lift) the print no longer tells, and jlir's guess (a
    # callee's, as the row before the tests is no call whose value they read) is Julia's order here
    record = _record("manifest_uuid_path")
    assert _outcomes(record, "stage inlining")["cfg"] == Outcome("equal")
    assert _outcomes(record, "stage type_lift")["cfg"] == Outcome("equal")


def test_a_throw_undef_if_not_row_is_the_pending_node_among_surplus_rows():
    for fragment in ("print_shell_escaped_posixly", "sync_end"):
        out = _outcomes(_record(fragment), "stage slot2reg")
        assert out["cfg"] == out["idoms"] == out["verify"] == Outcome("equal"), (fragment, out)


def test_a_slot_named_by_a_number_is_a_slot():
    record = _record("retry#55")
    assert "(57 = %new(%6, delays, check, f))" in record["unoptimized"]
    out = _outcomes(record, "optimize=false")
    assert out["idf"] == out["pre-ssa cfg"] == out["ssa"] == Outcome("equal"), out


def test_a_dead_tuple_constant_statement_is_inference_dead():
    # `Core.Compiler.Const((:quote,), false)::Union{}`: a statement inference never reached, not a call that
    # never returns, so convert_to_ircode puts no `unreachable` after it (show_unquoted: 599 blocks, Julia 598)
    record = _record("show_unquoted")
    assert "Core.Compiler.Const((:quote,), false)::Union{}" in record["unoptimized"]
    out = _outcomes(record, "optimize=false")
    assert out["pre-ssa cfg"] == out["pre-ssa idoms"] == out["idf"] == Outcome("equal"), out


def test_a_statement_whose_value_is_an_operator_reads_back_and_compacts_as_julia():
    # inlining leaves `%2 = +::Core.Compiler.Const(+, false)`: the function object, dropped by compact!
    record = _record("RefValue{Any}},typeof(+)")
    stage = _stage(record, "inlining")
    assert "%2 = +::Core.Compiler.Const(+, false)" in stage["text"]
    fn = jlir.functions(jlir.parse(stage["text"]))[0]
    assert jlir.format(fn).rstrip("\n") == stage["text"].rstrip("\n")
    out = _outcomes(record, "stage inlining")
    assert out["cfg"] == out["compact"] == Outcome("equal"), out


def test_a_dead_enter_quoted_in_a_const_is_no_evidence_of_0_7_dev_printing():
    # 1.5 prints a dead `enter` as `Core.Compiler.Const(:($(Expr(:enter, 210))), false)`; 0.7-DEV's printer
    # showed a live one as `$(Expr(:enter, 5))`
    record = _record("_require")
    assert "Core.Compiler.Const(:($(Expr(:enter, 210))), false)::Union{}" in record["unoptimized"]
    fn = jlir.functions(jlir.parse(record["unoptimized"]))[0]
    assert jlir.format(fn).rstrip("\n") == record["unoptimized"].rstrip("\n")
    out = _outcomes(record, "optimize=false")
    assert out["cfg"] == out["pre-ssa cfg"] == out["idf"] == Outcome("equal"), out
