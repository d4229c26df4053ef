"""Excerpts (`--lenient`): elided statements and blocks, texts that start at block N, a cut last row.

The model holds what the text does not show as `Elided` statements (one per skipped number), prints the author's
marker back, and every analysis, pass, the interpreter and SSA conversion refuse it with one located message.
Checked on the corpus's real excerpts and on excerpts cut from Julia 1.5.3's own prints, whose shown statements
must be Julia's statements at the same numbers.
"""
from __future__ import annotations

import json
import re
import warnings
from pathlib import Path

import pytest

import jlir
from jlir import analysis as A
from jlir.html import render
from jlir.ir.excerpt import ExcerptError, elided_runs, excerpt_reason
from jlir.ir.nodes import Elided, PhiNode
from jlir.json import SchemaError
from jlir.syntax.errors import ParseError
from jlir.syntax.lenient.reader import LenientNote
from support.cli import run_jlir

ROOT = Path(__file__).resolve().parents[3]
CORPUS = ROOT / "fixtures" / "corpus"
JULIA = ROOT / "fixtures" / "julia-1.5.3"
EXCERPTS = ("0057", "0070", "0118", "0137", "0167", "0180", "0193")


def _lenient(text: str, name: str = "<input>"):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", LenientNote)
        doc = jlir.parse(text, name, lenient=True)
    return doc, [w.message for w in caught if isinstance(w.message, LenientNote)]


def _corpus(name: str):
    doc, notes = _lenient((CORPUS / f"{name}.txt").read_text("utf-8"), f"{name}.txt")
    return doc, jlir.functions(doc)[0], notes


def test_elided_numbers_stay_julias_numbers():
    # 0057: `...` after %2 and before `│    %18 = φ …`, blocks #2–#9 and #10's start not shown
    _, f, _ = _corpus("0057")
    assert [type(f.stmt(n).node) for n in (3, 17)] == [Elided, Elided]
    assert type(f.stmt(18).node) is PhiNode and f.stmt(18).node.edges == (9, 14)
    assert len(f.positional) == 35 and len(f.blocks) == 15  # `%34`, `15 ┄`: both widths print as in the text
    assert [(a, b, n.marker, n.line) for a, b, n in elided_runs(f.stmts)] == [(3, 17, "...", 4), (28, 29, "...", 15)]


def test_an_elided_statement_the_text_shows_used_stays_used():
    # 0057's `%26 = …` is read by nothing shown (its reader, %29, is elided): the run after it records the use
    _, f, _ = _corpus("0057")
    assert [u.id for u in f.stmt(28).node.uses] == [26]
    assert "│    %26 =" not in jlir.format(f) and "12 ─ %26 = " in jlir.format(f)


@pytest.mark.parametrize("name, block, first", [("0070", 2, "2 ─ %2 = enter #5"), ("0118", 5, "5 ──       goto #6")])
def test_an_excerpt_that_starts_at_block_n_prints_from_block_n(name, block, first):
    doc, f, notes = _corpus(name)
    assert jlir.format(doc).split("\n")[0].strip() == first  # (with the IRCode line-number column put back)
    (note,) = [n for n in notes if n.kind == "excerpt"]
    assert note.line == 1 and note.note.startswith(f"the text starts at block {block}")
    hidden = f.positional[:f.blocks[block - 1].first - 1]
    assert hidden and all(type(s.node) is Elided and s.node.marker == "" for s in hidden)


def test_a_truncated_last_row_is_kept_verbatim_and_not_guessed():
    doc, f, notes = _corpus("0180")
    last = f.positional[-1].node
    assert type(last) is Elided and last.shape == "truncated" and last.marker == "return %"
    assert jlir.format(doc).rstrip("\n").endswith("│   %3 = (%1 * %2)::Any\n└──      return %")
    assert [n.line for n in notes] == [12] and "cut short" in notes[0].note


def test_an_elided_expression_is_kept_in_its_row():
    doc, f, _ = _corpus("0167")
    node = f.stmt(14).node
    assert type(node) is Elided and node.shape == "inline" and node.marker == "(...)" and str(f.stmt(14).type) == "Int64"
    assert "│   %14 = (...)::Int64" in jlir.format(doc)


def test_an_elided_header_and_tail_print_back():
    doc, f, notes = _corpus("0137")
    text = (CORPUS / "0137.txt").read_text("utf-8")
    assert jlir.format(doc) == text
    assert f.positional[-1].node.shape == "rest" and [n.line for n in notes] == [1, 10]


# ---------------------------------------------------------------- refusals, one message at each entry point
REASON = "function is an excerpt: statements %3–%17 are elided (line 4); statements %28–%29 are elided (line 15)"


@pytest.mark.parametrize("analysis", ["cfg", "dominators", "loops", "def_use", "liveness", "stability", "to_dot"])
def test_analyses_refuse_an_excerpt_with_the_located_message(analysis):
    _, f, _ = _corpus("0057")
    with pytest.raises(ExcerptError) as info:
        getattr(render if analysis == "to_dot" else A, analysis)(f)
    assert str(info.value) == REASON


def test_the_verifier_answers_an_excerpt_with_one_error():
    _, f, _ = _corpus("0057")
    (d,) = A.verify(f)
    assert d.severity == "error" and d.kind == "excerpt" and d.message == REASON and d.stmt == 3


def test_passes_interpreter_and_ssa_conversion_refuse_an_excerpt():
    from jlir.interp.runner import run as interpret
    from jlir.passes.registry import PassError, run
    from jlir.semantics.values import NotInterpretable
    from jlir.ssa import into_ssa
    from jlir.ssa.into_ssa import NotSlotForm
    from jlir.ssa.out_of_ssa import NotSSAForm, out_of_ssa
    _, f, _ = _corpus("0057")
    with pytest.raises(PassError, match=re.escape(REASON)):
        run(f, ["dce"])
    with pytest.raises(NotInterpretable, match=re.escape(REASON)):
        interpret(f, (1.0, 3))
    with pytest.raises(NotSSAForm, match=re.escape(REASON)):
        out_of_ssa(f)
    _, lowered, _ = _corpus("0193")
    with pytest.raises(NotSlotForm, match=re.escape("statements %14–%35 are elided (line 16)")):
        into_ssa(lowered)


@pytest.mark.parametrize("verb, status", [("verify", 1), ("analyze", 2), ("cfg", 2), ("loops", 2)])
def test_cli_says_an_excerpt_cannot_be_analysed_not_a_bug(verb, status):
    run = run_jlir(verb, "--lenient", CORPUS / "0057.txt", text=True)
    assert run.returncode == status
    out = run.stdout + run.stderr
    assert "function is an excerpt: statements %3–%17 are elided (line 4)" in out
    assert "jlir bug" not in out and "Traceback" not in out


def test_a_whole_function_is_no_excerpt():
    f = jlir.functions(jlir.parse((JULIA / "while_swap.typed.txt").read_text("utf-8")))[0]
    assert excerpt_reason(f) is None and A.verify(f) == []


# ---------------------------------------------------------------- JSON and strict reading
def _function_data(data: dict) -> dict:
    """The first function object in `to_json` data (a document's items may be vector displays)."""
    item = data["document"]["items"][0]
    while "stmts" not in item:
        item = item["items"][0]
    return item


@pytest.mark.parametrize("name", EXCERPTS)
def test_an_excerpt_round_trips_through_json(name):
    doc, _, _ = _corpus(name)
    data = json.loads(json.dumps(jlir.to_json(doc)))
    assert any(s["node"]["kind"] == "Elided" for s in _function_data(data)["stmts"])
    back = jlir.from_json(data)
    assert back == doc and jlir.format(back) == jlir.format(doc)


def test_json_refuses_a_malformed_elided_statement():
    doc, _, _ = _corpus("0057")
    data = jlir.to_json(doc)
    node = _function_data(data)["stmts"][2]["node"]
    node["shape"] = "gap"
    with pytest.raises(SchemaError, match=r"stmts\[2\]\.node\.shape: expected one of run, rest, inline, truncated"):
        jlir.from_json(data)
    node["shape"], node["merges"] = "run", [99]
    with pytest.raises(SchemaError, match=r"merges\[0\]: expected a block number \(1\.\.15\), got 99"):
        jlir.from_json(data)


@pytest.mark.parametrize("name, line", [("0057", 4), ("0137", 1), ("0167", 8), ("0193", 16), ("0070", 1),
                                        ("0118", 1), ("0180", 12)])
def test_strict_reading_refuses_an_excerpt_and_hints_lenient(name, line):
    with pytest.raises(ParseError) as info:
        jlir.parse((CORPUS / f"{name}.txt").read_text("utf-8"), name)
    e = info.value
    assert e.line == line and "excerpt" in e.message and "--lenient reads it as an excerpt" in e.render()


# ---------------------------------------------------------------- excerpts cut from Julia 1.5.3's own prints
_ROW = re.compile(r"^\s*\d*\s*(\d+ [─┄]|│|└)")
_NUMBERED = re.compile(r"(\d+ [─┄]+|│|└─+) +%\d+ +=")
# An IRCode line number printed only where it changes: after a cut, the first row's number may equal the last one
# shown before the cut, and jlir (which cannot know the elided rows' lines) prints it blank; and the line column
# is as wide as the widest line number, which may be one of the elided rows' (dict_tally: line 10 is cut out).
_LINE_COLUMN_UNKNOWN = {"exceptions.ircode.txt", "struct_return.ircode.txt", "dict_tally.ircode.txt"}


def _cut_cases():
    out = []
    for path in sorted(JULIA.glob("*.txt")):
        if not re.search(r"\.(typed|lowered|ircode|typed-unoptimized|warntype)\.txt$", path.name):
            continue
        text = path.read_text("utf-8")
        lines = text.split("\n")
        rows = [k for k, l in enumerate(lines) if _ROW.match(l)]
        if " @ " in text or len(rows) < 9:
            continue
        lo = rows[len(rows) // 3]
        hi = next((k for k in rows if k >= rows[2 * len(rows) // 3] and _NUMBERED.search(lines[k])), None)
        if hi is not None and lo > rows[0]:
            out.append((path.name, text, "\n".join(lines[:lo] + ["..."] + lines[hi:])))
    return out


CUTS = _cut_cases()


def test_excerpts_cut_from_julias_prints_keep_julias_statements_at_their_numbers():
    assert len(CUTS) > 250
    printed_back = 0
    for name, whole, cut in CUTS:
        julia = jlir.functions(jlir.parse(whole))[0]
        doc, notes = _lenient(cut, name)
        f = jlir.functions(doc)[0]
        assert {n.kind for n in notes} - {"normalised"} == {"elided"}, name
        assert len(f.positional) == len(julia.positional), name
        for n in range(1, len(f.positional) + 1):
            s = f.stmt(n)
            assert type(s.node) is Elided or (s.node, s.type) == (julia.stmt(n).node, julia.stmt(n).type), (name, n)
        # blocks: at least what the text shows (branch targets, rail width), never more than Julia's
        assert len(f.blocks) <= len(julia.blocks), name
        if jlir.format(doc) == cut:
            printed_back += 1
        else:
            assert name in _LINE_COLUMN_UNKNOWN, name
    assert printed_back == len(CUTS) - len(_LINE_COLUMN_UNKNOWN)


def test_an_excerpt_cut_at_its_start_reads_from_its_first_shown_block():
    text = (JULIA / "while_swap.typed.txt").read_text("utf-8")
    lines = text.split("\n")
    k = next(i for i, l in enumerate(lines) if l.startswith("3 "))
    doc, notes = _lenient("\n".join(lines[:1] + lines[k:]))
    f, julia = jlir.functions(doc)[0], jlir.functions(jlir.parse(text))[0]
    assert jlir.format(doc) == "\n".join(lines[:1] + lines[k:])
    assert [n.note.split(":")[0] for n in notes] == ["the text starts at block 3 (statement %" + str(julia.blocks[2].first) + ")"]
    assert all(f.stmt(n) == julia.stmt(n) for n in range(julia.blocks[2].first, len(julia.positional) + 1))


def test_an_excerpt_pasted_with_a_prompt_and_crlf_keeps_its_vertical_ellipsis():
    text = (JULIA / "while_swap.typed.txt").read_text("utf-8")
    lines = text.split("\n")
    excerpt = "\n".join(lines[:3] + ["│   ⋮"] + lines[6:])
    pasted = ("julia> @code_typed swap(1, 2)\n" + excerpt).replace("\n", "\r\n")
    doc, notes = _lenient(pasted, "paste.txt")
    assert jlir.format(doc) == excerpt
    assert {n.kind for n in notes} == {"crlf", "prompt", "elided"}
    (elided,) = [n for n in notes if n.kind == "elided"]
    assert elided.line == 5 and "statements %3–%5" in elided.note and "block #2" in elided.note
    f = jlir.functions(doc)[0]
    assert excerpt_reason(f) == "function is an excerpt: statements %3–%5 are elided (line 5)"


def test_diff_reads_excerpts_with_lenient_and_pairs_the_shown_statements():
    a = str(CORPUS / "0193.txt")
    same = run_jlir("diff", "--lenient", a, a, text=True)
    assert same.returncode == 0 and "identical" in same.stdout
    strict = run_jlir("diff", a, a, text=True)
    assert strict.returncode == 2 and "--lenient" in strict.stderr
