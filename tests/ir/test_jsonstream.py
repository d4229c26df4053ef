"""The fast, streamed JSON writer (jlir.ir.jsonstream) writes exactly the text of the reference encoder."""
from __future__ import annotations

import json

import pytest

import jlir
from conftest import CORPUS, ir_fixture_files
from jlir.cli.output import json_line
from jlir.ir.jsonstream import SharedEncoder, iter_json, to_json_shared
from jlir.ir.serialize import to_json
from support.parsed import document_of


def _documents():
    """Every Julia-printed fixture and every corpus dump jlir reads (all display forms, all versions)."""
    for path in ir_fixture_files() + sorted(CORPUS.glob("*.txt")):
        try:
            yield path, document_of(path)
        except (jlir.ParseError, UnicodeDecodeError):
            continue


DOCS = list(_documents())


def test_the_inputs_cover_many_dumps():
    assert len(DOCS) > 400


@pytest.mark.parametrize("path,doc", DOCS, ids=[p.parent.name + "/" + p.name for p, _ in DOCS])
def test_streamed_json_is_the_reference_json_line(path, doc):
    reference = json_line(jlir.to_json(doc))
    assert "".join(iter_json(doc)) == reference
    assert json_line(to_json_shared(doc)) == reference


def test_streamed_json_names_its_source():
    doc = jlir.parse(ir_fixture_files()[0].read_text(encoding="utf-8"))
    text = "".join(iter_json(doc, source="x.txt", julia={"version": "1.5.3"}))
    assert text == json_line(to_json(doc, source="x.txt", julia={"version": "1.5.3"}))
    assert json.loads(text)["source"] == "x.txt"


def test_a_document_streams_one_piece_per_item():
    doc = jlir.parse(ir_fixture_files()[0].read_text(encoding="utf-8"))
    pieces = list(iter_json(doc))
    assert len(pieces) == len(doc.items) + 1
    assert pieces[-1].endswith("\n") and not any("\n" in p for p in pieces[:-1])


def test_shared_values_are_encoded_once():
    text = "CodeInfo(\n1 ─ %1 = Base.add_int(x, 1)::Int64\n│   %2 = Base.add_int(x, 1)::Int64\n└──      return %1\n) => Int64\n"
    doc = jlir.parse(text)
    f = doc.items[0]
    assert f.stmts[0] is f.stmts[1]  # the parser shares one Statement per distinct text
    data = SharedEncoder().encode(f)
    assert data["stmts"][0] is data["stmts"][1]


def test_what_is_not_model_data_is_refused_with_its_path():
    with pytest.raises(TypeError, match=r"\$\[1\]: cannot encode"):
        SharedEncoder().encode((1, object()))


def test_the_text_is_the_same_when_the_memo_starts_afresh(monkeypatch):
    import jlir.ir.jsonstream as js
    monkeypatch.setattr(js, "_MEMO_LIMIT", 5)
    for path, doc in DOCS[:40]:
        assert "".join(iter_json(doc)) == json_line(jlir.to_json(doc)), path.name
