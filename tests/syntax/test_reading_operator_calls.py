"""A call of an operator Julia prints neither infix nor as a unary prefix (`show_call` in base/show.jl): `-(a, b, c)`,
`~(a, b, c)`, `!(a, b)` print with the name bare, while a call of the function object prints it in parentheses."""
from __future__ import annotations

from pathlib import Path

import pytest

import jlir
from jlir.ir import nodes as N
from jlir.ir import types as T

# Julia 1.5.3's prints of compact! of seed-2 generated programs' slot2reg stages (provenance: the folder's README)
DATA = Path(__file__).resolve().parents[1] / "data" / "compact-stages-1.5.3"


@pytest.mark.parametrize("name, row", [("unary-operator-called-with-three", "-(_2, _2, _2)::Union{}"),
                                       ("unary-operator-called-with-argument", "~(-0.0f0, _2, -0.0f0)::Union{}")])
def test_a_unary_operator_shown_with_three_operands_is_a_call_with_three_arguments(name, row):
    text = (DATA / f"{name}.compact.txt").read_text()
    doc = jlir.parse(text)
    node = next(s.node for s in jlir.functions(doc)[0].stmts if type(s.node) is N.Expr and s.type == T.UNION_EMPTY)
    assert node.head == "call" and len(node.args) == 4 and node.args[0].name == row[0]
    assert row in jlir.format(doc) and jlir.format(doc) == text


def test_a_parenthesized_operator_called_with_three_arguments_is_the_function_object():
    text = (DATA / "unary-operator-called-with-three.compact.txt").read_text().replace("-(_2", "(-)(_2")
    doc = jlir.parse(text)
    assert type(jlir.functions(doc)[0].stmts[0].node.args[0]) is T.TypeName and jlir.format(doc) == text


def test_a_unary_operator_shown_with_three_numbered_slots_is_a_call_with_three_arguments():
    # main_311's `optimize=false` print: `-(x_311@_30, x_311@_30, x_311@_30)::Union{}`
    text = (DATA / "unary-operator-called-with-three.unoptimized.txt").read_text()
    doc = jlir.parse(text)
    node = next(s.node for s in jlir.functions(doc)[0].stmts if type(s.node) is N.Expr and s.type == T.UNION_EMPTY)
    assert len(node.args) == 4 and all(a.id == 30 for a in node.args[1:]) and jlir.format(doc) == text
