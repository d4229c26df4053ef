"""JuliaInterpreter `Frame`s cut to the statements around the current one (`⋮`, as `print_framecode` shows a frame
to a `:limit` stream): refused strictly, read leniently as an excerpt whose rows keep the frame's columns, and
printed back byte for byte.  Both texts are real prints (tests/data/round3/toolviews/index.jsonl says where from)."""
from __future__ import annotations

import warnings
from pathlib import Path

import pytest

import jlir
from jlir.ir.nodes import Elided
from jlir.syntax.errors import ParseError
from jlir.syntax.reading import read_document
from support.lenient import read_leniently as _read_leniently

DATA = Path(__file__).resolve().parents[1] / "data" / "round3" / "toolviews"
CUT = ["juliainterpreter-frame-9641729cab.txt",  # `   1* 2  1 ─`: the current statement's `*`
       "loweredcodeutils-3d8da947ed.txt"]        # `Frame for Main`: columns that look like a line-number column


def read_leniently(name: str):
    return _read_leniently(DATA / name)


@pytest.mark.parametrize("name", CUT)
def test_a_cut_frame_is_refused_strictly(name):
    with pytest.raises(ParseError, match="excerpt"):
        jlir.parse((DATA / name).read_text(encoding="utf-8"), name)


@pytest.mark.parametrize("name", CUT)
def test_a_cut_frame_reads_leniently_and_prints_back_with_its_columns_and_variables(name):
    text, doc, notes = read_leniently(name)
    assert jlir.format(doc) == text
    f = doc.items[0]
    assert [type(s.node) is Elided for s in f.stmts[:4]] == [False, False, False, True]
    assert f.margin.tool == "JuliaInterpreter" and len(f.margin.left) == 4  # three rows and the `⋮` line
    assert f.margin.left[3] == "" and all(c.strip() for c in f.margin.left[:3])
    assert any("the text stops at an elision (`⋮`)" in n for n in notes)
    assert "$(Expr(" not in "".join(f.margin.after)  # nothing of the reader's placeholders is kept as display


def test_a_cut_frames_variables_stay_after_the_cut():
    _, doc, _ = read_leniently("juliainterpreter-frame-9641729cab.txt")
    assert doc.items[0].margin.after == ("A = [1, 2, 5]", "T = Int64")


def test_a_dump_that_stops_on_a_mid_block_row_reads_leniently_as_cut_there():
    # corpus 0008: an IRCode cut by a search excerpt after `%28` (a `│` row: Julia's last row is `└──`)
    path = Path(__file__).resolve().parents[2] / "fixtures" / "corpus" / "0008.txt"
    text = path.read_text(encoding="utf-8")
    # strictly it reads as a whole function, whose `%N` column then prints narrower than the text's (the text's
    # width says a value past %99 is used, in the rows cut away)
    assert jlir.format(jlir.parse(text, "0008.txt")) != text
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        doc = read_document(text, "0008.txt", lenient=True)
    assert jlir.format(doc) == text
    f = doc.items[0]
    assert type(f.stmt(28).node) is not Elided and type(f.stmt(29).node) is Elided
    assert any("the last row shown, %28, is not its block's last" in str(n.message) for n in caught)


def test_a_complete_dump_ending_in_a_one_row_block_is_not_read_as_cut():
    # `391 15 ┄       return _2`: a block of one row shows its start rail, not `└──`
    path = Path(__file__).resolve().parents[2] / "fixtures" / "julia-1.5.3" / "base_dict.ircode.txt"
    text = path.read_text(encoding="utf-8")
    doc = read_document(text, "base_dict.ircode.txt", lenient=True)
    assert jlir.format(doc) == text and not any(type(s.node) is Elided for s in doc.items[0].stmts)
