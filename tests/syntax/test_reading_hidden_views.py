"""Cthulhu's `hide_type_stable` views (its 2025 ground truth, tests/data/round3/toolviews): excerpts that print only the
rows whose type is not concrete.  Strict reading refuses them; lenient reading reads the rows shown as the statements
they number, each gap a note, and prints back exactly the rows shown (colors, location lines, gutters included)."""
from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

import jlir
from jlir.ir.nodes import Elided
from jlir.syntax.errors import ParseError
from jlir.syntax.reading import read_document
from support.lenient import read_leniently as _read_leniently

DATA = Path(__file__).resolve().parents[1] / "data" / "round3" / "toolviews"
HIDDEN = sorted(json.loads(line)["file"] for line in (DATA / "index.jsonl").read_text(encoding="utf-8").splitlines()
                if "hide_type_stable" in json.loads(line)["file"])


def read_leniently(name: str):
    return _read_leniently(DATA / name)


def _views(kind: str) -> list[str]:
    return [n for n in HIDDEN if f"-{kind}-" in n]


def test_the_ground_truth_holds_the_32_hidden_views():
    assert len(HIDDEN) == 32


@pytest.mark.parametrize("name", _views("opt-source"))
def test_a_hidden_source_view_prints_its_location_lines_for_the_rows_shown(name):
    text, doc, notes = read_leniently(name)
    assert jlir.format(doc) == text
    f = doc.items[0]
    assert len(f.stmts) >= 31 and type(f.stmt(1).node) is Elided and type(f.stmt(2).node) is not Elided
    # %2 (`%new(%1)`) stands inside the inlined `Box` frame, called from foo at line 2: the `┌ @ boot.jl` line
    inner = f.linetable[f.stmt(2).loc - 1]
    assert inner.method == "Box" and f.linetable[inner.inlined_at - 1].line == 2
    assert any("statement %1 is not in it" in n for n in notes)
    assert any("jump from %2 to %9" in n for n in notes)


@pytest.mark.parametrize("name", _views("opt-source"))
def test_a_hidden_source_view_is_refused_strictly_as_an_excerpt(name):
    with pytest.raises(ParseError, match="hide_type_stable"):
        jlir.parse((DATA / name).read_text(encoding="utf-8"), name)


@pytest.mark.parametrize("name", _views("unopt"))
def test_a_hidden_unoptimized_views_unnumbered_rows_stand_after_the_row_above_and_the_values_they_read(name):
    text, doc, notes = read_leniently(name)
    assert jlir.format(doc) == text
    f = doc.items[0]
    shown = {i: str(s.node) for i, s in enumerate(f.stmts, 1) if type(s.node) is not Elided}
    # Julia's numbers, where the text prints them or the values read pin them: `(u = (%24)(x))` is %25
    assert {12, 13, 20, 21, 25, 29, 30, 31} <= set(shown) and len(shown) == 9
    assert any("`(u = (%24)(x))" in n and "prints no number" in n and "read as %25" in n for n in notes)
    # the first row (`│`, no number): %1 starts block 1, so it is read as %2, a guess the note names
    assert any("`(z@_7 = Core.Box())" in n and "prints no number" in n and "read as %2," in n for n in notes)


@pytest.mark.parametrize("name", _views("unopt")[:1] + _views("opt-source")[:1])
def test_the_verifier_answers_a_hidden_view_with_the_one_excerpt_error(name):
    from jlir.analysis.verifier import verify_ir
    _, doc, _ = read_leniently(name)
    found = verify_ir(doc.items[0])
    assert [d.message.split(":")[0] for d in found] == ["function is an excerpt"]


@pytest.mark.parametrize("name", _views("opt-compact"))
def test_a_hidden_compact_view_keeps_its_gutter_at_column_72_for_the_rows_shown(name):
    text, doc, notes = read_leniently(name)
    assert jlir.format(doc) == text  # each drawn line (`ESC[72G│╻ ESC[1G` …) put back whole
    f = doc.items[0]
    assert f.screen is not None and type(f.stmt(1).node) is Elided
    # %2 (`││`: the statement after `│╻ Box`'s) stands in an inlined frame: the gutter's depth, found for the rows
    # shown with the hidden rows free to take any inlining stack
    assert f.linetable[f.stmt(2).loc - 1].inlined_at != 0
    assert any("jump from %2 to %9" in n for n in notes)


def test_a_drawn_line_keeps_its_escapes_whole_when_lenient_reading_moves_it():
    # the 72-column copy with a prompt line above it: every line moves up one, the drawn ones stay whole
    name = _views("opt-compact")[0]
    text = (DATA / name).read_text(encoding="utf-8")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        doc = read_document("julia> descend(foo, (Int, Int))\n" + text, name, lenient=True)
    assert jlir.format(doc) == text


@pytest.mark.parametrize("lenient", [False, True])
def test_a_text_holding_the_excerpt_readers_placeholder_is_refused_where_it_stands(lenient):
    # a hidden row's gutter is free and a hidden view's print-back check is skipped: only jlir may write one
    text = "CodeInfo(\n1 ─     $(Expr(:jlir_elided, 1))\n└──     return 1\n) => Int64"
    with pytest.raises(ParseError, match="jlir's own placeholder") as e:
        read_document(text, "t.txt", lenient=lenient)
    assert (e.value.line, e.value.column) == (2, 9)


@pytest.mark.parametrize("name", [_views(kind)[0] for kind in ("opt-none", "opt-source", "opt-compact", "unopt")])
def test_a_hidden_view_survives_json(name):
    _, doc, _ = read_leniently(name)
    back = jlir.from_json(json.loads(json.dumps(jlir.to_json(doc))))
    assert back == doc and jlir.format(back) == jlir.format(doc)
