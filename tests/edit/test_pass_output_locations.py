"""A statement an edit creates gets a location, so that a pass output prints and reads back as the same model.

A print shows a location only where it changes: a statement without one (line 0) prints exactly as if it had
its predecessor's and reads back with it.  So a created statement takes the location of the statement it is
inserted before (Julia's `insert_node!`), or, at the end of a block or in a new block, that of the statement
printed before it; the `nothing` of an emptied block too (Julia's `compact!` gives it line 0, which prints the
same).  The inputs are Julia 1.5.3's own prints with line information (IRCode's line column, `debuginfo=:source`).
"""
from __future__ import annotations

from pathlib import Path

import pytest

import jlir
from jlir import passes
from jlir.edit import BBCode
from jlir.ir import nodes as N

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "julia-1.5.3"


def _fn(name: str):
    return jlir.functions(jlir.parse_file(FIXTURES / name))[0]


def _reads_back_as_itself(fn) -> bool:
    text = jlir.format(fn)
    return jlir.functions(jlir.parse(text))[0] == fn


# Each of these gave a statement no location (an emptied block's `nothing`, a `goto` that makes a fall-through
# explicit, an edge block's `goto`), and the output read back with its neighbour's.
@pytest.mark.parametrize("name, pass_name", [
    ("arrays.ircode.txt", "compact"),
    ("arrays.ircode.txt", "dce"),
    ("arrays.typed-source.txt", "copyprop"),
    ("arrays.typed-source.txt", "split-critical-edges"),
    ("arrays.lowered-source.txt", "split-critical-edges"),
    ("arrays.ircode.txt", "simplify-cfg"),
])
def test_pass_output_with_created_statements_reads_back_as_the_same_model(name, pass_name):
    fn = _fn(name)
    out = passes.run(fn, [pass_name])
    assert _reads_back_as_itself(out)


def test_bbcode_insert_takes_the_location_of_the_statement_it_goes_before():
    fn = _fn("arrays.typed-source.txt")
    bb = BBCode(fn)
    blk = bb.blocks[0]
    locs = [s.loc for s in blk.stmts]
    assert len(set(locs)) > 1
    k = next(i for i in range(1, len(locs)) if locs[i] != locs[i - 1])
    bb.insert(blk.id, k, N.Expr("call", ()))
    assert blk.stmts[k].loc == locs[k]


def test_a_new_block_statement_takes_the_location_printed_before_it():
    fn = _fn("arrays.typed-source.txt")
    bb = BBCode(fn)
    last = bb.blocks[-1]
    e = bb.add_block(bb.blocks[0].id, [N.GotoNode(bb.blocks[1].id)])
    bb.fallthrough[bb.blocks[0].id] = e
    out = bb.to_function()
    first_block_end = out.blocks[0].last
    assert out.stmts[first_block_end].loc == out.stmts[first_block_end - 1].loc != 0
    assert last is bb.blocks[-1]


# `code_escapes` views (corpus 0027, 0098: EscapeAnalysis's documentation, printed by Julia): compaction that
# changes nothing kept equal statements as new objects, so the escape column was dropped and the view printed
# blank markers under an escape title, which no reader takes.
@pytest.mark.parametrize("case", ["0027", "0098"])
@pytest.mark.parametrize("pass_name", ["compact", "copyprop", "dce", "sccp"])
def test_a_pass_that_changes_no_statement_keeps_the_escape_column(case, pass_name):
    fn = jlir.functions(jlir.parse_file(FIXTURES.parent / "corpus" / f"{case}.txt"))[0]
    assert fn.display.escapes
    out = passes.run(fn, [pass_name])
    assert out.display.escapes == fn.display.escapes
    assert _reads_back_as_itself(out)


# A pass that does change statements drops the escape column (it described the old ones); the title, which
# marks the arguments' escapes, went with it only now: the view printed as an IRCode under an escape title,
# which does not read (corpus 0104, `dce`; the pass fuzzer's mutated 0027).
def test_a_pass_that_changes_statements_of_an_escape_view_prints_a_plain_ircode_that_reads_back():
    fn = jlir.functions(jlir.parse_file(FIXTURES.parent / "corpus" / "0104.txt"))[0]
    out = passes.run(fn, ["dce"])
    assert out.display.escapes is None and out.display.title is None
    text = jlir.format(out)
    assert jlir.format(jlir.functions(jlir.parse(text))[0]) == text


def test_a_1_0_warntype_whose_gutter_cannot_be_kept_is_refused_not_printed_as_an_ircode():
    # verb-fuzz input 5421 (tests/data/README.md): after `dce`, the gutter would name a frame whose method the
    # print never showed; without its gutter the text read back as an IRCode after a `Body::Nothing` line
    text = (Path(__file__).resolve().parents[1] / "data" / "verbfuzz-seed1-5421-warntype-1.0-gutter.txt").read_text(
        encoding="utf-8")
    fn = jlir.functions(jlir.parse(text))[0]
    with pytest.raises(jlir.JlirError, match="@code_warntype"):
        passes.run(fn, ["dce"])


@pytest.mark.parametrize("dump, pass_name", [("0199.txt", "dce"), ("0201.txt", "copyprop")])
def test_a_real_1_0_warntype_edit_that_loses_its_gutter_is_refused(dump, pass_name):
    # corpus dumps of Julia 1.0 `@code_warntype` (coloured, gutter drawn): the output once printed without its
    # gutter and read back as an IRCode after a `Body::T` line
    from conftest import CORPUS
    fn = jlir.functions(jlir.parse_file(CORPUS / dump))[0]
    with pytest.raises(jlir.JlirError, match="@code_warntype"):
        passes.run(fn, [pass_name])
