"""Cthulhu.jl views (debuginfo `:none`): the header line as display envelope, the cost column after the rail.

The dumps are Cthulhu's own ground-truth files (tests/data/README.md says which).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import jlir
from jlir.ir import types as T
from jlir.ir.function import Form
from jlir.json import from_json, to_json
from jlir.printer.forms import format_function

DATA = Path(__file__).resolve().parents[2] / "data"
VIEWS = sorted(p.name for p in DATA.glob("cthulhu-*.txt"))


def read(name: str):
    text = (DATA / name).read_text(encoding="utf-8")
    return text, jlir.parse(text, name)


@pytest.mark.parametrize("name", VIEWS)
def test_a_cthulhu_view_prints_back_and_survives_json(name):
    text, doc = read(name)
    assert jlir.format(doc) == text
    assert jlir.format(from_json(json.loads(json.dumps(to_json(doc))))) == text


def test_the_header_is_the_envelope_and_its_type_the_return_type():
    _, doc = read("cthulhu-foo-opt-none-nowarn-cost-types.txt")
    f = doc.items[0]
    assert f.envelope == "cthulhu" and f.form is Form.TYPED
    assert f.title == "∘ ── 3032 %0 = invoke foo(::Int64,::Int64)::Any"
    assert f.return_type == T.TypeName(("Any",))
    assert len(f.stmts) == 32 and len(f.blocks) == 14
    assert f.costs[:3] == (0, 0, 1) and f.costs[9] == 1000


def test_the_same_ir_with_and_without_costs_is_the_same_ir():
    _, a = read("cthulhu-foo-opt-none-nowarn-cost-types.txt")
    _, b = read("cthulhu-foo-opt-none-nowarn-nocost-types.txt")
    assert a.items[0].ir == b.items[0].ir


def test_the_warn_view_reads_as_warntype_with_costs_after_the_rail():
    _, doc = read("cthulhu-foo-opt-none-warn-cost-notypes.txt")
    f = doc.items[0]
    assert f.form is Form.WARNTYPE and f.envelope == "cthulhu" and f.costs[9] == 1000


def test_without_its_envelope_the_view_prints_as_julias_cost_display():
    _, doc = read("cthulhu-foo-opt-none-nowarn-cost-types.txt")
    f = doc.items[0].replace(envelope=None)
    lines = format_function(f).split("\n")
    assert lines[1] == "    0 1 ── %1  = Core.Box::Core.Const(Core.Box)"


def test_a_cost_field_out_of_its_column_is_a_located_error():
    text, _ = read("cthulhu-foo-opt-none-nowarn-cost-types.txt")
    lines = text.split("\n")
    lines[3] = lines[3].replace("│       1 %3", "│   x   1 %3")
    with pytest.raises(jlir.ParseError) as e:
        jlir.parse("\n".join(lines), "bad.txt")
    assert e.value.line == 4


def test_the_2021_view_with_line_numbers_costs_and_a_gutter_prints_back():
    # corpus 0111 (aviatesk's blog, ~1.8-DEV): the method line, `│ ─ %-1 = invoke …`, then the IRCode with its
    # line-number column, each cost after the rail, and the right-hand gutter of the colored print
    path = Path(__file__).resolve().parents[3] / "fixtures" / "corpus" / "0111.txt"
    text = path.read_text(encoding="utf-8")
    doc = jlir.parse(text)
    f = doc.items[0]
    assert f.envelope == "cthulhu" and f.form is Form.IRCODE and f.screen is not None
    assert f.title.split("\n")[1] == "│ ─ %-1 = invoke /ₚ(::Point,::Point)::Point"
    assert f.costs[:4] == (0, 0, 0, 0) and 40 in f.costs and f.linetable
    assert jlir.format(doc) == text


CORPUS_0092 = Path(__file__).resolve().parents[3] / "fixtures" / "corpus" / "0092.txt"


def test_the_2020_source_view_reads_its_locations_as_line_info_and_prints_back():
    # corpus 0092 (aviatesk's 2020 post, Julia 1.6-DEV): `│ ─ %-1 = invoke …::T`, then `CodeInfo(` … `)` whose
    # location lines carry no rail prefix, quote the method 'foo' and are each closed by a bare `└`
    text = CORPUS_0092.read_text(encoding="utf-8")
    doc = jlir.parse(text, "0092.txt")
    f = doc.items[0]
    assert f.envelope == "cthulhu" and f.form is Form.TYPED
    assert [(e.file, e.line, e.method) for e in f.linetable] == [("none", 2, "foo"), ("none", 3, "foo"),
                                                                  ("none", 5, "foo")]
    assert [s.loc for s in f.stmts] == [1, 1, 2, 2, 3]
    assert str(f.return_type) == "Union{Float64, Int64}"
    assert jlir.format(doc) == text
    assert jlir.format(from_json(json.loads(json.dumps(to_json(doc))))) == text


def test_the_2020_view_is_the_same_ir_as_julias_own_source_print():
    # the same function as Julia 1.5.3 prints it (`code_typed(foo, (Union{Char,Int,String},);
    # optimize=false, debuginfo=:source)`, the file renamed `none`): the same statements and line table
    julia = ("CodeInfo(\n    @ none:2 within `foo'\n1 ─ %1 = (a isa Main.Int)::Bool\n└──      goto #3 if not %1\n"
             "    @ none:3 within `foo'\n2 ─ %3 = Main.sin(a::Int64)::Float64\n└──      return %3\n"
             "    @ none:5 within `foo'\n3 ─      return 0\n) => Union{Float64, Int64}")
    a = jlir.parse(CORPUS_0092.read_text(encoding="utf-8")).items[0]
    b = jlir.parse(julia).items[0]
    assert a.ir == b.ir
    assert format_function(a.replace(envelope=None, title=None)) == julia


@pytest.mark.parametrize("edit, line", [
    (lambda t: t.replace("└\n @ none:3", " @ none:3"), 6),          # a later location without its `└`
    (lambda t: t.replace(" @ none:2 within 'foo'\n", "└\n @ none:2 within 'foo'\n"), 3),  # a `└` before the first
    (lambda t: t.replace(" @ none:3 within 'foo'", "  ┌ @ none:3 within 'foo'"), 6),  # an inlined frame: its `└` closes nothing
    (lambda t: t.replace("3 ─      return 0\n)", "3 ─      return 0\n"), 13),   # no closing `)`
])
def test_a_2020_view_off_its_layout_is_a_located_error(edit, line):
    text = edit(CORPUS_0092.read_text(encoding="utf-8"))
    with pytest.raises(jlir.ParseError) as e:
        jlir.parse(text, "bad.txt")
    assert e.value.line == line, e.value.render()


def test_a_source_view_reads_its_location_lines_as_the_line_table():
    _, doc = read("cthulhu-foo-opt-source-nowarn-nocost-types.txt")
    f = doc.items[0]
    assert f.envelope == "cthulhu" and f.form is Form.TYPED
    methods = {e.method for e in f.linetable}
    assert {"foo", "Box", "+"} <= methods
    assert [e.line for e in f.linetable if e.method == "foo"] == [2, 3, 4, 6, 7, 8]
    # Cthulhu's test normalises Base's line numbers away (`@ boot.jl: within `Box``): read as file `boot.jl:`
    assert [(e.file, e.line, e.inlined_at) for e in f.linetable if e.method == "Box"] == [("boot.jl:", 0, 1)]
    _, none = read("cthulhu-foo-opt-none-nowarn-nocost-types.txt")
    assert [s.node for s in f.stmts] == [s.node for s in none.items[0].stmts]


def test_a_source_views_costs_stand_after_the_rail_and_a_blank_on_every_line():
    text, doc = read("cthulhu-foo-opt-source-nowarn-cost-types.txt")
    f = doc.items[0]
    _, none = read("cthulhu-foo-opt-none-nowarn-cost-types.txt")
    assert f.costs == none.items[0].costs and f.linetable
    _, plain = read("cthulhu-foo-opt-source-nowarn-nocost-types.txt")
    assert f.ir == plain.items[0].ir
    lines = text.split("\n")
    assert lines[1] == " " * 11 + "@ IRShowSandbox.jl:2 within `foo`"  # the rail, 5 + 1 blanks, Base's ` @`


def test_the_source_warn_view_with_costs_reads_as_warntype():
    _, doc = read("cthulhu-foo-opt-source-warn-cost-types.txt")
    f = doc.items[0]
    assert f.form is Form.WARNTYPE and f.envelope == "cthulhu" and f.costs[9] == 1000 and f.linetable


def test_the_unoptimized_views_keep_variables_and_header_as_envelope():
    _, doc = read("cthulhu-foo-unopt-source-nowarn-nocost-types.txt")
    f = doc.items[0]
    assert f.envelope == "cthulhu" and f.form is Form.TYPED and len(f.stmts) == 32
    assert f.title.startswith("Variables\n  #self#::") and f.title.endswith("\n\n∘ ─ %0 = invoke foo(::Int64,::Int64)::Any")
    assert str(f.return_type) == "Any" and f.linetable
    _, warn = read("cthulhu-foo-unopt-source-warn-nocost-types.txt")
    w = warn.items[0]
    assert w.form is Form.WARNTYPE and w.envelope == "cthulhu" and w.header.sections[0][0] == "Variables"
    assert [s.node for s in w.stmts] == [s.node for s in f.stmts] and w.linetable == f.linetable


def test_the_compact_view_reads_as_ircode_with_its_inlining_gutter():
    text, doc = read("cthulhu-foo-opt-compact-nowarn-nocost-notypes.txt")
    f = doc.items[0]
    assert f.envelope == "cthulhu" and f.form is Form.IRCODE and f.screen is not None
    assert f.title == "    ∘ ── %0 = invoke foo(::Int64,::Int64)::Any"
    assert {"Box", "+"} <= {e.method for e in f.linetable}
    _, none = read("cthulhu-foo-opt-none-nowarn-nocost-notypes.txt")
    assert [s.node for s in f.stmts] == [s.node for s in none.items[0].stmts]
    assert text.endswith("\n    ")  # IRCode's line of blanks, no newline after it


@pytest.mark.parametrize("name, line", [("excerpt-cthulhu-foo-opt-source-nowarn-hide-nocost-types.txt", 4),
                                        ("excerpt-cthulhu-foo-opt-compact-nowarn-hide-nocost-types.txt", 2)])
def test_a_view_that_hides_type_stable_statements_is_refused_as_an_excerpt(name, line):
    text = (DATA / "refused" / name).read_text(encoding="utf-8")
    with pytest.raises(jlir.ParseError) as e:
        jlir.parse(text, name)
    assert e.value.line == line and "hide_type_stable" in e.value.message


def test_the_compact_warn_view_with_costs_reads_each_cost_after_its_moving_rail():
    # the gutter ends at a different column on each row (`│╻ Box2 `, `││  `, `│ 3 `), the cost follows the rail
    _, doc = read("cthulhu-foo-opt-compact-warn-cost-types.txt")
    f = doc.items[0]
    assert f.envelope == "cthulhu" and f.form is Form.IRCODE and f.title == "Body::Any"
    assert f.return_type == T.TypeName(("Any",)) and f.screen is not None
    _, none = read("cthulhu-foo-opt-none-nowarn-cost-types.txt")  # the same costs as the `:none` view's
    assert f.costs == none.items[0].costs and f.costs[9] == 1000 and f.costs[19] == 20


def test_the_compact_view_with_and_without_costs_is_the_same_ir():
    _, a = read("cthulhu-foo-opt-compact-warn-cost-notypes.txt")
    _, b = read("cthulhu-foo-opt-compact-nowarn-nocost-notypes.txt")
    assert a.items[0].ir == b.items[0].ir
    assert format_function(a.items[0].replace(costs=None, title=b.items[0].title)) == \
        (DATA / "cthulhu-foo-opt-compact-nowarn-nocost-notypes.txt").read_text(encoding="utf-8")


def test_a_compact_cost_out_of_its_column_is_a_located_error():
    text, _ = read("cthulhu-foo-opt-compact-warn-cost-types.txt")
    lines = text.split("\n")
    lines[5] = lines[5].replace("│ 3 │       1 %5", "│ 3 │     x 1 %5")
    with pytest.raises(jlir.ParseError) as e:
        jlir.parse("\n".join(lines), "bad.txt")
    assert e.value.line == 6 and "cost" in e.value.message