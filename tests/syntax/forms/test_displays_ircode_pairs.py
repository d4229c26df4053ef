"""`IRCode => T` pairs (`Base.code_ircode`, 1.9+): the vector display, one element, and errors.

The dumps are copied from public material (tests/data/README.md says where).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import jlir
from jlir.ir import types as T
from jlir.ir.function import Form, VectorDisplay
from jlir.json import from_json, to_json

DATA = Path(__file__).resolve().parents[2] / "data"


def test_the_vector_of_ircode_pairs_reads_each_pair_as_an_ircode_with_its_return_type():
    text = (DATA / "ircode-pair-vector-1.10.txt").read_text(encoding="utf-8")
    doc = jlir.parse(text)
    assert [type(x) for x in doc.items] == [VectorDisplay, VectorDisplay]
    v = doc.items[0]
    assert v.header == "1-element Vector{Any}"
    f = v.items[0]
    assert f.form is Form.IRCODE and f.return_type == T.TypeName(("Float64",))
    assert len(f.stmts) == 3 and f.linetable[0].line == 388
    assert jlir.format(doc) == text


def test_an_ircode_pair_shown_alone_keeps_its_return_type():
    text = (DATA / "ircode-pair-element-1.10.txt").read_text(encoding="utf-8")
    doc = jlir.parse(text)
    plain, numbered = doc.items
    assert plain.form is Form.IRCODE and plain.return_type == T.TypeApply(T.TypeName(("Type",)),
                                                                        (T.TypeName(("Float64",)),))
    assert numbered.linetable and numbered.return_type is not None
    assert jlir.format(doc) == text


def test_a_vector_element_whose_header_was_not_captured_reads_too():
    lines = (DATA / "ircode-pair-vector-1.10.txt").read_text(encoding="utf-8").split("\n")
    text = "\n".join(lines[1:5]) + "\n"
    doc = jlir.parse(text)
    assert doc.items[0].header is None and doc.items[0].items[0].return_type is not None
    assert jlir.format(doc) == text


def test_the_pair_survives_json():
    text = (DATA / "ircode-pair-vector-1.10.txt").read_text(encoding="utf-8")
    back = from_json(json.loads(json.dumps(to_json(jlir.parse(text)))))
    assert jlir.format(back) == text


def test_a_pair_tail_off_the_line_number_column_is_a_located_error():
    text = " 1 ─     return Main.Float64\n      => Type{Float64}\n"
    with pytest.raises(jlir.ParseError) as e:
        jlir.parse(text, "bad.txt")
    assert e.value.line == 2 and "=> T" in str(e.value)
