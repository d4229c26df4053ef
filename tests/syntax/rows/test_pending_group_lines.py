"""Which unnumbered rows of a 1.5 stage print are pending nodes, told by the line-number column.

1.5's `show_ir` prints a statement as one print group: the pending nodes inserted before it, then the
statement.  It writes the statement's line number once, on the group's first row, and blanks on the others
(ssair/show.jl: `floop`).  So an unnumbered row followed by a row that shows a line number ends its group: it
is a statement, not a pending node.  Real prints of Julia 1.5.3 (Base instances, the oracle's records) where
the surplus rows were once taken from the wrong end, which lost a line of the line table and printed back
otherwise."""
from __future__ import annotations

from pathlib import Path

import jlir
from jlir.syntax.rows.pending import pending_nodes

DATA = Path(__file__).resolve().parents[2] / "data"


def _read(name: str):
    text = (DATA / name).read_text("utf-8")
    return text, jlir.parse(text)


def test_a_pending_node_is_the_row_that_shows_its_statements_line_number():
    # `##replace#269` after inlining: `535 1 ─ (getfield)(_5, 1)` is the pending node of `%1` (`String`),
    # not `536 │ nothing`, which starts its own group; `537 │ %3 = Any` keeps its line
    text, doc = _read("base-1.5.3-pending-group-line-inlining.txt")
    assert jlir.format(doc) == text
    fn = jlir.functions(doc)[0]
    assert [s.new_id is not None for s in fn.stmts[:4]] == [True, False, False, False]
    assert [info.line for info in fn.linetable] == [535, 536, 537, 538]


def test_a_print_with_pending_groups_between_line_numbers_prints_back_as_julia_printed_it():
    # `iterate(::Generator{Enumerate{…}})` before adce_pass!: getfield_elim's pending nodes among rows whose line
    # numbers change within a block
    text, doc = _read("base-1.5.3-pending-group-line-adce.txt")
    assert jlir.format(doc) == text


def test_a_row_before_a_shown_line_number_is_never_taken_for_a_pending_node():
    ids = [None, None, None, 3]                   # one of the three unnumbered rows is surplus
    assert pending_nodes(ids) == [False, False, True, False]   # the last, without line numbers
    assert pending_nodes(ids, linenos=["535", "", "536", "537"]) == [True, False, False, False]
