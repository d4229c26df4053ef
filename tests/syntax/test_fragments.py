"""`jlir.parse_statement`, `parse_type`, `parse_value`: IR built from text by the document reader's own statement
stage, so a fragment is the very model a dump's row of the same text reads as, and bad text is a located
`ParseError`."""
from __future__ import annotations

from pathlib import Path

import pytest

import jlir
from jlir import edit
from jlir.analysis import verify
from jlir.ir import nodes as N
from jlir.ir import values as V

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "julia-1.5.3"


@pytest.mark.parametrize("case", ["while_swap", "type_unstable", "exceptions", "try_catch"])
def test_each_row_of_a_real_print_reads_as_the_same_statement_alone(case):
    path = FIXTURES / f"{case}.typed.txt"
    if not path.exists():
        pytest.skip(f"no {path.name}")
    fn = jlir.functions(jlir.parse_file(path))[0]
    for _n, st in fn.numbered():
        text = fn.text(st.node) + ("" if st.type is None else "::" + fn.text(st.type))
        got = jlir.parse_statement(text)
        assert (got.node, got.type) == (st.node, st.type), text


def test_a_call_with_its_type():
    st = jlir.parse_statement("Base.add_int(%3, 1)::Int64")
    assert st.node == N.Expr("call", (V.GlobalRef("Base", "add_int"), V.SSAValue(3), V.Literal("1", "int")))
    assert st.type == jlir.parse_type("Int64")
    assert str(st) == "Base.add_int(%3, 1)::Int64"


def test_lowered_reads_a_bare_call_as_a_call_of_its_symbol():
    assert jlir.parse_statement("rand(%1)", lowered=True).node == N.Expr("call", (V.Symbol("rand"), V.SSAValue(1)))


@pytest.mark.parametrize("text, value", [("%3", V.SSAValue(3)), ("_2", V.Argument(2)),
                                         ("Base.add_int", V.GlobalRef("Base", "add_int")),
                                         ("1", V.Literal("1", "int")), ("x@_2", V.SlotNumber("x", 2))])
def test_values(text, value):
    assert jlir.parse_value(text) == value


def test_a_bad_statement_is_located_with_a_caret_and_what_was_expected():
    with pytest.raises(jlir.ParseError) as e:
        jlir.parse_statement("Base.add_int(%3, ::Int64")
    err = e.value
    assert (err.file, err.line, err.column) == ("<statement>", 1, 18)
    assert "^" in err.render().splitlines()[2] and err.expected


@pytest.mark.parametrize("call, text, message", [
    (jlir.parse_statement, "%4 = Base.add_int(%3, 1)::Int64", "without its `%n = `"),
    (jlir.parse_value, "Base.add_int(%3, 1)", "a call is not a value"),
    (jlir.parse_value, "goto #3", "GotoNode is not a value"),
    (jlir.parse_type, "Union{Int64", "cannot read this type"),
    (jlir.parse_statement, "Base.add_int(%3, 1)\n%5", "several lines")])
def test_what_a_fragment_cannot_be_is_refused_saying_why(call, text, message):
    with pytest.raises(jlir.ParseError, match=message.replace("(", r"\(")):
        call(text)


def test_insert_node_takes_a_parsed_statement_and_the_result_verifies():
    fn = jlir.functions(jlir.parse_file(FIXTURES / "while_swap.typed.txt"))[0]
    ir = edit.IRCode(fn)
    v = ir.insert_node(8, jlir.parse_statement("Base.add_int(%3, 1)::Int64"))
    ir.set_stmt(8, jlir.parse_statement("Base.checked_srem_int(%3, %4)::Int64"))
    assert v.id == 11 and "Base.add_int(%3, 1)::Int64" in jlir.format(ir.freeze())   # pending, in place
    assert verify(ir.compact()) == []   # compact! then drops it: unused and effect-free, as Julia's simple_dce!
