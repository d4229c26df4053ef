"""The fast, streamed JSON writer (jlir.json.stream) writes exactly the text of the reference encoder."""
from __future__ import annotations

import json

import pytest

import jlir
from conftest import CORPUS, ir_fixture_files
from jlir.cli.output import json_line
from jlir.json.stream import SharedEncoder, iter_json, to_json_shared
from jlir.json import to_json
from support.parsed import document_of


# Every Julia-printed fixture and every corpus dump (all display forms, all versions); each is parsed by the case
# that takes it (once per session: support.parsed), so a run of a sample of the cases parses only that sample.
PATHS = ir_fixture_files() + sorted(CORPUS.glob("*.txt"))


def _read(path):
    """The dump's Document, or None where jlir refuses the dump."""
    try:
        return document_of(path)
    except (jlir.ParseError, UnicodeDecodeError):
        return None


def _documents(limit: int | None = None):
    docs = ((path, doc) for path, doc in ((p, _read(p)) for p in PATHS) if doc is not None)
    return [pair for _, pair in zip(range(limit if limit is not None else len(PATHS)), docs)]


def test_the_inputs_cover_many_dumps():
    assert len(_documents()) > 400


@pytest.mark.parametrize("path", PATHS, ids=[p.parent.name + "/" + p.name for p in PATHS])
def test_streamed_json_is_the_reference_json_line(path):
    doc = _read(path)
    if doc is None:
        pytest.skip("jlir refuses this dump: no model to encode")
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
    import jlir.json.stream as js
    monkeypatch.setattr(js, "_MEMO_LIMIT", 5)
    for path, doc in _documents(40):
        assert "".join(iter_json(doc)) == json_line(jlir.to_json(doc)), path.name
