"""Top-level lowered code (`Meta.lower` of a script) calls functions by bare name: `%2 = rand(%1)`.

Julia's `show_call` prints a Symbol callee bare and every non-name callee in parentheses, so in untyped code a
whole statement `name(…)` is a call of that Symbol.  The dumps in tests/data/round3/lowered-1.5.3-*.txt were
printed by Julia 1.5.3 running tests/data/round3/lowered-1.5.3-scripts.jl (index.jsonl has each command).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import jlir
from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ir.walk import scanned_uses, ssa_uses
from jlir.ssa import into_ssa
from jlir.ssa.into_ssa import NotSlotForm

DATA = Path(__file__).resolve().parents[1] / "data" / "round3"
SCRIPTS = sorted(p.name for p in DATA.glob("lowered-1.5.3-*.txt"))


def lowered(*rows: str) -> str:
    """A hand-written lowered CodeInfo of `rows` (for the rules; the real prints are the files)."""
    rails = ["1 ─ "] + ["│   "] * (len(rows) - 2) + ["└── "]
    return "CodeInfo(\n" + "".join(r + t + "\n" for r, t in zip(rails, rows)) + ")\n"


def read(name: str):
    text = (DATA / name).read_text(encoding="utf-8")
    return text, jlir.parse(text, name).items[0]


@pytest.mark.parametrize("name", SCRIPTS)
def test_script_lowering_prints_back_byte_for_byte_and_through_json(name):
    text, _ = read(name)
    doc = jlir.parse(text, name)
    assert jlir.format(doc) == text
    assert jlir.format(jlir.from_json(json.loads(json.dumps(jlir.to_json(doc))))) == text


def test_a_bare_name_applied_to_an_ssa_value_is_a_call_of_that_symbol():
    _, f = read("lowered-1.5.3-rand.txt")
    node = f.stmts[1].node
    assert node == N.Expr("call", (V.Symbol("rand"), V.SSAValue(1)))
    assert scanned_uses(node) == (1,) and 1 in ssa_uses(node)


def test_a_call_with_no_arguments_or_a_global_argument_is_a_call_too():
    _, f = read("lowered-1.5.3-if-rand.txt")
    assert f.stmts[0].node == N.Expr("call", (V.Symbol("rand"),))
    _, f = read("lowered-1.5.3-range-collect.txt")
    assert f.stmts[3].node.args[0] == V.Symbol("maximum")


def test_the_right_side_of_a_global_assignment_is_a_call():
    doc = jlir.parse(lowered("%1 = 1:5", "     x = rand(%1)", "     return x"))
    rhs = doc.items[0].stmts[1].node.args[1]
    assert rhs == N.Expr("call", (V.Symbol("rand"), V.SSAValue(1)))


def test_a_statement_used_only_by_a_bare_name_call_keeps_its_number():
    text, f = read("lowered-1.5.3-dict-string.txt")
    assert "1 ─ %1 = \"a\" => 1\n│   %2 = Dict(%1)\n" in text
    assert jlir.format(f).count("%1 = ") == 1


def test_slot_to_ssa_refuses_a_script_whose_global_assignment_it_would_drop():
    # `x = %2` sets the global `x`: read as a slot, slot2reg would drop it (and `%2` once dangled)
    _, f = read("lowered-1.5.3-rand.txt")
    with pytest.raises(NotSlotForm, match="top-level thunk"):
        into_ssa(f)


def test_a_curly_head_proves_a_shown_value_not_a_call():
    doc = jlir.parse(lowered("%1 = Val{2}()", "     return %1"))
    assert type(doc.items[0].stmts[0].node) is T.TypeCall


def test_a_value_shown_as_an_argument_stays_a_value():
    doc = jlir.parse(lowered("%1 = Base.getindex(x, Float16(0.5))", "     return %1"))
    assert type(doc.items[0].stmts[0].node.args[2]) is T.TypeCall


def test_typed_code_keeps_a_statement_shown_as_a_value():
    text = "CodeInfo(\n1 ─ %1 = Foo(1)::Foo\n└──      return %1\n) => Foo\n"
    doc = jlir.parse(text)
    assert type(doc.items[0].stmts[0].node) is T.TypeCall and jlir.format(doc) == text


def test_a_var_quoted_name_is_called_by_its_symbol_and_prints_back_quoted():
    text = lowered('%1 = var"#3#4"()', "     return %1")
    doc = jlir.parse(text)
    assert doc.items[0].stmts[0].node == N.Expr("call", (V.Symbol("#3#4"),))
    assert jlir.format(doc) == text
