"""`debuginfo=:source` location lines: read into a line table, printed back byte for byte.

The expected line tables below were worked out by hand from the texts, with
Julia's `DILineInfoPrinter` rules (spec §2.4): each `@ file:line within `m``
is a frame, `┌` enters a frame group one level deeper, a line update without
`┌` replaces the innermost group, `└`×k closes k groups, and a frame's
`inlined_at` is the entry of the frame around it.  Entries are numbered in
order of first appearance; equal frames share an entry.
"""
from __future__ import annotations

import re
from dataclasses import replace

import pytest

import jlir
from conftest import CORPUS, FIXTURES
from jlir.ir.function import LineInfo
from jlir.ir.style import Style
from jlir.printer.debuginfo import LocationPrinter

SOURCE_FIXTURES = sorted((FIXTURES / "julia-1.5.3").glob("*-source.txt"))
CORPUS_FILES = [CORPUS / f"{n}.txt" for n in ("0056", "0115", "0143", "0145", "0147", "0150", "0189")]

# Failures in statement text, not in location lines (other work items).
KNOWN_STATEMENT_FAILURES: dict[str, str] = {}

# After the rail prefix (`│` or blank, then spaces): `│`s, then `┌ @ `, ` @ ` or only `└`s.
_LOCATION_LINE = re.compile(r"(?:│ +| +)│*(?:┌ @ | @ |└+$)")


def _location_lines(text: str) -> list[str]:
    return [line for line in text.split("\n") if _LOCATION_LINE.match(line)]


def _function(text: str):
    (f,) = jlir.functions(jlir.parse(text))
    return f


# ---------------------------------------------------------------------------------------------- round trip

@pytest.mark.parametrize("path", SOURCE_FIXTURES + CORPUS_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_dump_with_location_lines_prints_back_exactly(path):
    text = path.read_text(encoding="utf-8")
    known = KNOWN_STATEMENT_FAILURES.get(path.name)
    try:
        out = jlir.format(jlir.parse(text, str(path)))
    except jlir.ParseError as e:
        # a failure in a location line is never acceptable
        assert not _LOCATION_LINE.match(e.text) and "location" not in e.message, e.render()
        if known:
            pytest.xfail(known)
        raise
    if out != text and known:
        assert _location_lines(out) == _location_lines(text), "the location lines differ"
        pytest.xfail(known)
    assert out == text


def test_every_source_fixture_has_location_lines_or_is_warntype():
    """1.5.3's `code_warntype(…; debuginfo=:source)` prints none (spec §1.4); every other -source dump does."""
    for path in SOURCE_FIXTURES:
        has = bool(_location_lines(path.read_text(encoding="utf-8")))
        assert has != path.name.endswith(".warntype-source.txt"), path.name


# ---------------------------------------------------------------------------------------------- line tables

NESTED = """\
CodeInfo(
    @ f.jl:15 within `d4'
   ┌ @ f.jl:14 within `a2'
   │┌ @ f.jl:13 within `a1'
   ││┌ @ int.jl:86 within `+'
1 ─│││ %1 = Base.add_int(x, 1)::Int64
│  │└└
└──│      return %1
   └
) => Int64"""


def test_nested_frames_give_a_chain_of_inlined_at_and_the_closing_line():
    f = _function(NESTED)
    assert f.linetable == (
        LineInfo("f.jl", 15, "d4", 0),
        LineInfo("f.jl", 14, "a2", 1),
        LineInfo("f.jl", 13, "a1", 2),
        LineInfo("int.jl", 86, "+", 3),
    )
    # `│  │└└` leaves `+` and `a1`: the return is in `a2`, still one `│` deep, and `   └` closes `a2`
    assert [s.loc for s in f.stmts] == [4, 2]
    assert jlir.format(f) == NESTED


RECURSIVE = """\
CodeInfo(
    @ f.jl:5 within `g'
   ┌ @ operators.jl:538 within `+' @ promotion.jl:311
   │┌ @ promotion.jl:282 within `promote'
1 ─││ %1 = Base.sitofp(Float32, a)::Float32
│  │└
│  │ @ operators.jl:538 within `+' @ promotion.jl:311 @ float.jl:400
│  │ %2 = Base.add_float(%1, b)::Float32
│  └
└──      return %2
) => Float32"""


def test_recursive_frames_of_one_method_are_one_group():
    f = _function(RECURSIVE)
    assert f.linetable == (
        LineInfo("f.jl", 5, "g", 0),
        LineInfo("operators.jl", 538, "+", 1),
        LineInfo("promotion.jl", 311, "+", 2),     # `+` inlined into `+`: folded onto the same line
        LineInfo("promotion.jl", 282, "promote", 3),
        LineInfo("float.jl", 400, "+", 3),         # a third `+` frame: the `+` group is printed again
    )
    assert [s.loc for s in f.stmts] == [4, 5, 1]
    assert jlir.format(f) == RECURSIVE


def test_the_same_line_table_prints_with_backticks_from_julia_1_7():
    f = _function(RECURSIVE)
    assert f.style.location_close_quote == "'"
    g = f.replace(style=Style.for_version("1.7"))
    assert jlir.format(g) == RECURSIVE.replace("'", "`")


REPEATED = """\
CodeInfo(
    @ f.jl:4 within `g'
   ┌ @ array.jl:847 within `setindex!'
1 ─│     Base.arrayset(false, a, 1, 1)::Array{Int64,1}
│  │ @ array.jl:847 within `setindex!'
│  │     Base.arrayset(false, a, 2, 2)::Array{Int64,1}
│  └
└──     return a
) => Array{Int64,1}"""


def test_a_line_update_to_an_equal_frame_gets_a_second_entry_around_it():
    # Julia printed `setindex!` again: its two entries were distinct (one per inlined call) but look equal.
    f = _function(REPEATED)
    assert f.linetable == (
        LineInfo("f.jl", 4, "g", 0),
        LineInfo("array.jl", 847, "setindex!", 1),
        LineInfo("f.jl", 4, "g", 0),
        LineInfo("array.jl", 847, "setindex!", 3),
    )
    assert [s.loc for s in f.stmts] == [2, 4, 3]
    assert jlir.format(f) == REPEATED


THUNK_17 = """\
:($(Expr(:thunk, CodeInfo(
    @ none within `top-level scope`
1 ─     x = 1
│   @ REPL[6]:2 within `top-level scope`
│       y = 2
└──     return nothing
))))"""


def test_julia_1_7_updates_the_line_of_a_method_across_files_and_omits_line_0():
    f = _function(THUNK_17)
    assert f.linetable == (
        LineInfo("none", 0, "top-level scope", 0),
        LineInfo("REPL[6]", 2, "top-level scope", 0),
    )
    assert [s.loc for s in f.stmts] == [1, 2, 2]
    assert jlir.format(f) == THUNK_17


def test_julia_1_6_leaves_and_reenters_a_frame_when_its_file_changes():
    with pytest.raises(jlir.ParseError) as e:
        jlir.parse(THUNK_17.replace("scope`", "scope'"))
    assert e.value.line == 4
    assert "'│  └'" in e.value.message


THUNK_15 = """\
:($(Expr(:thunk, CodeInfo(
    @ none:2 within `top-level scope'
1 ─     x = 1
│       y = 2
│   @ none:2 within `top-level scope'
│       z = 3
└──     return z
))))"""


def test_julia_1_6_prints_no_update_to_line_0_so_a_repeated_frame_means_one():
    f = _function(THUNK_15)
    assert f.linetable == (
        LineInfo("none", 2, "top-level scope", 0),
        LineInfo("none", 0, "top-level scope", 0),
    )
    assert [s.loc for s in f.stmts] == [1, 2, 1, 1]
    assert jlir.format(f) == THUNK_15


def test_printer_rules_differ_between_julia_1_6_and_1_7():
    table = (LineInfo("a.jl", 1, "f", 0), LineInfo("b.jl", 2, "f", 0), LineInfo("b.jl", 0, "f", 0))
    old, new = LocationPrinter(table, "'"), LocationPrinter(table, "`")
    assert old.update("   ", 1) == (["    @ a.jl:1 within `f'"], "")
    assert new.update("   ", 1) == (["    @ a.jl:1 within `f`"], "")
    # another file, same method: ≤1.6 leaves the frame and enters the new one, 1.7+ updates it
    assert old.update("│  ", 2) == (["│  └", "│   @ b.jl:2 within `f'"], "")
    assert new.update("│  ", 2) == (["│   @ b.jl:2 within `f`"], "")
    # line 0: ≤1.6 prints nothing, 1.7+ prints the frame without `:line`
    assert old.update("│  ", 3) == ([], "")
    assert new.update("│  ", 3) == (["│   @ b.jl within `f`"], "")
    assert old.finish("   ") == [] and new.finish("   ") == []


def test_ircode_line_numbers_print_no_location_lines():
    text = (FIXTURES / "julia-1.5.3" / "loops.ircode.txt").read_text(encoding="utf-8")
    doc = jlir.parse(text)
    f = jlir.functions(doc)[0]
    assert f.linetable and all(e.file == "" and e.method == "" for e in f.linetable)
    assert jlir.format(doc) == text
    assert not _location_lines(text)


# ---------------------------------------------------------------------------------------------- errors

def test_a_statement_indent_that_disagrees_with_the_open_frames_is_an_error():
    # `│  │└└` leaves two of four groups open, so Julia indents the return by one `│`
    bad = NESTED.replace("└──│      return %1\n   └\n", "└──      return %1\n")
    with pytest.raises(jlir.ParseError) as e:
        jlir.parse(bad)
    assert e.value.line == 8
    assert "inline indent of 1" in e.value.message


def test_a_frame_entered_too_deep_is_an_error():
    bad = NESTED.replace("   ┌ @ f.jl:14", "   │┌ @ f.jl:14")
    with pytest.raises(jlir.ParseError) as e:
        jlir.parse(bad)
    assert (e.value.line, e.value.column) == (3, 4)
    assert "depth 3" in e.value.message


def test_a_location_line_without_a_method_is_an_error():
    with pytest.raises(jlir.ParseError) as e:
        jlir.parse(NESTED.replace(" within `a1'", ""))
    assert e.value.line == 4
    assert "within" in e.value.message


def test_closing_more_frames_than_are_open_is_an_error():
    with pytest.raises(jlir.ParseError) as e:
        jlir.parse(NESTED.replace("│  │└└", "│  │└└└└└"))
    assert e.value.line == 7
    assert "only 4 are open" in e.value.message
