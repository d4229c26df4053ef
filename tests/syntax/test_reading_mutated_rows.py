"""Real prints with one row changed into something Julia does not print: refused where they stand, never read into
a model that prints back as another (found by `scripts/check/fuzz.py`).

A coloured Julia 1.0 print whose row is not Julia's must not be read with the row lost.
Julia 1.0's `show_ir` writes the gutter at its column (`ESC[64G`), moves back (`ESC[1G`) and writes the row from
column 1, so every row has text left of the gutter column: the line-number column and the rail (`  │`).  A line
that shows nothing there is not a row Julia printed (here: a row's `ESC[1G` lost its escape, so a terminal shows
the row to the right of the gutter column), and it must not be taken for the gutter of an empty row.
"""
from pathlib import Path

import pytest

import jlir

CORPUS = Path(__file__).resolve().parents[2] / "fixtures" / "corpus"


def _broken_row(text: str, needle: str) -> str:
    lines = text.split("\n")
    k = next(i for i, line in enumerate(lines) if needle in line)
    assert "\x1b[1G" in lines[k]
    lines[k] = lines[k].replace("\x1b[1G", "[1G", 1)  # the row's move back to column 1 without its escape
    return "\n".join(lines)


def test_the_real_print_reads_byte_for_byte():
    text = (CORPUS / "0202.txt").read_text(encoding="utf-8")
    assert jlir.format(jlir.parse(text)) == text


def test_a_row_shown_right_of_the_gutter_column_is_refused_not_dropped():
    text = _broken_row((CORPUS / "0202.txt").read_text(encoding="utf-8"), "(byte2, :bit6)")
    try:
        doc = jlir.parse(text)
    except jlir.ParseError:
        return
    printed = jlir.format(doc)  # read: then no statement may be lost
    assert "(Base.getfield)(byte2, :bit6)" in printed
    assert jlir.parse(printed) == doc


def test_a_tuple_called_with_one_pair_of_parentheses_is_refused():
    # `show_call` (base/show.jl) prints a callee that is not a name as `(` its print `)`: a tuple shows `((a, b))(x)`
    text = (CORPUS / "0202.txt").read_text(encoding="utf-8")
    changed = text.replace("(Base.getfield)(byte2, :bit1)", "(%1, %1, Base.getfield)(byte2, :bit1)", 1)
    assert changed != text
    with pytest.raises(jlir.ParseError, match="a tuple called"):
        jlir.parse(changed)
    doubled = text.replace("(Base.getfield)(byte2, :bit1)", "((%1, %1, Base.getfield))(byte2, :bit1)", 1)
    doc = jlir.parse(doubled)
    assert jlir.parse(jlir.format(doc)) == doc
