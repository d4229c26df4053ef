"""Lowered top-level code as Julia 1.5.3's `Meta.lower` prints it: nested CodeInfos, `global`/`const`, `#N` slots.

The dumps in tests/data/lowered-1.5.3-*.txt were printed by Julia 1.5.3 running tests/data/lowered-1.5.3.jl
(each round-trips byte for byte in tests/syntax/test_roundtrip.py); these tests check what the model holds.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import jlir
from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ir.function import Form
from jlir.json import from_json, to_json

DATA = Path(__file__).resolve().parents[2] / "data"


def read(name: str):
    text = (DATA / name).read_text(encoding="utf-8")
    doc = jlir.parse(text, name)
    return text, doc, doc.items[0]


def test_a_nested_thunk_is_a_lowered_function_with_its_own_columns():
    text, _, f = read("lowered-1.5.3-closure-thunk.txt")
    thunk = f.stmts[0].node
    assert thunk.head == "thunk"
    inner = thunk.args[0]
    assert isinstance(inner, T.NestedCodeInfo) and inner.quote is None
    assert inner.code.form is Form.LOWERED
    assert [s.node.head for s in inner.code.stmts[:2]] == ["global", "const"]
    assert len(inner.code.stmts) == 7 and len(inner.code.blocks) == 1
    # the outer function goes on after the nested one: `%2 = Core.svec(var"#1#2", Core.Any)` is its second
    assert len(f.stmts) == 9 and f.stmts[1].node.args[0] == V.GlobalRef("Core", "svec")


def test_a_method_body_printed_as_an_expr_block_keeps_its_text():
    _, _, f = read("lowered-1.5.3-method-thunk.txt")
    method = f.stmts[6].node
    assert method.head == "method" and method.args[:2] == (V.Symbol("f"), V.SSAValue(6))
    assert method.args[2] == T.NestedCodeInfo(None, "quote\n    x + 1\n    return %1\nend")


def test_global_and_const_are_declaration_statements():
    _, _, f = read("lowered-1.5.3-const.txt")
    decl = f.stmts[0].node
    assert decl == N.Expr("const", (V.SlotNumber("C"),))
    _, _, g = read("lowered-1.5.3-for-global.txt")
    assert N.Expr("global", (V.SlotNumber("t"),)) in [s.node for s in g.stmts]


def test_an_assignment_to_a_hash_named_slot_reads_as_an_assignment():
    _, _, f = read("lowered-1.5.3-closure-slot.txt")
    assign = f.stmts[3].node
    assert assign.head == "=" and assign.args[1].head == "new"
    assert jlir.format(jlir.parse("CodeInfo(\n1 ─ %1 = Main.h\n│        #8 = %new(%1, x)\n└──      return #8\n)\n")) \
        == "CodeInfo(\n1 ─ %1 = Main.h\n│        #8 = %new(%1, x)\n└──      return #8\n)\n"


def test_a_value_used_only_inside_a_nested_call_prints_without_its_ssa_column():
    # Julia's printer counts the uses `userefs` sees (one level): `Core.svec(%3)` inside another call does not
    # make `%3` used, so Julia 1.5.3 printed statement 3 of the nested thunk as `│        Core.TypeVar(…)`.
    text, doc, f = read("lowered-1.5.3-let-nested-use.txt")
    inner = f.stmts[1].node.args[0].code
    assert inner.stmts[3].node.args[3] == N.Expr("call", (V.GlobalRef("Core", "svec"), V.SSAValue(3)))
    assert "│        Core.TypeVar(:a, Core.Any)\n" in jlir.format(doc)


def test_nested_codeinfos_survive_json():
    text, doc, _ = read("lowered-1.5.3-struct.txt")
    back = from_json(json.loads(json.dumps(to_json(doc))))
    assert jlir.format(back) == text


def test_an_unterminated_nested_codeinfo_is_a_located_error():
    text, _, _ = read("lowered-1.5.3-method-thunk.txt")
    lines = text.split("\n")
    broken = "\n".join(lines[:4] + lines[5:])  # drop the nested thunk's `)))`
    with pytest.raises(jlir.ParseError) as e:
        jlir.parse(broken, "broken.txt")
    assert e.value.line >= 3


@pytest.mark.parametrize("name", sorted(p.name for p in DATA.glob("lowered-1.5.3-*.txt")))
def test_lowered_toplevel_dump_prints_back_after_json(name):
    text, doc, _ = read(name)
    assert jlir.format(from_json(json.loads(json.dumps(to_json(doc))))) == text


def test_str_of_a_statement_holding_a_nested_codeinfo_is_julias_text():
    text, _, f = read("lowered-1.5.3-method-thunk.txt")
    assert str(f.stmts[0]) == "$(Expr(:thunk, CodeInfo(\n    @ none within `top-level scope'\n" \
                              "1 ─     return $(Expr(:method, :f))\n)))"
