"""Julia 0.7-DEV's IR print, read as a style of its own and printed back in its rules.

The rules come from 0.7-DEV's `base/compiler/ssair/show.jl` (two revisions of early to mid 2018, read through
the code search: the first prints `println(io, "Code")` and no line-number column; the later one adds the
line-number column and `argnames`, and drops the title).  Both print:

* an argument with `print_ssa`: `"%%$(val.n)"`, or `"%%$(argnames[val.n])"` when names are given;
* `GotoIfNot` as `print(io, "goto ", stmt.dest, " if not ")`, a `GotoNode` with `print` (`goto 6`),
  a φ edge as `"$e => $v"`, and every other Expr (`:enter` included) with `print`: `$(Expr(:enter, 5))`;
* a `:call` as `print_ssa(args[1])`, `(`, the arguments, `)`: never infix;
* `::T` only when `should_print_ssa_type(stmt) && idx in used`.

Corpus 0007 (a 2018-04 GitHub comment) and 0034 (the 1.0-era performance-tips page) are real prints of those two
revisions; 0001 is a hand-edited devdocs block of the first.
"""
from __future__ import annotations

import dataclasses
import warnings

import pytest

import jlir
from conftest import CORPUS, FIXTURES
from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ir.style import Style
from jlir.printer.exprs import ExprPrinter
from jlir.syntax.lenient.reader import LenientNote

DEV = Style.for_version("0.7")
V15 = Style.for_version("1.5")


def _read(name: str):
    text = (CORPUS / name).read_text("utf-8")
    return text, jlir.parse(text)


def test_0007_reads_strictly_as_0_7_dev_and_prints_back_byte_for_byte():
    text, doc = _read("0007.txt")
    (f,) = doc.items
    assert f.style.family == "0.7-DEV" and f.form.value == "ircode" and f.title == "Code"
    assert jlir.format(doc) == text
    phi = f.stmt(3).node  # `%3 = φ (1 => %%3, 3 => %7)::Int64`
    assert phi.edges == (1, 3) and phi.values == (V.Argument(3), V.SSAValue(7))
    assert f.stmt(5).node == N.GotoIfNot(V.SSAValue(4), 4) and f.stmt(8).node == N.GotoNode(2)


def test_0034_reads_strictly_as_0_7_dev_warntype_and_prints_back():
    text, doc = _read("0034.txt")
    (f,) = doc.items
    assert f.style.family == "0.7-DEV" and f.form.value == "warntype"
    assert jlir.format(doc) == text
    invoke = f.stmt(1).node  # `invoke Main.pos(%%x::Float64)::UNION{FLOAT64, INT64}`
    assert invoke.args[2] == V.NamedArgument("x")
    # the type as written: Julia's `Base.emphasize` upper-cases a non-concrete type when printing without colour
    assert f.stmt(1).type == T.TypeHighlighted("UNION{FLOAT64, INT64}")


def test_julia_1_5_3_itself_prints_upper_case_types_without_colour():
    """Why 0034's `UNION{FLOAT64, INT64}` is Julia's text, not the docs' edit: 1.5.3's warntype fixtures show it."""
    text = (FIXTURES / "julia-1.5.3" / "arrays.warntype.txt").read_text("utf-8")
    assert "::UNION{NOTHING, TUPLE{INT64,INT64}}" in text


def test_0001_reads_leniently_with_its_two_hand_edits_noted():
    from jlir.syntax.reading import read_document
    text = (CORPUS / "0001.txt").read_text("utf-8")
    repaired: list = []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", LenientNote)
        doc = read_document(text, "0001.txt", lenient=True, repaired_out=repaired)
    notes = [str(w.message) for w in caught if isinstance(w.message, LenientNote)]
    assert notes == ["0001.txt:1: note: stripped `ir =` before 0.7-DEV's `Code` title",
                     "0001.txt:17: note: not exactly Julia's print: jlir prints Julia's "
                     "`│         Core.tuple(%14, %13)` (and 1 more line(s))"]
    (f,) = doc.items
    assert f.style.family == "0.7-DEV" and f.stmt(2).node == N.EnterNode(5)
    printed = jlir.format(doc).split("\n")
    assert printed[0] == "Code" and printed[2] == "2 ─       $(Expr(:enter, 5))"
    # the hand edit `return %17` is kept; the verifier names it
    assert f.stmt(17).node == N.ReturnNode(V.SSAValue(17))
    errors = [d for d in jlir.analysis.verify(f) if d.severity == "error"]
    assert [d.kind for d in errors] == ["use-before-def"]


def test_0001_strictly_is_refused_with_the_cause_and_the_lenient_hint():
    with pytest.raises(jlir.ParseError) as e:
        jlir.parse((CORPUS / "0001.txt").read_text("utf-8"), filename="0001.txt")
    assert e.value.line == 1 and "`Code` title" in e.value.message and "--lenient" in e.value.render()


@pytest.mark.parametrize("node, dev, later", [
    (N.GotoNode(6), "goto 6", "goto #6"),
    (N.GotoIfNot(V.SSAValue(2), 3), "goto 3 if not %2", "goto #3 if not %2"),
    (N.PhiNode((4, 5), (V.Literal("2", "int"), V.SSAValue(10))), "φ (4 => 2, 5 => %10)", "φ (#4 => 2, #5 => %10)"),
    (N.PhiNode((4,), (None,)), "φ (4 => #undef)", "φ (#4 => #undef)"),
    (N.EnterNode(5), "$(Expr(:enter, 5))", "$(Expr(:enter, #5))"),
    (V.Argument(2), "%%2", "_2"),
    (V.NamedArgument("x"), "%%x", "x"),
])
def test_each_0_7_dev_construct_prints_by_its_printers_rule(node, dev, later):
    assert ExprPrinter(DEV).unquoted(node) == dev
    assert ExprPrinter(V15).unquoted(node) == later


def test_0_7_dev_prints_every_call_prefix_and_globalref_callees_bare():
    isa = N.Expr("call", (V.GlobalRef(None, "isa"), V.SSAValue(1), T.TypeName(("Float64",))))
    times = N.Expr("call", (V.GlobalRef(None, "*"), V.SSAValue(1), V.Argument(2)))
    gt = N.Expr("call", (V.GlobalRef("Main", ">"), V.SSAValue(3), V.Literal("0", "int")))
    assert [ExprPrinter(DEV).unquoted(e) for e in (isa, times, gt)] == ["isa(%1, Float64)", "*(%1, %%2)", "Main.:>(%3, 0)"]
    assert [ExprPrinter(V15).unquoted(e) for e in (isa, times)] == ["%1 isa Float64", "%1 * _2"]
    assert ExprPrinter(Style.for_version("1.0")).unquoted(gt) == "(Main.:>)(%3, 0)"


DEV_IRCODE = """Code
1 ─      nothing
2 ┄ %2 = φ (1 => 1, 3 => %4)::Int64
│        Main.g(%2)
│   %4 = Main.h(%2)::Int64
└──      goto 2"""


def test_0_7_dev_ircode_types_used_values_only_and_has_no_line_number_column():
    doc = jlir.parse(DEV_IRCODE)
    assert jlir.format(doc) == DEV_IRCODE
    (f,) = doc.items
    # the unused `Main.g(%2)` printed no type; in 1.x's IRCode every statement shows one
    typed = f.replace(stmts=tuple(s if k != 2 else dataclasses.replace(s, type=T.TypeName(("Any",)))
                                  for k, s in enumerate(f.stmts)))
    assert "│        Main.g(%2)\n" in jlir.format(typed)
    later = jlir.format(f.replace(style=V15, title=None)).split("\n")
    assert later[0] == " 1 ─      nothing"  # 1.5: the line-number column, `#` block numbers
    assert later[1] == " 2 ┄ %2 = φ (#1 => 1, #3 => %4)::Int64"


def test_a_code_title_over_a_1_x_body_is_refused():
    text = DEV_IRCODE.replace("goto 2", "goto #2").replace("(1 => 1, 3 => %4)", "(#1 => 1, #3 => %4)")
    with pytest.raises(jlir.ParseError) as e:
        jlir.parse(text)
    assert e.value.line == 1 and "0.7-DEV" in e.value.message


def test_1_x_text_never_detects_as_0_7_dev():
    text = (FIXTURES / "julia-1.5.3" / "nested_try.warntype.txt").read_text("utf-8")
    assert all(f.style.family != "0.7-DEV" for f in jlir.parse(text).items)


def test_the_0_7_0_release_is_1_0s_printer_and_only_0_7_dev_is_its_own():
    assert Style.for_version("0.7").family == Style.for_version("0.7.0-DEV.4800").family == "0.7-DEV"
    assert Style.for_version("0.7.0") == Style.for_version("1.0")
