"""Printing a parsed dump gives the dump back, byte for byte: every fixture, every core corpus dump."""
from __future__ import annotations

import pytest

import jlir
from conftest import CORPUS, FIXTURES, corpus_records, ir_fixture_files, known_failures
from support.parsed import document_of

KNOWN = known_failures()
CORE = [r for r in corpus_records() if r["scope"] == "core"]


def first_difference(want: str, got: str) -> str:
    a, b = want.split("\n"), got.split("\n")
    for i, (x, y) in enumerate(zip(a, b), 1):
        if x != y:
            return f"line {i}:\n  want {x!r}\n  got  {y!r}"
    return f"line count: want {len(a)}, got {len(b)}"


def roundtrip(text: str, name: str) -> str:
    return jlir.format(jlir.parse(text, name))


@pytest.mark.parametrize("path", ir_fixture_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_julia_fixture_prints_back_exactly(path):
    text = path.read_text(encoding="utf-8")
    out = jlir.format(document_of(path))
    assert out == text, first_difference(text, out)


@pytest.mark.parametrize("record", [r for r in CORE if r["pristine"]], ids=lambda r: r["file"])
def test_pristine_core_corpus_dump_prints_back_exactly(record):
    text = (CORPUS / record["file"]).read_text(encoding="utf-8")
    if record["file"] in KNOWN:
        try:
            ok = roundtrip(text, record["file"]) == text
        except jlir.ParseError:
            ok = False
        assert not ok, f"{record['file']} round-trips now: remove it from tests/known_failures.json"
        pytest.xfail(KNOWN[record["file"]])
    out = roundtrip(text, record["file"])
    assert out == text, first_difference(text, out)


@pytest.mark.parametrize("record", [r for r in CORE if not r["pristine"]], ids=lambda r: r["file"])
def test_every_core_corpus_dump_parses_or_is_a_known_failure(record):
    text = (CORPUS / record["file"]).read_text(encoding="utf-8")
    try:
        out = roundtrip(text, record["file"])
    except jlir.ParseError as e:
        assert record["file"] in KNOWN, f"not in tests/known_failures.json:\n{e.render()}"
        pytest.xfail(KNOWN[record["file"]])
    if record["file"] in KNOWN:
        assert out != text, f"{record['file']} round-trips now: remove it from tests/known_failures.json"
        pytest.xfail(KNOWN[record["file"]])


def test_every_known_failure_names_a_corpus_file_and_a_reason():
    files = {r["file"] for r in corpus_records()}
    for name, reason in KNOWN.items():
        assert name in files, name
        assert len(reason) > 10, f"{name}: give the concrete reason"


def test_a_file_of_several_dumps_of_every_form_prints_back_with_its_separators():
    forms = ["typed", "typed-unoptimized", "typed-vector", "lowered", "warntype", "ircode", "cfg"]
    paths = [FIXTURES / "julia-1.5.3" / f"loops.{form}.txt" for form in forms]
    text = "\n".join(p.read_text(encoding="utf-8") for p in paths) + "\n\n"
    doc = jlir.parse(text)
    assert len(doc.items) == len(forms)
    assert jlir.format(doc) == text


@pytest.mark.parametrize("path", sorted((FIXTURES.parent / "tests" / "data").glob("*.txt")), ids=lambda p: p.name)
def test_regression_dump_prints_back_exactly(path):
    text = path.read_text(encoding="utf-8")
    out = roundtrip(text, path.name)
    assert out == text, first_difference(text, out)
