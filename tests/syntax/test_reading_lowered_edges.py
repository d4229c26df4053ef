"""Lowered top-level code at its edges: the bare colon function as a value (`%1 = :`, Julia 1.5.3), a 1.0/1.1
`Meta.lower` print from JuliaInterpreter's docs, and a hand-edited one from Revise's docs whose first row lost
its block label.  Provenance: tests/data/round3/index.jsonl."""
from __future__ import annotations

import warnings
from pathlib import Path

import pytest

import jlir
from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ir.walk import scanned_uses
from jlir.syntax.lenient.reader import LenientNote

DATA = Path(__file__).resolve().parents[1] / "data" / "round3"


def text_of(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def lenient(text: str):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", LenientNote)
        doc = jlir.parse(text, lenient=True)
    return doc, [str(w.message) for w in caught if isinstance(w.message, LenientNote)]


def test_the_bare_colon_function_is_a_value_statement():
    text = text_of("lowered-1.5.3-colon-value.txt")
    doc = jlir.parse(text)
    f = doc.items[0]
    assert f.stmts[0].node == T.TypeName((":",)) and scanned_uses(f.stmts[1].node) == (1,)  # the function object
    assert jlir.format(doc) == text


def test_the_colon_function_stands_bare_among_arguments():
    f = jlir.parse(text_of("lowered-1.5.3-map-colon.txt")).items[0]
    call = f.stmts[2].node
    assert call.args[:2] == (V.Symbol("map"), V.GlobalRef(None, ":")) and scanned_uses(call) == (1, 2)


def test_a_1_1_toplevel_print_reads_strictly_with_its_bare_name_call():
    text = text_of("juliainterpreter-docs-1.1-map-closure-thunk.txt")
    doc = jlir.parse(text)
    assert jlir.format(doc) == text
    f = doc.items[0]
    assert f.stmts[8].node == N.Expr("call", (V.Symbol("map"), V.SSAValue(7), V.SSAValue(8)))


def test_lenient_reading_leaves_a_nested_codeinfo_alone():
    text = text_of("juliainterpreter-docs-1.1-map-closure-thunk.txt")
    doc, notes = lenient(text)
    assert notes == [] and jlir.format(doc) == text


def test_a_first_row_without_its_block_label_is_refused_strictly_with_the_cause():
    with pytest.raises(jlir.ParseError) as e:
        jlir.parse(text_of("revise-docs-1.3-floatwins-unlabelled.txt"))
    assert "first row lost its block number" in str(e.value) and e.value.line == 2


def test_a_first_row_without_its_block_label_reads_leniently_with_a_note():
    text = text_of("revise-docs-1.3-floatwins-unlabelled.txt")
    doc, notes = lenient(text)
    assert [n.split(": note: ")[-1] for n in notes] == ["restored the block number of the first row (`1 ─`)"]
    f = doc.items[0]
    assert f.stmts[0].node == N.Expr("method", (V.Symbol("floatwins"),))
    method = f.stmts[5].node
    assert method.head == "method" and isinstance(method.args[2], T.NestedCodeInfo)
    assert jlir.format(doc) == text.replace("│        $(Expr(:method, :floatwins))",
                                            "1 ─      $(Expr(:method, :floatwins))", 1)
