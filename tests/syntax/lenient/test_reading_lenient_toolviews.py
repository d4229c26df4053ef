"""Lenient reading of tool views from public docs (tests/data/round3/toolviews, provenance in its index.jsonl)."""
from __future__ import annotations

import warnings
from pathlib import Path

import pytest

import jlir
from jlir.syntax.reading import read_document

VIEWS = Path(__file__).resolve().parents[2] / "data" / "round3" / "toolviews"


def _lenient(text: str, name: str):
    repaired: list = []
    with warnings.catch_warnings(record=True) as notes:
        warnings.simplefilter("always")
        doc = read_document(text, name, lenient=True, repaired_out=repaired)
    return doc, repaired[0].text if repaired else text, [str(n.message) for n in notes]


def test_lenient_reading_reads_a_view_strict_reading_reads_unchanged():
    # LoweredCodeUtils' print_with_code: `# preds: …` lines under the rows, which the repairs took for comments
    text = (VIEWS / "loweredcodeutils-06aee73ff2.txt").read_text(encoding="utf-8")
    assert jlir.format(jlir.parse(text)) == text
    doc, repaired, notes = _lenient(text, "view")
    assert jlir.format(doc) == text == repaired and not notes


@pytest.mark.parametrize("name, quoted", [("snoopcompile-cthulhu-567b2af8dc.txt", "within `callf'"),   # 1.5
                                          ("snoopcompile-cthulhu-0b9b47fd4a.txt", "within `callf`")])  # 1.6
def test_a_location_line_whose_method_lost_its_quotes_reads_leniently_in_its_versions_style(name, quoted):
    text = (VIEWS / name).read_text(encoding="utf-8")
    with pytest.raises(jlir.ParseError, match="without its quotes"):
        jlir.parse(text)
    doc, repaired, notes = _lenient(text, name)
    assert f"    @ REPL[3]:1 {quoted}\n" in repaired and jlir.format(doc) == repaired
    assert any("quoted the method of a location line" in n for n in notes)
