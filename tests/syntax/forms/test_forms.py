"""The less common printed forms: statement costs, 1.0 gutters, statement vectors, foreign texts.

Expected values are read off the real dumps of the corpus (fixtures/corpus,
see its index.jsonl) or off Julia's own documentation of its printer, never
off jlir's output.
"""
from __future__ import annotations

import dataclasses
import json

import pytest

import jlir
from conftest import CORPUS, corpus_records
from jlir.geometry.lineinfo import line_annotations
from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ir.function import Form, Screen, StatementVector
from jlir.printer.function import cost_column


def corpus(name: str) -> str:
    return (CORPUS / name).read_text(encoding="utf-8")


def roundtrips(text: str) -> bool:
    return jlir.format(jlir.parse(text)) == text


def only_function(text: str):
    doc = jlir.parse(text)
    assert len(doc.items) == 1
    return doc.items[0]


# ---------------------------------------------------------------------------- 1. print_statement_costs
@pytest.mark.parametrize("name", ["0050.txt", "0067.txt"])
def test_statement_cost_display_roundtrips(name):
    assert roundtrips(corpus(name))


def test_statement_cost_display_model():
    f = only_function(corpus("0050.txt"))
    assert f.title == "map(f, t::Tuple{Any}) @ Base tuple.jl:358"
    # the cost column of the dump, statement by statement
    assert f.costs == (0, 0, 1, 0, 0, 0, 0, 20, 0, 0, 0, 0)
    assert f.form is Form.TYPED and f.return_type is None
    assert [b.first for b in f.blocks] == [1, 6, 8, 10, 11]
    assert f.positional[2].label == "intrinsic" and f.positional[1].label == "builtin"
    # the doc block dropped the blank cost-column row that Julia 1.7+'s show_ir ends with
    assert f.tail_dropped


def test_cost_column_is_right_aligned_to_the_largest_cost():
    # "  0 1 ─ …" and " 20 3 ─ …" in 0050: ndigits(20) + 1 columns, then a blank
    assert cost_column((0, 20, 1)) == ["  0 ", " 20 ", "  1 "]
    assert cost_column((0, 0)) == [" 0 ", " 0 "]  # ndigits(0) == 1


def test_statement_cost_display_tail_row():
    # Julia's finish_show_ir calls the cost printer once more with idx 0: `" "^(nd+1), " "`, then println
    f = only_function(corpus("0050.txt"))
    text = jlir.format(f.replace(tail_dropped=False))
    assert text.split("\n")[-1] == " " * 4
    assert text.split("\n")[:-1] == corpus("0050.txt").rstrip("\n").split("\n")


# ---------------------------------------------------------------------------- 2. Julia 1.0 layouts
def repaired_0037() -> str:
    """0037 with its two post-render edits undone (see tests/known_failures.json): the dump Julia 1.0 printed."""
    lines = corpus("0037.txt").split("\n")
    assert lines[22].startswith("  5 10 ─ %22 = (Main.is_na)(x)::Any")
    lines[22] = lines[22][2:]
    assert lines[37].endswith("││╻    == ")
    lines[37] = lines[37].rstrip(" ")
    return "\n".join(lines)


def test_1_0_code_typed_with_right_gutter_roundtrips_once_repaired():
    text = repaired_0037()
    assert roundtrips(text)
    # every other row is reproduced unchanged
    original = corpus("0037.txt").split("\n")
    printed = jlir.format(jlir.parse(text)).split("\n")
    assert [i for i, (a, b) in enumerate(zip(original, printed)) if a != b] == [22, 37]


def test_1_0_code_typed_as_published_is_refused_at_the_shifted_row():
    with pytest.raises(jlir.ParseError) as e:
        jlir.parse(corpus("0037.txt"))
    assert e.value.line == 23


def test_1_0_gutter_model():
    f = only_function(repaired_0037())
    # the gutter starts at terminal column 64 = 80 - widest method (`  isempty`, 9) - widest annotation (5) - 2
    assert f.screen == Screen("screen", 80, False)
    anns = line_annotations(f.linetable, [s.loc for s in f.positional], by_index=True)
    assert (anns[0].annotation, anns[0].method, anns[0].lineno) == ("│╻╷╷", " Colon", "3")
    assert (anns[1].annotation, anns[1].method) == ("││╻╷╷", "  isempty")
    assert (anns[13].annotation, anns[13].method, anns[13].lineno) == ("│╻", " getindex", "4")
    assert [a.lineno for a in anns if a.lineno] == ["3", "4", "5", "6", "9"]
    # the names the gutter shows are the methods of the rebuilt line table
    assert {e.method for e in f.linetable} >= {"Colon", "isempty", "getindex", "==", "Type", "!", "+", "iterate"}


def test_1_0_code_info_counts_no_conditional_branch_edges():
    # `goto #17 if not %33` ends block 15 and block 16 falls through to 17, yet Julia 1.0 printed `17 ─`
    printed = jlir.format(jlir.parse(repaired_0037())).split("\n")
    assert "  17 ─ %36 = φ (#16 => %35, #15 => %11)::Int64                 │    " in printed
    # … while unconditional gotos do count: block 9 (`goto #9` from 7, fall-through from 8) is a merge
    assert "  9 ┄─       goto #10                                          ││   " in printed


def test_1_0_code_lowered_with_right_gutter_roundtrips_once_repaired():
    lines = corpus("0036.txt").split("\n")
    assert lines[25].startswith("5 ─       goto #2")
    lines[25] = "  " + lines[25]
    text = "\n".join(lines)
    assert roundtrips(text)
    f = only_function(text)
    assert f.form is Form.LOWERED and f.screen == Screen("screen", 80, False)
    assert [e.line for e in f.linetable] == [2, 3, 4, 5, 6, 9]


@pytest.mark.parametrize("name", ["0038.txt", "0040.txt"])
def test_1_0_code_warntype_with_stream_gutter_roundtrips(name):
    assert roundtrips(corpus(name))
    f = only_function(corpus(name))
    assert f.form is Form.WARNTYPE and f.screen == Screen("stream", None, False)


# ---------------------------------------------------------------------------- 3. statement vectors
def test_statement_vector_roundtrips():
    assert roundtrips(corpus("0133.txt"))


def test_statement_vector_model():
    v = jlir.parse(corpus("0133.txt")).items[0]
    assert isinstance(v, StatementVector)
    assert v.header == "16-element Vector{Any}" and len(v.stmts) == 16
    # `:(unless %5 goto %16)`: a ≤1.5 Expr(:gotoifnot), shown
    assert v.stmts[5] == T.TypeQuote(N.Expr("gotoifnot", (V.SSAValue(5), V.Literal("16", "int"))))
    assert v.stmts[14] == T.TypeQuote(N.GotoNode(7))
    assert v.stmts[15] == T.TypeQuote(N.ReturnNode(V.Argument(3)))


def test_statement_vector_count_must_match_header():
    text = "3-element Vector{Any}:\n :(_2)\n :(return _2)\n"
    with pytest.raises(jlir.ParseError) as e:
        jlir.parse(text)
    assert "announces 3 elements" in e.value.message


# ---------------------------------------------------------------------------- 5. 1.12 IRCode with a right gutter
def restored_0068() -> str:
    """0068 with IRCode's line-number column (one blank: no line info) that the comment it was pasted into lost."""
    return "".join(" " + row + "\n" for row in corpus("0068.txt").split("\n")[:-1])


def test_1_12_ircode_with_gutter_and_pending_nodes_roundtrips_once_restored():
    text = restored_0068()
    assert roundtrips(text)
    f = only_function(text)
    # `│` at column 81 = 84 - widest method (0) - widest annotation (1) - 2; rows without it were trimmed
    assert f.screen == Screen("screen", 84, True)
    assert f.style.lo >= (1, 12)  # the call labels
    assert f.tail_dropped  # nor did the comment keep Julia's final blank row


def test_1_12_ircode_pending_nodes_read_off_the_gutter():
    # the source (Compiler/test/EscapeAnalysis.jl) builds this IR: 6 statements, then insert_node! of
    # 7 (setfield!, before 4), 8 (goto #3, attach_after 4), 9 (getfield, before 6), 10 (return %9, attach_after 6);
    # rows without a gutter are not the first row of a print group
    f = only_function(corpus("0068.txt"))
    got = [(s.new_id, s.attach_after, type(s.node).__name__) for s in f.stmts]
    assert got == [(None, False, "Expr"), (None, False, "Expr"), (None, False, "GotoIfNot"), (7, False, "Expr"),
                   (None, False, "Literal"), (8, True, "GotoNode"), (None, False, "Expr"), (9, False, "Expr"),
                   (None, False, "Literal"), (10, True, "ReturnNode")]
    assert [(b.first, b.last) for b in f.blocks] == [(1, 3), (4, 4), (5, 6)]
    # the rows as published, but for the line-number column Julia prints
    rows = jlir.format(f).split("\n")
    assert rows[4:6] == [" │        nothing::Any", " └──      goto #3"]
    assert [r[1:].rstrip("│ ") for r in rows] == [r.rstrip("│ ") for r in corpus("0068.txt").split("\n")[:-1]]


# ---------------------------------------------------------------------------- 6. foreign texts
FOREIGN = {r["file"]: r for r in corpus_records() if r["scope"] == "foreign"}
WHAT = {"0022.txt": "pre-0.7", "0023.txt": "pre-0.7", "0024.txt": "pre-0.7", "0025.txt": "IRTools",
        "0054.txt": "structured-IR", "0055.txt": "structured-IR", "0097.txt": "Tapir"}


def test_every_foreign_dump_is_named_here():
    assert set(FOREIGN) == set(WHAT)


@pytest.mark.parametrize("name", sorted(WHAT))
def test_foreign_dump_is_refused_with_what_it_looks_like(name):
    with pytest.raises(jlir.ParseError) as e:
        jlir.parse(corpus(name), name)
    assert e.value.message.startswith("not Julia SSA IR that jlir knows")
    assert WHAT[name] in e.value.message
    assert e.value.file == name and e.value.line >= 1


# ---------------------------------------------------------------------------- the new model items as JSON
@pytest.mark.parametrize("text", [corpus("0050.txt"), corpus("0133.txt"), corpus("0038.txt"), repaired_0037()],
                         ids=["costs", "stmt-vector", "stream-gutter", "screen-gutter"])
def test_new_forms_survive_json(text):
    doc = jlir.parse(text)
    back = jlir.from_json(json.loads(json.dumps(jlir.to_json(doc))))
    assert back == doc and jlir.format(back) == text


# ---------------------------------------------------------------------------- 7. extra scope: code_escapes
ESCAPES = ["0027.txt", "0028.txt", "0029.txt", "0031.txt", "0032.txt", "0052.txt", "0071.txt", "0072.txt", "0073.txt",
           "0075.txt", "0076.txt", "0098.txt", "0100.txt", "0101.txt", "0102.txt", "0104.txt"]


@pytest.mark.parametrize("name", ESCAPES)
def test_escape_analysis_display_roundtrips(name):
    assert roundtrips(corpus(name))


def test_escape_analysis_display_model():
    f = only_function(corpus("0071.txt"))
    assert f.title == "#3(↑ s::String) in Main at REPL[1]:2"
    assert f.escapes == ("↑′", "◌") and f.form is Form.IRCODE and f.screen is None
    g = only_function(corpus("0027.txt"))  # 1.8-era, debuginfo=:source: line numbers, escapes, gutter
    assert g.escapes == ("↑", "◌")
    anns = line_annotations(g.linetable, [s.loc for s in g.positional], by_index=True)
    assert [(a.lineno, a.annotation, a.method) for a in anns] == [("2", "│╻╷╷", " Ref"), ("3", "│", "")]
