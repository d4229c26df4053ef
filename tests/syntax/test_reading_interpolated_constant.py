"""IRCode with a constant interpolated as an argument, `$(Dual(Main.g, NoTangent()))` (AD tools, Julia 1.10+):
read as the constant it shows (a QuoteNode shown `$(v)`), printed back as read.  The dump is the example of
Mooncake.jl's forward-mode design notes (tests/data/round3/index.jsonl: hand-written there, not printed)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import jlir
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ir.walk import scanned_uses

DATA = Path(__file__).resolve().parents[1] / "data" / "round3"
NAME = "mooncake-docs-1.10-interpolated-constant.txt"


def read():
    text = (DATA / NAME).read_text(encoding="utf-8")
    return text, jlir.parse(text, NAME)


def test_interpolated_constant_dump_prints_back_byte_for_byte_and_through_json():
    text, doc = read()
    assert jlir.format(doc) == text
    assert jlir.format(jlir.from_json(json.loads(json.dumps(jlir.to_json(doc))))) == text


def test_the_interpolated_argument_is_a_constant_of_its_shown_value():
    _, doc = read()
    call = jlir.functions(doc)[0].stmts[0].node
    assert call.head == "invoke"
    const = call.args[2]
    assert const == V.QuoteNode(T.TypeCall(T.TypeName(("Dual",)), (T.TypeName(("Main", "g")),
                                           T.TypeCall(T.TypeName(("NoTangent",)), ()))), True)


def test_a_value_annotated_after_an_interpolated_argument_is_still_used():
    _, doc = read()
    f = jlir.functions(doc)[0]
    assert scanned_uses(f.stmts[1].node) == (1,)


def test_json_of_a_plain_quotenode_has_no_interpolated_key():
    doc = jlir.parse("1 ─ %1 = Base.getindex($(QuoteNode(1:2)), 1)::Int64\n└──      return %1\n")
    assert "interpolated" not in json.dumps(jlir.to_json(doc))
    assert "$(QuoteNode(1:2))" in jlir.format(doc)


@pytest.mark.parametrize("bad", ["$(Dual(Main.g, NoTangent())", "$()"])
def test_an_unclosed_or_empty_interpolation_is_a_located_error(bad):
    with pytest.raises(jlir.ParseError) as e:
        jlir.parse(f"1 ─ %1 = Main.f({bad}, _2)::Int64\n└──      return %1\n")
    assert e.value.line == 1
