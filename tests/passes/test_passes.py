"""The optimisation passes: each verified, printed as Julia prints, read back, idempotent where it should be."""
from __future__ import annotations

from pathlib import Path

import pytest

import jlir
from jlir import passes
from jlir.edit import IRCode
from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.json import same_reading
from jlir.edit.purity import BOTTOM, is_removable
from support.parsed import functions_of

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures" / "julia-1.5.3"
INT64 = T.TypeName(("Int64",))
ANY = T.TypeName(("Any",))
ALL = sorted(FIXTURES.glob("*.txt"))


def fn_of(name: str):
    return jlir.functions(jlir.parse_file(FIXTURES / name))[0]


def add(a, b):
    return N.Expr("call", (V.GlobalRef("Base", "add_int"), a, b))


def one():
    return V.Literal("1", "int")


def reads_back(fn) -> bool:
    """What a pass prints reads back as the same model (`same_reading`: up to a style range the text cannot carry)."""
    return same_reading(fn, jlir.functions(jlir.parse(jlir.format(fn)))[0])


@pytest.mark.parametrize("name", sorted(passes.REGISTRY))
@pytest.mark.parametrize("path", ALL, ids=lambda p: p.name)
def test_every_pass_on_every_fixture_verifies_reads_back_and_is_idempotent(path, name):
    for f in functions_of(path):
        once = passes.run(f, [name])        # run() verifies after the pass
        assert reads_back(once)
        assert jlir.format(passes.run(once, [name])) == jlir.format(once)


def test_dce_removes_a_dead_phi_web_and_unused_pure_calls():
    """`while_swap`: a φ in the loop header fed only by an add in the latch, which only it uses, plus an unused add."""
    f = fn_of("while_swap.ircode-noline.txt")
    ir = IRCode(f)
    phi = ir.insert_node(3, N.PhiNode((1, 3), (one(), V.SSAValue(12))), INT64)   # %11, before the header's φs
    ir.insert_node(8, add(phi, one()), INT64)                                      # %12 in the latch
    ir.insert_node(1, add(V.Argument(2), one()), INT64)                            # %13: nothing uses it
    edited = ir.compact()
    assert len(edited.positional) == len(f.positional) + 3
    cleaned = passes.run(edited, ["dce"])
    assert jlir.format(cleaned) == jlir.format(passes.run(f, ["compact"]))


def test_dce_keeps_what_may_throw_or_has_effects():
    f = fn_of("while_swap.ircode-noline.txt")
    ir = IRCode(f)
    srem = N.Expr("call", (V.GlobalRef("Base", "checked_srem_int"), V.Argument(2), V.Argument(3)))
    ir.insert_node(1, srem, INT64)      # may throw DivideError: kept although unused
    ir.insert_node(1, V.GlobalRef("Main", "x"), ANY)    # reading a global not known defined may throw UndefVarError
    g = passes.run(ir.compact(), ["dce"])
    assert len(g.positional) == len(f.positional) + 2


def test_dce_drops_unreachable_blocks_and_their_phi_edges():
    f = fn_of("while_swap.ircode-noline.txt")
    ir = IRCode(f)
    ir.set_terminator(2, N.GotoNode(4))       # the loop body (#3) can no longer be reached
    g = passes.run(ir.compact(), ["dce"])
    assert len(g.blocks) == 3
    assert not any(type(s.node) is N.PhiNode for s in g.positional)   # the header's φs kept one edge and folded
    assert jlir.format(g) == " 1 ─ %1 = Base.flipsign_int(_2, _2)::Int64\n 2 ─      goto #3\n 3 ─      return %1"


def test_purity_table_is_conservative_about_calls():
    pure = jlir.ir.function.Statement(add(V.Argument(2), one()), INT64)
    assert is_removable(pure)
    assert not is_removable(jlir.ir.function.Statement(add(V.Argument(2), one()), BOTTOM))
    for callee in (V.GlobalRef("Base", "sdiv_int"), V.GlobalRef("Main", "add_int"), V.GlobalRef("Base", "getfield")):
        assert not is_removable(jlir.ir.function.Statement(N.Expr("call", (callee, V.Argument(2))), INT64))
    assert is_removable(jlir.ir.function.Statement(
        N.Expr("call", (T.TypeName(("Core", "Intrinsics", "mul_int")), V.Argument(2), one())), INT64))
    assert not is_removable(jlir.ir.function.Statement(N.Expr("invoke", (V.Argument(2),)), INT64))


# ---------------------------------------------------------------- copyprop
def _with_header_phi(values):
    """while_swap with a φ (values on edges #1 and #3) added to the loop header and used by the return."""
    f = fn_of("while_swap.ircode-noline.txt")
    ir = IRCode(f)
    phi = ir.insert_node(3, N.PhiNode((1, 3), values), INT64)
    ir.set_stmt(10, N.ReturnNode(phi))
    return ir.compact()


def test_copyprop_replaces_a_phi_whose_operands_are_all_one_value():
    g = passes.run(_with_header_phi((V.Argument(2), V.Argument(2))), ["copyprop"])
    assert jlir.format(g).endswith("return _2")
    assert sum(type(s.node) is N.PhiNode for s in g.positional) == 2


def test_copyprop_replaces_a_phi_that_refers_only_to_itself_and_one_value():
    itself = V.SSAValue(len(fn_of("while_swap.ircode-noline.txt").positional) + 1)  # the pending φ's own id
    edited = _with_header_phi((V.Argument(3), itself))
    assert edited.positional[2].node == N.PhiNode((1, 3), (V.Argument(3), V.SSAValue(3)))   # %3 after compaction
    assert jlir.format(passes.run(edited, ["copyprop"])).endswith("return _3")


def test_copyprop_keeps_a_phi_with_undef_or_a_missing_edge():
    for values in ((V.Argument(2), None),):
        assert "φ (#1 => _2, #3 => #undef)" in jlir.format(passes.run(_with_header_phi(values), ["copyprop"]))
    f = fn_of("while_swap.ircode-noline.txt")
    ir = IRCode(f)
    phi = ir.insert_node(3, N.PhiNode((1,), (V.Argument(2),)), INT64)   # undefined when coming from #3
    ir.set_stmt(10, N.ReturnNode(phi))
    assert "φ (#1 => _2)" in jlir.format(passes.run(ir.compact(), ["copyprop"]))


def test_copyprop_replaces_a_pi_that_narrows_nothing():
    f = fn_of("while_swap.ircode-noline.txt")
    ir = IRCode(f)
    pi = ir.insert_node(10, N.PiNode(V.SSAValue(3), INT64), INT64)
    ir.set_stmt(10, N.ReturnNode(pi))
    kept = IRCode(f)
    narrowing = kept.insert_node(10, N.PiNode(V.SSAValue(3), T.TypeName(("Int32",))), T.TypeName(("Int32",)))
    kept.set_stmt(10, N.ReturnNode(narrowing))
    assert jlir.format(passes.run(ir.compact(), ["copyprop"])) == jlir.format(passes.run(f, ["compact"]))
    assert "π (%3, Int32)" in jlir.format(passes.run(kept.compact(), ["copyprop"]))


def test_a_pipeline_refuses_input_that_does_not_verify():
    f = fn_of("while_swap.ircode-noline.txt")
    broken = f.replace(stmts=f.stmts[:-1], blocks=f.blocks[:-1] + (f.blocks[-1].__class__(f.blocks[-1].first,
                                                                                            f.blocks[-1].last - 1),))
    with pytest.raises(passes.PassError, match="the input IR does not verify"):
        passes.run(broken, ["dce"])


# ---------------------------------------------------------------- split-critical-edges
def _early_exit_swap():
    """while_swap with an early exit from #1 to the return: critical edges #1 → #2, #1 → #4 and #2 → #4."""
    from jlir.edit import BBCode
    f = fn_of("while_swap.ircode-noline.txt")
    bb = BBCode(f)
    b1 = bb.blocks[0]
    c = bb.insert(b1.id, 2, N.Expr("call", (V.GlobalRef(None, "==="), V.SSAValue(1), V.Literal("0", "int"))),
                  T.TypeName(("Bool",)))
    bb.insert(b1.id, 3, N.GotoIfNot(c, bb.blocks[3].id))
    last = bb.blocks[3]
    last.stmts[-1] = dataclasses_replace(last.stmts[-1], node=N.ReturnNode(V.SSAValue(2)))
    return bb.to_function()


def dataclasses_replace(x, **kw):
    import dataclasses
    return dataclasses.replace(x, **kw)


SPLIT_EXPECTED = """\
 1 ─ %1  = Base.flipsign_int(_2, _2)::Int64
 │   %2  = Base.flipsign_int(_3, _3)::Int64
 │   %3  = (%1 === 0)::Bool
 └──       goto #6 if not %3
 2 ─       goto #3
 3 ┄ %6  = φ (#2 => %1, #4 => %7)::Int64
 │   %7  = φ (#2 => %2, #4 => %11)::Int64
 │   %8  = (%7 === 0)::Bool
 │   %9  = Base.not_int(%8)::Bool
 └──       goto #7 if not %9
 4 ─ %11 = Base.checked_srem_int(%6, %7)::Int64
 └──       goto #3
 5 ┄       return %2
 6 ─       goto #5
 7 ─       goto #5"""


def test_split_critical_edges_gives_each_critical_edge_a_block_and_renames_phi_edges():
    """Read against Julia's printing rules: a fall-through edge's block follows its source (#2), a branch's
    goes after the last block (#6, #7); `┄` marks the blocks that still have several predecessors."""
    g = passes.run(_early_exit_swap(), ["split-critical-edges"])
    assert jlir.format(g) == SPLIT_EXPECTED


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("*.typed.txt")), ids=lambda p: p.name)
def test_no_critical_edge_is_left_but_those_into_catch_blocks(path):
    from jlir.ir.cfg import compute_cfg, in_range   # control flow as it runs: 1.5's `$(Expr(:unreachable))` ends it
    for f in functions_of(path):
        notes: list = []
        g = passes.run(f, ["split-critical-edges"], notes=notes)
        cfg = in_range(compute_cfg(g))
        left = [(b, s) for b, blk in enumerate(cfg.blocks, 1) for s in blk.succs
                if len(blk.succs) > 1 and len([p for p in cfg.blocks[s - 1].preds if p]) > 1]
        assert len(left) == len(notes)


# ---------------------------------------------------------------- simplify-cfg
def test_simplify_cfg_undoes_split_critical_edges():
    g = _early_exit_swap()
    split = passes.run(g, ["split-critical-edges"])
    assert len(split.blocks) == len(g.blocks) + 3
    assert jlir.format(passes.run(split, ["simplify-cfg"])) == jlir.format(g)


TRY_CATCH_SIMPLIFIED = (ROOT / "tests" / "data" / "try_catch.simplify-cfg.txt")


def test_simplify_cfg_merges_straight_line_blocks_and_keeps_try_catch_structure():
    """Read by hand against the input (`try_catch.ircode-noline.txt`): blocks 1+2, 3+4, 5+6, 7+8, 9+10, 11+12
    merge; each `enter` still ends its block and names a catch block starting with its φᶜ and `leave 1`, which
    keeps its `┄` (Julia's extra catch edge); φ edges name the merged blocks."""
    f = fn_of("try_catch.ircode-noline.txt")
    g = passes.run(f, ["simplify-cfg"])
    assert jlir.format(g) == TRY_CATCH_SIMPLIFIED.read_text(encoding="utf-8")
    assert len(g.blocks) == 9


def test_simplify_cfg_turns_a_branch_with_equal_sides_into_a_fall_through():
    f = fn_of("while_swap.ircode-noline.txt")
    ir = IRCode(f)
    ir.set_terminator(2, N.GotoIfNot(V.SSAValue(6), 3))   # both sides now go to #3
    g = passes.run(ir.compact(), ["simplify-cfg"])
    assert not any(type(s.node) is N.GotoIfNot for s in g.positional)


# ---------------------------------------------------------------- sccp
def test_sccp_folds_a_loop_whose_exit_condition_is_constant():
    """mygcd(a, 0): with b = 0 the `while b != 0` loop never runs; read against the source, the answer is abs(a)."""
    f = fn_of("while_swap.ircode-noline.txt")
    ir = IRCode(f)
    ir.replace_uses(V.Argument(3), V.Literal("0", "int"))
    g = passes.run(ir.compact(), ["sccp"])
    assert jlir.format(g) == " 1 ─ %1 = Base.flipsign_int(_2, _2)::Int64\n 2 ─      goto #3\n 3 ─      return %1"
    assert jlir.format(passes.run(g, ["simplify-cfg", "compact"])) == \
        " 1 ─ %1 = Base.flipsign_int(_2, _2)::Int64\n └──      return %1"


def test_sccp_prints_folded_constants_as_julia_prints_those_literals():
    f = fn_of("while_swap.ircode-noline.txt")
    ir = IRCode(f)

    def call(name, *args):
        return N.Expr("call", (V.GlobalRef("Base", name),) + args)
    fl = lambda t: V.Literal(t, "float")  # noqa: E731
    made = [(call("add_float", fl("0.1"), fl("0.2")), "Float64"), (call("neg_float", fl("0.0")), "Float64"),
            (call("div_float", fl("0.0"), fl("0.0")), "Float64"),
            (call("add_int", V.Literal("0x01", "int"), V.Literal("0x02", "int")), "UInt8"),
            (call("add_float", fl("1.0f0"), fl("2.0f0")), "Float32"),
            (call("slt_int", V.Literal("1", "int"), V.Literal("2", "int")), "Bool")]  # 1 and 2: Int64? Int32?
    ids = [ir.insert_node(10, node, T.TypeName((t,))) for node, t in made]
    tup = ir.insert_node(10, N.Expr("call", (V.GlobalRef("Core", "tuple"),) + tuple(ids)), T.TypeName(("Tuple",)))
    ir.set_terminator(4, N.ReturnNode(tup))
    text = jlir.format(passes.run(ir.compact(), ["sccp"]))
    assert "Core.tuple(0.30000000000000004, -0.0, NaN, 0x03, 3.0f0, %10)::Tuple" in text
    assert "%10 = Base.slt_int(1, 2)::Bool" in text   # bare decimals: their integer type is not known, not folded


def test_sccp_keeps_what_would_throw():
    f = fn_of("while_swap.ircode-noline.txt")
    ir = IRCode(f)
    div = ir.insert_node(10, N.Expr("call", (V.GlobalRef("Base", "checked_sdiv_int"), V.SSAValue(3),
                                             V.Literal("0", "int"))), INT64)   # DivideError at run time
    ir.set_terminator(4, N.ReturnNode(div))
    ir.replace_uses(V.Argument(2), V.Literal("7", "int"))
    assert "checked_sdiv_int(" in jlir.format(passes.run(ir.compact(), ["sccp"]))
