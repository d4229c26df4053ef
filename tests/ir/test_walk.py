"""The one traversal (`jlir.ir.walk`), the traits it reads, the CFG type, and the IR/display split of a Function."""
from __future__ import annotations

from pathlib import Path

import pytest

import jlir
from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ir import walk
from jlir.ir.cfg import CFG, BasicBlock, compute_cfg
from jlir.ir.function import IR, Display, Function, StaleColumns
from support.parsed import functions_of

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "julia-1.5.3"
TRAITS = ("OPERANDS", "TARGETS", "TERMINATOR", "TYPE_SUFFIX", "PURE")


@pytest.mark.parametrize("cls", sorted(walk.KNOWN, key=lambda c: c.__name__), ids=lambda c: c.__name__)
def test_every_model_class_declares_its_traits(cls):
    declared = [t for t in TRAITS if any(t in vars(k) for k in cls.__mro__ if k is not object)]
    assert declared == list(TRAITS), f"{cls.__name__} lacks {set(TRAITS) - set(declared)}"
    for name in cls.OPERANDS + cls.TARGETS:
        assert name in cls.__slots__, f"{cls.__name__}.{name} named as an operand/target is not a field"


def test_every_model_class_is_known_to_the_walk():
    for module in (N, V, T):
        for obj in vars(module).values():
            if isinstance(obj, type) and obj.__module__ == module.__name__ and "__dataclass_fields__" in vars(obj):
                assert obj in walk.KNOWN, obj


def test_walkers_raise_on_an_unknown_kind():
    class Alien:
        pass
    for f in (walk.operands, walk.targets, walk.fields):
        with pytest.raises(walk.UnknownKind, match="Alien"):
            f(Alien())
    with pytest.raises(walk.UnknownKind):
        list(walk.values(N.Expr("call", (V.GlobalRef("Base", "f"), Alien()))))
    assert isinstance(walk.UnknownKind("x"), jlir.JlirError)


def test_operands_skip_undef_and_keep_field_order():
    phi = N.PhiNode((2, 5), (V.SSAValue(3), None))
    assert walk.operands(phi) == (V.SSAValue(3),)
    assert walk.targets(phi) == (2, 5)
    assert walk.operands(N.ReturnNode(None)) == ()
    assert walk.operands(N.GotoIfNot(V.SSAValue(4), 7)) == (V.SSAValue(4),)
    assert walk.targets(N.GotoIfNot(V.SSAValue(4), 7)) == (7,)
    assert walk.operands(N.PiNode(V.SSAValue(1), T.TypeName(("Int64",)))) == (V.SSAValue(1),)


def test_map_operands_rebuilds_only_what_changed():
    call = N.Expr("call", (V.GlobalRef("Base", "add_int"), V.SSAValue(1), V.Literal("1", "int")))
    assert walk.map_operands(call, lambda v: v) is call
    bumped = walk.map_operands(call, lambda v: V.SSAValue(v.id + 10) if type(v) is V.SSAValue else v)
    assert bumped == N.Expr("call", (V.GlobalRef("Base", "add_int"), V.SSAValue(11), V.Literal("1", "int")))
    phi = N.PhiNode((1, 2), (None, V.SSAValue(2)))
    assert walk.map_operands(phi, lambda v: V.SSAValue(9)) == N.PhiNode((1, 2), (None, V.SSAValue(9)))


def test_map_targets_renumbers_blocks_of_branches_phis_and_enter():
    f = {1: 10, 2: 20, 3: 30}.get
    assert walk.map_targets(N.GotoNode(3), f) == N.GotoNode(30)
    assert walk.map_targets(N.GotoIfNot(V.SSAValue(1), 2), f) == N.GotoIfNot(V.SSAValue(1), 20)
    assert walk.map_targets(N.PhiNode((1, 2), (V.SSAValue(1), V.SSAValue(2))), f).edges == (10, 20)
    assert walk.map_targets(N.EnterNode(3), f) == N.EnterNode(30)
    call = N.Expr("call", ())
    assert walk.map_targets(call, f) is call


def test_ssa_uses_reach_nested_calls_splats_and_typed_slots_but_not_quotes_or_types():
    inner = N.Expr("call", (V.GlobalRef("Base", "g"), V.Splat(V.SSAValue(2)), V.TypedSlot(V.SSAValue(3), T.TypeName(("Int",)))))
    node = N.Expr("call", (V.GlobalRef("Base", "f"), V.SSAValue(1), inner, V.QuoteNode(V.SSAValue(99))))
    assert sorted(walk.ssa_uses(node)) == [1, 2, 3]
    assert list(walk.ssa_uses(N.PiNode(V.SSAValue(5), T.TypeQuote(V.SSAValue(98))))) == [5]


def test_traits_of_expr_depend_on_the_head():
    assert N.takes_type_suffix(N.Expr("call", ())) and not N.takes_type_suffix(N.Expr("leave", ()))
    assert N.is_terminator(N.Expr("return", ())) and not N.is_terminator(N.Expr("call", ()))
    assert N.is_terminator(N.GotoNode(1)) and not N.is_terminator(N.PhiNode((), ()))
    assert not N.takes_type_suffix(V.QuoteNode(V.Symbol("x")))


def _first_function(name):
    return jlir.functions(jlir.parse_file(FIXTURES / name))[0]


def test_cfg_matches_the_printed_julia_cfg_of_a_fixture():
    f = _first_function("nested_loops.ircode.txt")
    cfg = compute_cfg(f)
    listing = jlir.parse_file(FIXTURES / "nested_loops.cfg.txt").items[0]
    assert [b.succs for b in cfg.blocks] == [tuple(s) for _, _, s in listing.blocks]
    assert cfg.block_for_inst(cfg.blocks[3].first) == 4 and cfg.block_for_inst(cfg.blocks[3].last) == 4
    assert cfg.index == tuple(b.first for b in cfg.blocks[1:])
    assert CFG.from_json(cfg.to_json()) == cfg


def test_a_catch_block_gets_julias_extra_predecessor_zero():
    f = _first_function("try_catch.ircode.txt")
    cfg = compute_cfg(f)
    catch = [b for b, blk in enumerate(cfg.blocks, 1) if 0 in blk.preds]
    enters = [s.node.catch_dest for s in f.positional if type(s.node) is N.EnterNode]
    assert catch and sorted(catch) == sorted(set(enters))
    with pytest.raises(IndexError, match="no block #99"):
        cfg.block(99)


def test_function_is_its_ir_and_its_display():
    f = _first_function("nested_loops.typed.txt")
    assert isinstance(f.ir, IR) and isinstance(f.display, Display)
    assert f.stmts is f.ir.stmts and f.form is f.display.form and f.return_type is f.display.return_type
    assert Function.of(f.ir, f.display) == f
    g = f.replace(tail_dropped=True)
    assert g.ir is f.ir and g.tail_dropped and not f.tail_dropped
    with pytest.raises(TypeError, match="no field"):
        f.replace(colour="red")


def test_per_statement_columns_follow_the_statements_they_were_printed_beside():
    base = _first_function("nested_loops.ircode.txt")
    n = len(base.positional)
    f = base.replace(costs=tuple(range(n)))
    same = f.with_ir(IR(f.stmts, f.blocks, f.linetable))
    assert same.costs == f.costs  # the very same statements: the column still fits
    edited = IR(f.stmts[:-1] + (f.stmts[-1].__class__(f.stmts[-1].node, f.stmts[-1].type),), f.blocks, f.linetable)
    assert f.with_ir(edited).costs is None
    with pytest.raises(StaleColumns, match="costs"):
        f.with_ir(edited, columns="refuse")


def test_predecessor_counts_are_the_cfgs_own_counts_on_every_fixture_but_after_unreachable():
    """The printer counts as Julia's printer does: 1.5 CodeInfo's `$(Expr(:unreachable))` falls through to the
    next block there (one predecessor more), where the CFG the analyses read gives it no successor."""
    from jlir.ir import nodes as N
    from jlir.ir.cfg import predecessor_counts
    after_unreachable = 0
    for path in sorted(FIXTURES.glob("*.txt")):
        for f in functions_of(path):
            ends = [N.is_unreachable(f.positional[b.last - 1].node) for b in f.blocks]
            for branch_edges in (True, False):
                printed = predecessor_counts(f, branch_edges=branch_edges)
                julia = [len(b.preds) for b in compute_cfg(f, branch_edges=branch_edges).blocks]
                expected = [n + (k > 0 and ends[k - 1]) for k, n in enumerate(julia)]
                assert printed == expected, path.name
                after_unreachable += printed != julia
    assert after_unreachable > 50
