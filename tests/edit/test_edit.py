"""Editing IR (`jlir.edit.IRCode`): Julia's insert_node!/compact! behaviour, checked against Julia's own output."""
from __future__ import annotations

import dataclasses
import warnings
from pathlib import Path

import pytest

import jlir
from jlir.edit import EditError, IRCode
from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from support.parsed import document_of

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures" / "julia-1.5.3"
COMPACT_REF = ROOT / "fixtures" / "reference-1.5.3" / "compact"
CORPUS = ROOT.parent / "shared" / "corpus"
INT64 = T.TypeName(("Int64",))


def _print(doc, fn) -> str:
    """`fn` printed as the only item of `doc` (so the document's trailing text comes along)."""
    return jlir.format(dataclasses.replace(doc, items=(fn,)))


@pytest.mark.parametrize("ref", sorted(COMPACT_REF.glob("*.txt")), ids=lambda p: p.stem)
def test_compact_equals_julias_compact_on_every_fixture_case(ref):
    """`scripts/gen/gen_pass_reference.py` stored what Julia 1.5.3's `compact!` makes of each case's IRCode."""
    doc = jlir.parse_file(FIXTURES / f"{ref.stem}.ircode-noline.txt")
    assert _print(doc, IRCode(doc.items[0]).compact()) == ref.read_text(encoding="utf-8")


def test_there_is_a_compaction_reference_for_every_case():
    assert len(list(COMPACT_REF.glob("*.txt"))) == len(list((ROOT / "fixtures" / "cases").glob("*.jl")))


SSA_FORMS = ("typed", "typed-source", "ircode", "ircode-noline")


@pytest.mark.parametrize("path", sorted(p for p in FIXTURES.glob("*.txt") if p.stem.split(".")[1] in SSA_FORMS),
                         ids=lambda p: p.name)
def test_compact_is_idempotent_and_leaves_the_input_unchanged(path):
    doc = document_of(path)
    for f in jlir.functions(doc):
        before = jlir.format(f)
        once = IRCode(f).compact()
        assert jlir.format(IRCode(once).compact()) == jlir.format(once)
        assert jlir.format(f) == before


def test_an_already_compact_function_compacts_to_itself_byte_for_byte():
    """Julia's printed IR keeps the `nothing`s its last `simple_dce!` left; once those are gone, compaction is the identity."""
    doc = jlir.parse_file(FIXTURES / "loops.ircode.txt")
    f = doc.items[0]
    assert not any(s.node == V.NOTHING for s in f.positional)
    assert _print(doc, IRCode(f).compact()) == (FIXTURES / "loops.ircode.txt").read_text()


@pytest.mark.skipif(not CORPUS.exists(), reason="the shared corpus is not beside this checkout")
def test_insert_node_prints_as_julia_prints_an_uncompacted_ircode():
    """Mooncake's docs: `CC.insert_node!(new_ir, SSAValue(6), mul_int(%3, 2))` on corpus 0017 prints as corpus 0079."""
    doc = jlir.parse_file(CORPUS / "0017.txt")
    ir = IRCode(doc.items[0])
    mul = N.Expr("call", (T.TypeName(("Core", "Intrinsics", "mul_int")), V.SSAValue(3), V.Literal("2", "int")))
    v = ir.insert_node(6, mul, type=INT64)
    assert v == V.SSAValue(10)  # length(stmts) + length(new_nodes), as Julia numbers it
    assert _print(doc, ir.freeze()) == (CORPUS / "0079.txt").read_text()
    ir.set_stmt(6, N.Expr("call", (V.GlobalRef("Base", "add_int"), v, V.Literal("1", "int"))))
    text = jlir.format(ir.compact())
    assert "5 3 ─ %6 = (Core.Intrinsics.mul_int)(%3, 2)::Int64\n  │   %7 = Base.add_int(%6, 1)::Int64\n" in text
    assert "%3 = φ (#1 => 0, #3 => %7)::Int64" in text and "%2 = φ (#1 => 1, #3 => %8)::Int64" in text


def _loops():
    """A function with nested loops and φs, already compact (no `nothing` statements left by Julia's DCE)."""
    return jlir.parse_file(FIXTURES / "arrays.ircode-noline.txt").items[0]


def test_the_source_function_never_changes():
    f = _loops()
    text = jlir.format(f)
    ir = IRCode(f)
    ir.insert_node(3, N.Expr("call", (V.GlobalRef("Base", "add_int"), V.SSAValue(1), V.Literal("1", "int"))), INT64)
    ir.set_type(3, T.TypeName(("Any",)))
    ir.compact()
    assert jlir.format(f) == text


def test_a_deleted_statement_disappears_and_its_uses_read_nothing():
    f = _loops()
    user = next(i for i, s in enumerate(f.positional, 1)
                if type(s.node) is N.Expr and any(v == V.SSAValue(1) for v in s.node.args))
    ir = IRCode(f)
    ir.delete(1)
    g = ir.compact()
    assert len(g.positional) == len(f.positional) - 1
    assert V.NOTHING in g.positional[user - 2].node.args


def test_attach_after_places_the_node_after_its_statement():
    f = _loops()
    ir = IRCode(f)
    node = N.Expr("call", (V.GlobalRef("Base", "add_int"), V.SSAValue(2), V.Literal("7", "int")))
    v = ir.insert_node(2, node, INT64, attach_after=True)
    g = ir.compact()
    assert g.positional[2].node == node and g.positional[1].node == f.positional[1].node


def test_replace_uses_counts_and_reaches_pending_nodes():
    f = _loops()
    ir = IRCode(f)
    uses = sum(1 for s in f.positional for v in jlir.ir.walk.values(s.node) if v == V.SSAValue(1))
    pending = ir.insert_node(2, N.Expr("call", (V.GlobalRef("Base", "neg_int"), V.SSAValue(1))), INT64)
    assert ir.replace_uses(V.SSAValue(1), V.Literal("0", "int")) == uses + 1
    assert ir.stmt(pending.id).node.args[1] == V.Literal("0", "int")


def test_set_terminator_drops_phi_edges_of_the_lost_successor():
    f = _loops()
    ir = IRCode(f)
    cfg = ir.cfg()
    b, dest = next((b, d) for b, blk in enumerate(cfg.blocks, 1) for d in blk.succs
                   if len(blk.succs) == 2 and any(type(ir.stmt(i).node) is N.PhiNode and b in ir.stmt(i).node.edges
                                                  for i in cfg.blocks[d - 1].stmts))
    other = [s for s in cfg.blocks[b - 1].succs if s != dest][0]
    ir.set_terminator(b, N.GotoNode(other))
    for i in ir.cfg().blocks[dest - 1].stmts:
        node = ir.stmt(i).node
        if type(node) is N.PhiNode:
            assert b not in node.edges
    assert dest not in ir.cfg().blocks[b - 1].succs


def test_split_block_renumbers_targets_and_phi_edges():
    f = _loops()
    ir = IRCode(f)
    cfg = ir.cfg()
    b = next(b for b, blk in enumerate(cfg.blocks, 1) if len(blk.stmts) >= 3
             and not any(type(ir.stmt(i).node) is N.PhiNode for i in blk.stmts))
    first = cfg.blocks[b - 1].first
    new = ir.split_block(first + 1)
    after = ir.cfg()
    assert len(after.blocks) == len(cfg.blocks) + 1 and after.blocks[b - 1].succs == (new,)
    assert after.blocks[new - 1].succs == tuple(s + 1 if s > b else s for s in cfg.blocks[b - 1].succs)
    g = ir.compact()
    assert len(g.blocks) == len(f.blocks) + 1
    assert jlir.functions(jlir.parse(jlir.format(g)))[0] == g


def test_remove_block_drops_an_unreachable_block_at_compaction():
    f = _loops()
    ir = IRCode(f)
    b = len(f.blocks)
    preds = ir.cfg().blocks[b - 1].preds
    with pytest.raises(EditError, match=f"block #{b} still has predecessors"):
        ir.remove_block(b)
    for p in preds:
        last = ir.cfg().blocks[p - 1]
        ir.set_terminator(p, N.ReturnNode(None)) if len(last.succs) == 1 else None
    if any(p for p in ir.cfg().blocks[b - 1].preds):
        pytest.skip("the last block has a conditional predecessor in this fixture")
    ir.remove_block(b)
    g = ir.compact()
    assert len(g.blocks) == len(f.blocks) - 1


def test_edits_that_would_break_the_ir_are_refused():
    f = _loops()
    ir = IRCode(f)
    last = f.blocks[0].last
    with pytest.raises(EditError, match="ends block #1"):
        ir.delete(last)
    with pytest.raises(EditError, match="no statement %999"):
        ir.ssa(999)
    with pytest.raises(EditError, match="cannot be inserted as a pending node"):
        ir.insert_node(1, N.GotoNode(2))
    with pytest.raises(EditError, match="no block #99"):
        ir.set_terminator(99, N.GotoNode(1))
    with pytest.raises(EditError, match="not at the end of a block"):
        ir.set_stmt(f.blocks[0].first, N.GotoNode(2)) if f.blocks[0].first != last else ir.set_stmt(0, None)
    assert isinstance(EditError("x"), jlir.JlirError)


# ---------------------------------------------------------------- BBCode: stable IDs
from jlir.edit import BBCode  # noqa: E402

ALL_DUMPS = sorted(FIXTURES.glob("*.txt")) + sorted((ROOT / "fixtures" / "corpus").glob("*.txt"))


def _functions_of(path):
    try:
        doc = document_of(path)
    except jlir.ParseError:
        return []
    return [f for f in jlir.functions(doc) if all(s.new_id is None for s in f.stmts)]


@pytest.mark.parametrize("path", ALL_DUMPS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_bbcode_round_trips_losslessly(path):
    for f in _functions_of(path):
        if path.name == "0007.txt":  # a truncated excerpt: `goto 4` names a block the text lost
            with pytest.raises(EditError, match="statement %5 names block #4, but the function has 3 blocks"):
                BBCode(f)
            continue
        assert BBCode(f).to_function() == f


def test_editing_an_excerpt_is_refused_with_what_the_text_elided():
    with warnings.catch_warnings(record=True) as notes:  # the lenient notes, each a warning
        warnings.simplefilter("always")
        f = jlir.functions(jlir.parse((ROOT / "fixtures" / "corpus" / "0057.txt").read_text("utf-8"), lenient=True))[0]
    assert any("elided statements %3–%17" in str(n.message) for n in notes)
    for make in (BBCode, IRCode):
        with pytest.raises(EditError, match=r"cannot edit: function is an excerpt: statements %3–%17 are elided"):
            make(f)


def test_bbcode_ids_are_deterministic_and_never_renamed_by_an_insertion():
    f = _loops()
    a, b = BBCode(f), BBCode(f)
    assert [blk.id for blk in a.blocks] == [blk.id for blk in b.blocks]
    assert [blk.ids for blk in a.blocks] == [list(blk.stmts) for blk in f.blocks]  # statement k starts as ID k
    first = a.blocks[2]
    before = [list(blk.ids) for blk in a.blocks]
    v = a.insert(first.id, 0, N.Expr("call", (V.GlobalRef("Base", "add_int"), V.SSAValue(1), V.Literal("1", "int"))),
                 INT64)
    assert v.id == len(f.positional) + len(f.blocks) + 1
    after = [[i for i in blk.ids if i != v.id] for blk in a.blocks]
    assert after == before
    g = a.to_function()
    assert len(g.positional) == len(f.positional) + 1
    assert g.positional[first.ids.index(v.id) + f.blocks[2].first - 1].node.args[1] == V.SSAValue(1)


def test_a_new_block_is_numbered_in_layout_order_and_branches_follow_ids():
    f = _loops()
    bb = BBCode(f)
    last = bb.blocks[-1]
    ret = last.stmts[-1]
    new = bb.add_block(bb.blocks[-2].id, [N.GotoNode(last.id)])
    g = bb.to_function()
    assert len(g.blocks) == len(f.blocks) + 1
    assert g.positional[g.blocks[-2].first - 1].node == N.GotoNode(len(g.blocks))
    assert g.positional[-1].node == N.ReturnNode(V.SSAValue(ret.node.val.id + 1))  # its operand moved up by one
    assert new == bb.blocks[-2].id


def test_a_block_that_no_longer_falls_into_its_successor_is_refused():
    f = _loops()
    bb = BBCode(f)
    k = next(k for k, blk in enumerate(bb.blocks[:-1]) if blk.terminator() is None
             or N.flow_kind(blk.terminator()) == "gotoifnot")
    bb.blocks.insert(k + 1, bb.blocks.pop())
    with pytest.raises(EditError, match="falls through to block .* which no longer follows it"):
        bb.to_function()


def test_removing_a_used_statement_is_refused():
    f = _loops()
    bb = BBCode(f)
    used = next(v.id for s in f.positional for v in jlir.ir.walk.values(s.node) if type(v) is V.SSAValue)
    with pytest.raises(EditError, match=f"statement {used} is still used"):
        bb.remove(used)


# ---------------------------------------------------------------- random edit sequences keep the IR valid
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from jlir.analysis.verifier import verify_ir  # noqa: E402
from jlir.edit.purity import is_removable  # noqa: E402

EDIT_CASES = ["arrays", "loops", "while_swap", "base_dict", "try_catch", "union_missing", "closures"]


def _errors(fn):
    return [d for d in verify_ir(fn) if d.severity == "error"]


def _random_edit(ir: IRCode, draw) -> None:
    """One edit chosen by `draw` that keeps the IR valid by construction: the verifier must agree."""
    kind = draw(st.sampled_from(["insert", "insert_after", "delete", "split", "retype", "replace"]))
    n = len(ir.stmts)
    i = draw(st.integers(1, n))
    b = ir.block_of(i)
    first, _ = ir.blocks[b - 1]
    node = ir.stmt(i).node
    phis = (N.PhiNode, N.PhiCNode)
    if kind in ("insert", "insert_after") and type(node) not in phis:
        earlier = [k for k in range(first, i) if ir.stmt(k).type is not None
                   and not N.is_terminator(ir.stmt(k).node)]
        arg = V.SSAValue(draw(st.sampled_from(earlier))) if earlier else V.Argument(1)
        call = N.Expr("call", (V.GlobalRef("Core", "tuple"), arg, V.Literal("1", "int")))
        after = kind == "insert_after" and not N.is_terminator(node) and i in earlier + [i] and i != first - 1
        ir.insert_node(i, call, T.TypeName(("Tuple",)), attach_after=after and not N.is_terminator(node))
    elif kind == "delete" and not N.is_terminator(node) and type(node) not in phis and is_removable(ir.stmt(i)):
        # (only what has no effect: deleting a `leave` or a call changes what the function does)
        used = any(V.SSAValue(i) in tuple(jlir.ir.walk.values(s.node)) for s in ir.print_order())
        if not used:
            ir.delete(i)
    elif kind == "split" and i != first and not any(type(ir.stmt(k).node) in phis for k in range(i, n + 1)
                                                     if ir.block_of(k) == b):
        ir.split_block(i)
    elif kind == "retype" and N.takes_type_suffix(node):
        ir.set_type(i, T.TypeName(("Any",)))
    elif kind == "replace" and ir.new_nodes:
        k = draw(st.integers(0, len(ir.new_nodes) - 1))
        ir.replace_uses(ir.new_nodes[k].stmt.new_id and V.SSAValue(ir.new_nodes[k].stmt.new_id), V.NOTHING)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.sampled_from(EDIT_CASES), st.data())
def test_random_edit_sequences_keep_the_verifier_green(case, data):
    doc = jlir.parse_file(FIXTURES / f"{case}.ircode-noline.txt")
    f = doc.items[0]
    assert not _errors(f)
    ir = IRCode(f)
    for _ in range(data.draw(st.integers(1, 8))):
        _random_edit(ir, data.draw)
        assert not _errors(ir.freeze()), [str(d) for d in _errors(ir.freeze())]
    g = ir.compact()
    assert not _errors(g), [str(d) for d in _errors(g)]
    assert jlir.functions(jlir.parse(jlir.format(g)))[0] == g
    h = BBCode(g)
    assert h.to_function() == g
