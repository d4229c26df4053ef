"""Views other tools print of Julia's IR (JuliaInterpreter's `Frame`, LoweredCodeUtils' `print_with_code`,
Cthulhu's 2020–2021 warn view and its menu): read into the same model, the tool's text kept as the function's
`Margin`, printed back byte for byte.  Every text is a real print, copied from the tool's docs or doctests
(tests/data/round3/toolviews/index.jsonl says where from)."""
from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

import jlir
from jlir.ir.function import Form
from jlir.json import from_json, to_json
from jlir.syntax.errors import ParseError
from support.lenient import read_leniently as _read_leniently

DATA = Path(__file__).resolve().parents[2] / "data" / "round3" / "toolviews"
INDEX = [json.loads(line) for line in (DATA / "index.jsonl").read_text(encoding="utf-8").splitlines()]


def _files(tool: str, *, excerpts: bool) -> list[str]:
    return [r["file"] for r in INDEX if r["tool"] == tool
            and ("⋮" in (DATA / r["file"]).read_text(encoding="utf-8")) == excerpts]


def read(name: str):
    text = (DATA / name).read_text(encoding="utf-8")
    return text, jlir.parse(text, name)


@pytest.mark.parametrize("name", _files("JuliaInterpreter Frame", excerpts=False)
                         + ["snoopcompile-cthulhu-9198e11e8d.txt", "snoopcompile-cthulhu-7500477067.txt",
                            "snoopcompile-cthulhu-b1be9cfff5.txt"])
def test_a_tool_view_prints_back_and_survives_json(name):
    text, doc = read(name)
    assert jlir.format(doc) == text
    assert jlir.format(from_json(json.loads(json.dumps(to_json(doc))))) == text


def test_a_frame_is_its_lowered_code_with_the_columns_and_variables_as_margin():
    _, doc = read("juliainterpreter-frame-2c414ad718.txt")
    f = doc.items[0]
    assert f.form is Form.LOWERED and len(f.stmts) == 3 and len(f.blocks) == 1
    assert f.margin.tool == "JuliaInterpreter"
    assert f.margin.before == ("Frame for error(s::AbstractString) @ Base error.jl:35",)
    assert f.margin.left == ("  1  35  ", "  2* 35  ", "  3  35  ")
    assert f.margin.after == ('s = "inner error"', "caller: f_inner() @ Main none:1")


def test_a_frame_of_a_few_statements_around_the_current_one_is_refused_as_an_excerpt():
    for name in _files("JuliaInterpreter Frame", excerpts=True):
        with pytest.raises(ParseError, match="excerpt"):
            read(name)


def test_print_with_code_keeps_each_statements_required_flag_beside_the_lowered_rows():
    _, doc = read("loweredcodeutils-8bb50e3946.txt")
    f = doc.items[0]
    assert f.form is Form.LOWERED and len(f.stmts) == 24 and len(f.blocks) == 4
    flags = [left.split()[1] for left in f.margin.left]
    assert flags[:3] == ["t", "f", "t"] and flags.count("f") == 7
    assert [left[:2] for left in f.margin.left[8:10]] == [" 9", "10"]  # numbers right-aligned in 2 columns


def test_print_with_code_prints_back():
    text, doc = read("loweredcodeutils-8bb50e3946.txt")
    assert jlir.format(doc) == text


def test_the_2021_warn_view_keeps_its_header_row_and_menu_around_the_warntype_print():
    _, doc = read("snoopcompile-cthulhu-9198e11e8d.txt")
    f = doc.items[0]
    assert f.form is Form.WARNTYPE and len(f.stmts) == 3
    assert f.margin.before == ("│ ─ %-1  = invoke callf(::Vector{AbstractFloat})::Int64",)
    assert f.margin.after[:2] == ("", "Select a call to descend into or ↩ to ascend. [q]uit. [b]ookmark.")
    assert f.margin.after[-1] == "   ↩"


def test_an_edited_ir_drops_the_tools_columns_and_prints_as_julias_codeinfo():
    _, doc = read("juliainterpreter-frame-4cceac07e3.txt")
    f = doc.items[0]
    copy = dataclasses.replace(f.stmts[0])  # another statement object: the IR is no longer the one printed
    edited = f.with_ir(dataclasses.replace(f.ir, stmts=(copy,) + f.stmts[1:]))
    assert f.with_ir(f.ir).margin == f.margin and edited.margin is None
    assert jlir.format(edited).split("\n")[0] == "CodeInfo("


COMPACT_2025 = sorted(r["file"] for r in INDEX if r["file"].startswith("cthulhu-golden-foo-opt-compact-")
                      and "show_type_stable" in r["file"])


@pytest.mark.parametrize("name", COMPACT_2025)
def test_cthulhus_2025_compact_view_with_its_gutter_at_column_72_prints_back(name):
    text, doc = read(name)
    assert jlir.format(doc) == text


@pytest.mark.parametrize("name", ["cthulhu-golden-foo-opt-compact-warn-show_type_stable-inline_cost-types.txt",
                                  "cthulhu-golden-foo-opt-compact-nowarn-show_type_stable-inline_cost-types.txt"])
def test_the_terminals_copy_of_a_compact_cost_view_reads_its_costs_beside_the_wide_block_labels(name):
    """What a terminal shows of the colored golden (its cursor moves played): the gutter on the right, the header
    padded with blanks up to it, each cost after its rail (`2 1 ──    0 %1  = …`, `  10 ─    0 …`)."""
    from jlir.syntax.document import ansi
    plain, _ = ansi.split((DATA / name).read_text(encoding="utf-8"))
    assert plain.split("\n")[-1] == " " * 73 and "2 1 ──    0 %1  = Core.Box" in plain
    doc = jlir.parse(plain, name)
    f = doc.items[0]
    assert jlir.format(doc) == plain
    assert f.form is Form.IRCODE and f.envelope == "cthulhu" and f.costs[9] == 1000 and len(f.blocks) == 14


HIDDEN = ["cthulhu-golden-foo-opt-none-nowarn-hide_type_stable-nocost-types.txt",
          "cthulhu-golden-foo-opt-none-warn-hide_type_stable-nocost-notypes.txt",
          "cthulhu-golden-foo-opt-none-nowarn-hide_type_stable-inline_cost-types.txt",  # `│    1000 %10 = …`
          "cthulhu-golden-foo-opt-none-warn-hide_type_stable-inline_cost-notypes.txt"]


def read_leniently(name: str):
    return _read_leniently(DATA / name)


@pytest.mark.parametrize("name", HIDDEN)
def test_a_hide_type_stable_view_is_refused_strictly_and_read_leniently_as_an_excerpt(name):
    with pytest.raises(ParseError, match="hide_type_stable"):
        read(name)
    text, doc, notes = read_leniently(name)
    assert jlir.format(doc) == text  # the rows shown, with their colors, and nothing for the rows hidden
    f = doc.items[0]
    assert len(f.stmts) >= 31 and f.form in (Form.TYPED, Form.WARNTYPE)  # the warn view: `Body::Any`, as Base prints
    assert any("jump from %2 to %9" in n for n in notes) and any("%31, is not its block's last" in n for n in notes)


@pytest.mark.parametrize("name", ["snoopcompile-cthulhu-5505e8c6d3.txt", "snoopcompile-cthulhu-cc25d42b5e.txt"])
def test_ascends_caller_tree_above_the_view_it_opened_is_kept_and_prints_back(name):
    text, doc = read(name)
    assert jlir.format(doc) == text
    f = doc.items[0]
    assert f.margin.before[0] == "Choose a call for analysis (q to quit):" and f.margin.before[-2] == ""
    assert f.margin.before[-1].startswith("│ ─ %-1  = invoke contain_list(::Vector{Any})")
    assert f.form is Form.WARNTYPE and len(f.stmts) == 4


def test_print_with_code_of_edges_keeps_the_names_and_each_rows_edges_line():
    _, doc = read("loweredcodeutils-06aee73ff2.txt")
    f = doc.items[0]
    assert f.form is Form.LOWERED and len(f.stmts) == 24
    assert f.margin.before[0] == "Names:" and f.margin.before[-1] == "Code:" and f.margin.left == ()
    assert f.margin.under[0] == "│             # preds: [15, 16], succs: [12, 15, 16]"
    assert f.margin.under[6] == "              # preds: [6], succs: ∅"  # under `└──`: a blank, not `│`


def test_a_bad_row_of_an_edges_print_is_located_where_it_stands():
    text = (DATA / "loweredcodeutils-06aee73ff2.txt").read_text(encoding="utf-8")
    with pytest.raises(ParseError) as e:
        jlir.parse(text.replace("%6  = Base.not_int(%5)", "%6  = Base.not_int(%5"), "edges.txt")
    assert e.value.line == 15 and "not_int(%5" in e.value.text


def test_print_with_code_of_edges_prints_back():
    text, doc = read("loweredcodeutils-06aee73ff2.txt")
    assert jlir.format(doc) == text


def test_an_early_2020_view_of_base_codeinfo_print_keeps_its_header_row_and_menu():
    """The view printed before Cthulhu had its own location lines: Base's `    @ REPL[102]:1 within `h'` under
    `CodeInfo(`, and the menu right after `)`."""
    text, doc = read("lecture-cthulhu-2020-h.txt")
    assert jlir.format(doc) == text
    f = doc.items[0]
    assert f.form is Form.TYPED and f.envelope is None and len(f.stmts) == 4
    assert f.margin.before == ("│ ─ %-1  = invoke h(::Array{Float64,1},::Array{Float64,2})::Array{Float64,2}",)
    assert f.margin.after[0].startswith("Select a call") and f.margin.after[-1] == "   ↩"


def test_a_warn_view_header_row_over_body_alone_prints_back():
    text, doc = read("lecture-cthulhu-2020-combine_eltypes.txt")
    assert jlir.format(doc) == text and doc.items[0].form is Form.WARNTYPE


def test_a_pasted_excerpt_of_a_warn_view_with_its_menu_reads_leniently():
    text, doc, notes = read_leniently("cuda-docs-cthulhu-2020.txt")
    assert jlir.format(doc) == text
    assert doc.items[0].margin.after == ("", "Select a call to descend into or ↩ to ascend.",
                                         " • %17  = call CUDA.sin(::Int64)::Union{}")
    assert any("elided statements %2–%13" in n for n in notes)


@pytest.mark.parametrize("name, sid, text", [
    ("juliainterpreter-frame-2c414ad718.txt", 2, "Core.throw(%1)"),  # after the frame's columns
    ("loweredcodeutils-06aee73ff2.txt", 3, "1:3"),  # every other line: the edges lines between the rows
    ("loweredcodeutils-06aee73ff2.txt", 24, "return"),
    ("snoopcompile-cthulhu-5505e8c6d3.txt", 3, "Core._apply_iterate("),  # below ascend's tree and the header row
])
def test_statement_positions_point_into_the_tools_view(name, sid, text):
    from jlir.printer.positions import statement_lines
    source, doc = read(name)
    line, column = statement_lines(doc)[1][sid]
    assert source.split("\n")[line - 1][column - 1:].startswith(text)


def test_the_edges_print_is_read_in_the_style_its_rows_show():
    _, doc = read("loweredcodeutils-06aee73ff2.txt")
    assert doc.items[0].style.hi == (1, 5)  # its bare `return`: a CodeInfo of Julia 1.5 or before
