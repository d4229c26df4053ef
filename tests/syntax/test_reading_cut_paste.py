"""A dump cut in the middle of a line (a paste that stopped early): Julia ends every row with a newline, so a text
that ends without one on a row was cut there.  Strict reading names that cause where the text ends (never
"trailing blanks" or a lost `)` with a `--lenient` hint that then fails); lenient reading reads the rows before
the cut, the cut row kept as written where it reads as a truncated statement.  The texts are a real Julia 1.5.3
print (fixtures/julia-1.5.3/early_return.*) cut at places a paste stops."""
from __future__ import annotations

import warnings

import pytest

import jlir
from conftest import FIXTURES
from jlir.ir.nodes import Elided
from jlir.syntax.reading import read_document


def _cut(form: str, after: str, keep: int) -> str:
    """The print of `form`, cut `keep` characters after the first `after`."""
    text = (FIXTURES / "julia-1.5.3" / f"early_return.{form}.txt").read_text(encoding="utf-8")
    return text[:text.index(after) + keep]


def _lenient(text: str):
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        doc = read_document(text, "cut.txt", lenient=True)
    return doc, [str(w.message) for w in said]


CUTS = [
    ("typed", "goto #3 if not", 7),      # `└───       goto #3`: the row read alone would be another goto
    ("typed", "Base.arraylen", 8),       # `1 ── %1  = Base.arr`
    ("typed", "(%1 === 0)", 1),          # `│    %2  = (`: an open bracket
    ("typed", "%2  = (%1 ", 0),          # `│    %2  = `: ends on a blank (was "trailing blanks")
    ("typed", "2 ──       return", 2),   # `2 `: cut inside the rail
    ("lowered", "goto #3 if not", 7),
    ("warntype", "goto #3 if not", 7),
]


@pytest.mark.parametrize("form, after, keep", CUTS)
def test_a_dump_cut_inside_a_row_is_named_cut_where_it_ends(form, after, keep):
    text = _cut(form, after, keep)
    with pytest.raises(jlir.ParseError) as e:
        jlir.parse(text, "cut.txt")
    assert e.value.message.startswith("the text ends inside this row")
    assert (e.value.line, e.value.column) == (text.count("\n") + 1, len(text) - text.rfind("\n"))
    assert "--lenient" in (getattr(e.value, "advice", "") or "")


@pytest.mark.parametrize("form, after, keep", CUTS)
def test_a_dump_cut_inside_a_row_reads_leniently_as_an_excerpt_that_ends_there(form, after, keep):
    text = _cut(form, after, keep)
    doc, notes = _lenient(text)
    f = jlir.functions(doc)[0]
    assert any(type(s.node) is Elided for s in f.stmts)  # never read as a whole function
    assert any("the text ends inside this row" in n for n in notes)


def test_the_cut_row_is_kept_as_written_when_it_holds_a_statement():
    text = _cut("typed", "goto #3 if not", 7)
    doc, _ = _lenient(text)
    last = jlir.functions(doc)[0].stmts[-1].node
    assert type(last) is Elided and last.shape == "truncated" and last.marker == "goto #3"
