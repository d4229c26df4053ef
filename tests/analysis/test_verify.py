"""verify_ir: real IR verifies clean, and each kind of broken IR is reported with its exact message.

Broken IR is made from parsed fixtures, one mutation per test, with
`fn.replace(stmts=…)` and `dataclasses.replace(statement, node=…)`.
"""
from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import jlir
from conftest import CORPUS, FIXTURES
from jlir.analysis.verifier import Diagnostic, verify_ir
from jlir.ir import nodes as N
from jlir.ir import values as V
from jlir.ir.function import Block
from support.cfg_strategies import cfg_from_succs, reference_dominators, reference_reachable
from support.ir_samples import fixture_functions, random_ir

F15 = FIXTURES / "julia-1.5.3"


def load(name: str, path=F15):
    return jlir.functions(jlir.parse_file(path / name))[0]


def with_nodes(fn, **changes):
    """`fn` with positional statement `sN` given a new node (`s5=node`)."""
    stmts = list(fn.stmts)
    positions = [i for i, s in enumerate(stmts) if s.new_id is None]
    for key, node in changes.items():
        i = positions[int(key[1:]) - 1]
        stmts[i] = dataclasses.replace(stmts[i], node=node)
    return fn.replace(stmts=tuple(stmts))


def messages(fn, severity="error") -> list[str]:
    return [d.message for d in verify_ir(fn) if d.severity == severity]


def call(*args):
    return N.Expr("call", (V.GlobalRef("Base", "f"), *args))


# while_swap.typed-source, with its line table:
#   1 ─ %1 = flipsign_int(a, a)            2 ┄ %3 = φ (#1 => %1, #3 => %4)      3 ─ %8 = checked_srem_int(%3, %4)
#   └── %2 = flipsign_int(b, b)            │   %4 = φ (#1 => %2, #3 => %8)      └──      goto #2
#                                          │   %5 = (%4 === 0)                  4 ─      return %3
#                                          │   %6 = not_int(%5)
#                                          └──      goto #4 if not %6
SWAP = "while_swap.typed-source.txt"


# ---------------------------------------------------------------- real IR

def test_every_fixture_function_verifies_without_errors():
    checked = 0
    for name, fn in fixture_functions():
        errors = messages(fn)
        if name == "corpus/0008.txt[0]":
            # The file is an excerpt: it stops in the middle of block #11.
            assert errors == ["%28 in #11 (:226): the last block does not end in a terminator (control falls off the end)"]
            continue
        if name == "corpus/0007.txt[0]":
            # 0.7-DEV text cut by a search excerpt after `goto 2`: block #2 still branches to the lost block #4.
            assert errors == ["%5 in #2: branch to #4, but the function has 3 blocks"]
            continue
        assert errors == [], name
        checked += 1
    assert checked > 500


def test_warnings_on_fixtures_are_true_undefined_slot_reads():
    warned = {name: messages(fn, "warning") for name, fn in fixture_functions() if messages(fn, "warning")}
    # `y` is assigned on one branch only; `count@_7` is read right after its NewvarNode (lowering's UndefVarError).
    assert warned["julia-1.5.3/undef_var.lowered.txt[0]"] == [
        "%11 in #6: reads y, which may be undefined here (Core.NewvarNode on some path, no assignment after it)"]
    assert warned["julia-1.5.3/boxed_closure.lowered.txt[0]"] == [
        "%23 in #6: reads count@_7, which may be undefined here (Core.NewvarNode on some path, no assignment after it)"]
    assert all("may be undefined" in m for ms in warned.values() for m in ms)


def test_dead_statements_after_a_codeinfo_unreachable_are_not_checked():
    # Base 1.5.3's CodeInfo for `tuple_type_head(Union{})`: inference leaves `φ ()` after `unreachable`.
    text = ("CodeInfo(\n"
            "1 ─ %1 = $(Expr(:static_parameter, 1))::Type{Union{}}\n"
            "│        invoke Base.tuple_type_head(%1::Type{T} where T)::Union{}\n"
            "│        $(Expr(:unreachable))::Union{}\n"
            "│        φ ()::Union{}\n"
            "└──      $(Expr(:unreachable))::Union{}\n"
            ") => Union{}\n")
    fn = jlir.functions(jlir.parse(text))[0]
    assert verify_ir(fn) == []
    broken = with_nodes(fn, s4=N.PhiNode((1,), (V.SSAValue(1),)))
    assert verify_ir(broken) == []


def test_an_unreachable_last_block_may_end_without_terminator():
    text = ("CodeInfo(\n"
            "1 ─     return 1\n"
            "2 ─     $(Expr(:meta, :noinline))\n"
            ") => Int64\n")
    assert verify_ir(jlir.functions(jlir.parse(text))[0]) == []


def test_uses_in_unreachable_blocks_are_not_checked():
    fn = load(SWAP)
    # `goto #2` at the end of #2 cuts #3 and #4 off; #3 then uses %10, defined later in unreachable #4.
    cut = with_nodes(fn, s7=N.GotoNode(2), s8=call(V.SSAValue(10)))
    assert verify_ir(cut) == []
    assert messages(with_nodes(fn, s8=call(V.SSAValue(10)))) == [
        "%8 in #3 (int.jl:261): uses %10, defined in #4, which does not dominate #3"]


def test_pending_nodes_and_the_enter_block_special_case_verify_clean():
    assert verify_ir(load("0068.txt", CORPUS)) == []     # an uncompacted IRCode ending blocks with pending gotos
    assert verify_ir(load("0032.txt", CORPUS)) == []     # `enter` followed by a ϒ in its block, as Julia allows


@settings(max_examples=200, deadline=None)
@given(random_ir(dominance=True))
def test_random_ir_whose_uses_respect_dominance_verifies_clean(case):
    fn, _ = case
    assert verify_ir(fn) == []


@settings(max_examples=200, deadline=None)
@given(random_ir(dominance=True), st.data())
def test_random_use_of_a_non_dominating_definition_is_reported(case, data):
    fn, succs = case
    cfg = cfg_from_succs(succs)
    doms, reachable = reference_dominators(cfg), reference_reachable(cfg)
    block_of = {i: b for b, blk in enumerate(fn.blocks, 1) for i in blk.stmts}
    users = [i for i in block_of if block_of[i] in reachable and type(fn.positional[i - 1].node) is N.Expr]
    if not users:
        return
    user = data.draw(st.sampled_from(users))
    b = block_of[user]
    bad = [d for d, db in block_of.items() if (db == b and d >= user) or (db != b and db not in doms[b])]
    d = data.draw(st.sampled_from(bad))
    broken = with_nodes(fn, **{f"s{user}": call(V.SSAValue(d))})
    found = [(x.stmt, x.kind) for x in verify_ir(broken) if x.severity == "error"]
    assert (user, "use-before-def") in found


# ---------------------------------------------------------------- one test per mutation kind

def test_use_before_def_across_blocks():
    broken = with_nodes(load(SWAP), s10=N.ReturnNode(V.SSAValue(8)))
    assert messages(broken) == ["%10 in #4 (while_swap.jl:8): uses %8, defined in #3, which does not dominate #4"]
    assert [(d.stmt, d.block, d.kind, d.severity) for d in verify_ir(broken)] == [(10, 4, "use-before-def", "error")]


def test_use_before_def_in_the_same_block():
    broken = with_nodes(load(SWAP), s5=call(V.SSAValue(6)))
    assert messages(broken) == ["%5 in #2 (promotion.jl:398): uses %6 before its definition (%6 comes later in #2)"]


def test_a_statement_using_itself():
    broken = with_nodes(load(SWAP), s6=call(V.SSAValue(6)))
    assert messages(broken) == ["%6 in #2 (bool.jl:36): uses %6 before its definition"]


def test_phi_operand_not_dominating_the_end_of_its_edge():
    broken = with_nodes(load(SWAP), s4=N.PhiNode((1, 3), (V.SSAValue(8), V.SSAValue(8))))
    assert messages(broken) == [
        "%4 in #2 (while_swap.jl:5): φ operand %8 on edge #1 is defined in #3, which does not dominate #1"]


def test_phi_edge_naming_a_non_predecessor():
    broken = with_nodes(load(SWAP), s3=N.PhiNode((1, 4), (V.SSAValue(1), V.SSAValue(4))))
    assert [(d.kind, d.message) for d in verify_ir(broken)] == [
        ("phi-edge-not-pred", "%3 in #2 (while_swap.jl:5): φ edge #4 is not a predecessor of #2 (predecessors: #1, #3)")]


def test_phi_after_a_non_phi():
    broken = with_nodes(load(SWAP), s6=N.PhiNode((1, 3), (V.SSAValue(1), V.SSAValue(4))))
    assert messages(broken) == ["%6 in #2 (bool.jl:36): φ node after the non-φ statement %5"]


def test_terminator_in_the_middle_of_a_block():
    broken = with_nodes(load(SWAP), s5=N.GotoNode(4))
    assert messages(broken) == ["%5 in #2 (promotion.jl:398): goto in the middle of the block (#2 ends at %7)"]


def test_branch_to_a_missing_block():
    broken = with_nodes(load(SWAP), s7=N.GotoIfNot(V.SSAValue(6), 9))
    assert messages(broken) == ["%7 in #2 (while_swap.jl:5): branch to #9, but the function has 4 blocks"]


def test_ssa_id_out_of_range():
    broken = with_nodes(load(SWAP), s10=N.ReturnNode(V.SSAValue(99)))
    assert messages(broken) == ["%10 in #4 (while_swap.jl:8): uses %99, but no statement defines it (the function has 10)"]


def test_block_boundaries_that_leave_a_gap():
    fn = load(SWAP)
    blocks = (Block(1, 2), Block(4, 7), *fn.blocks[2:])
    broken = fn.replace(blocks=blocks)
    assert [d.message for d in verify_ir(broken) if d.kind == "block-boundary"] == ["#2: starts at %4, but #1 ends at %2"]


def test_last_block_falling_off_the_end():
    broken = with_nodes(load(SWAP), s10=V.NOTHING)
    assert messages(broken) == [
        "%10 in #4 (while_swap.jl:8): the last block does not end in a terminator (control falls off the end)"]


def test_leave_popping_more_handlers_than_are_open():
    # base_print_float: 2 ─ enter #5; 3 ─ … leave 1; 4 ─ goto #7; 5 ┄ leave 1; 6 ─ nothing; 7 ┄ φ …
    broken = with_nodes(load("base_print_float.typed.txt"), s5=N.Expr("leave", (V.Literal("2", "int"),)))
    assert messages(broken) == ["%5 in #3: leaves 2 try/catch handlers, but only 1 is open"]


def test_return_with_a_handler_still_open():
    # base_print_float: `return Base.nothing` in #9 moved into the try region (#3's `leave 1` at %5).
    fn = load("base_print_float.typed.txt")
    broken = with_nodes(fn, s5=N.ReturnNode(V.NOTHING))
    assert messages(broken) == ["%5 in #3: returns with 1 try/catch handler still open (no leave)"]


def test_leave_naming_enter_tokens_pops_one_handler_each():
    # corpus/0026: `$(Expr(:leave, Core.SSAValue(2)))` closes the one `enter` (%2) in a catch block.
    fn = load("0026.txt", CORPUS)
    assert verify_ir(fn) == []
    leave = fn.positional[15].node
    two = N.Expr("leave", (leave.args[0], leave.args[0]))
    assert messages(with_nodes(fn, s16=two)) == ["%16 in #4: leaves 2 try/catch handlers, but only 1 is open"]


def test_paths_joining_with_different_handlers_open():
    broken = with_nodes(load("base_print_float.typed.txt"), s5=V.NOTHING)
    assert [(d.stmt, d.block, d.kind, d.message) for d in verify_ir(broken)] == [
        (None, 7, "handler-mismatch", "#7: paths join here with different try/catch handlers open")]


def test_phic_operand_that_is_not_an_upsilon():
    # nested_try: 14 ┄ %39 = φᶜ (%27, %35), fed by `%27 = ϒ (%23)` and `%35 = ϒ (%34)`
    broken = with_nodes(load("nested_try.ircode-noline.txt"), s39=N.PhiCNode((V.SSAValue(27), V.SSAValue(34))))
    assert messages(broken) == ["%39 in #14: φᶜ operand %34 is not a ϒ node"]


def test_assignment_to_an_ssa_value():
    fn = load("base_dict.lowered.txt")   # %4: `v = Base.convert($(Expr(:static_parameter, 2)), v0)`
    node = fn.positional[3].node
    broken = with_nodes(fn, s4=N.Expr("=", (V.SSAValue(3), node.args[1])))
    assert messages(broken) == ["%4 in #1: assignment to the SSA value %3"]


def test_slot_read_after_newvar_without_assignment_is_a_warning():
    fn = load("base_dict.lowered.txt")
    assert verify_ir(fn) == []
    # `val@_5 = key` (%14) removed: the read of val@_5 at %16 follows only its NewvarNode.
    broken = with_nodes(fn, s14=V.NOTHING)
    assert [(d.kind, d.severity, d.message) for d in verify_ir(broken)] == [
        ("undefined-slot", "warning",
         "%16 in #2: reads val@_5, which may be undefined here (Core.NewvarNode on some path, no assignment after it)")]


# ---------------------------------------------------------------- the diagnostic itself

def test_diagnostic_is_frozen_and_prints_severity_message_and_kind():
    d = Diagnostic(7, 2, "use-before-def", "error", "%7 in #2: uses %9 before its definition")
    assert str(d) == "error: %7 in #2: uses %9 before its definition [use-before-def]"
    with pytest.raises(dataclasses.FrozenInstanceError):
        d.stmt = 3
    assert not hasattr(d, "__dict__")
