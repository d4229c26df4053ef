"""Statement positions (`jlir.printer.positions`): the line and column of each statement in the file it was read from.

A dump prints back byte for byte, so the position the printer's layout gives a
statement is its position in the file: checked here against the files
themselves, on every fixture that round-trips, and by hand on a few layouts.
"""
from __future__ import annotations

import pytest

import jlir
from conftest import CORPUS, FIXTURES, ROOT, ir_fixture_files
from jlir.ir.color import CSI
from jlir.ir.function import Form
from jlir.printer.forms import function_printer
from jlir.printer.positions import statement_lines
from support.parsed import document_of

FILES = ir_fixture_files() + sorted(CORPUS.glob("*.txt")) + sorted((ROOT / "tests" / "data").glob("*.txt"))


def _numbered(f):
    """(SSA number, statement): positional statements by position, pending nodes by their own number."""
    pos = 0
    for s in f.stmts:
        if s.new_id is None:
            pos += 1
        yield (pos if s.new_id is None else s.new_id), s


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(FIXTURES.parent)))
def test_each_statement_of_a_file_that_round_trips_is_at_its_line_and_column(path):
    text = path.read_text(encoding="utf-8")
    try:
        doc = document_of(path)
    except jlir.JlirError:
        pytest.skip("jlir cannot read this file")
    if jlir.format(doc) != text:
        pytest.skip("this file does not print back byte for byte (a known failure)")
    lines = text.split("\n")
    positions = statement_lines(doc)
    functions = jlir.functions(doc)
    assert sorted(positions) == list(range(1, len(functions) + 1))
    for k, f in enumerate(functions, 1):
        ep = function_printer(f, {})  # (prints CodeInfos nested in statements, too)
        numbered = dict(_numbered(f))
        assert set(positions[k]) == set(numbered)
        for sid, s in numbered.items():
            line, column = positions[k][sid]
            bare = ep.statement_line(s, f.form in (Form.TYPED, Form.IRCODE, Form.WARNTYPE))[2].split("\n")[0]
            rest = lines[line - 1][column - 1:]  # in a coloured dump, the statement's own colours follow
            assert rest[:1] == bare[:1] and CSI.sub("", rest).startswith(bare), (k, sid, line, column, lines[line - 1])


# Read off the files by hand (1-based line and column of the text after the SSA column).
@pytest.mark.parametrize("name, function, sid, line, column", [
    ("julia-1.5.3/arrays.typed-vector.txt", 1, 1, 3, 13),    # `1-element Array{Any,1}:`, ` CodeInfo(`, then `1 ── %1   = `
    ("julia-1.5.3/early_return.ircode.txt", 1, 1, 1, 15),    # `4  1 ── %1  = `: line-number column, no wrapper
    ("julia-1.5.3/early_return.ircode.txt", 1, 3, 3, 15),    # `   └───       goto #3 if not %2`: unused value
])
def test_positions_read_off_the_files_by_hand(name, function, sid, line, column):
    doc = jlir.parse_file(FIXTURES / name)
    assert statement_lines(doc)[function][sid] == (line, column)


def test_a_vector_element_and_a_later_dump_are_numbered_on_from_the_document_start():
    one = (FIXTURES / "julia-1.5.3" / "early_return.ircode.txt").read_text(encoding="utf-8")
    two = (FIXTURES / "julia-1.5.3" / "arrays.typed-vector.txt").read_text(encoding="utf-8")
    doc = jlir.parse(one + "\n" + two)
    positions = statement_lines(doc)
    assert len(positions) == 2 == len(jlir.functions(doc))
    below = one.count("\n") + 1  # the second dump starts after the first one's lines and the blank line
    assert positions[2][1] == (below + 3, 13)
