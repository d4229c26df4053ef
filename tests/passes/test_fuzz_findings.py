"""What the second half's fuzzer found (`scripts/check/fuzz_passes.py --n 3000 --seed 1`), each reproduced here.

Each input is a real print of Julia's (`fixtures/`) with the one edit a mutation made; before, each read, went
through a pass and printed text that did not read back as itself.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import jlir
from jlir import passes
from jlir.ir import values as V
from jlir.ir.function import Form
from jlir.json import same_reading

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def _text(name: str) -> str:
    return (FIXTURES / name).read_text()


def _reads_back_as_itself(out) -> bool:
    text = jlir.format(out)
    again = jlir.functions(jlir.parse(text))[0]
    return jlir.format(again) == text and same_reading(out, again)


def test_a_lowered_line_given_a_type_is_refused_where_typed_code_would_print_its_neighbours_otherwise():
    """One `::` in a lowered print made it typed code, whose untyped statements print in parentheses (as before a
    `::T`); it was read, printed otherwise, and `dce`, dropping that one typed statement, made it read as lowered."""
    text = _text("julia-1.5.3/base_quicksort.lowered-source.txt")
    edited = text.replace("│          Base.Sort.sort!(v, %22, %23, a, o)", "│          Base.Sort.so::rt!(v, %22, %23, a, o)")
    assert edited != text
    with pytest.raises(jlir.ParseError) as e:
        jlir.parse(edited)
    assert e.value.line == 3 and "parentheses" in e.value.message


def test_typed_code_read_as_it_prints_is_not_refused():
    fn = jlir.functions(jlir.parse(_text("julia-1.5.3/base_quicksort.typed-unoptimized.txt")))[0]
    assert fn.form is Form.TYPED


def test_an_operator_function_as_a_phi_value_goes_through_out_of_ssa_and_reads_back():
    """`φ (#1 => %, …)` reads (an operator function, shown bare, as in a `return`); out-of-ssa assigns it to the φ's
    slot, `phi_4 = %`, which did not read."""
    text = _text("julia-1.5.3/while_swap.ircode-noline.txt").replace("φ (#1 => %2,", "φ (#1 => %,")
    fn = jlir.functions(jlir.parse(text))[0]
    assert V.GlobalRef(None, "%") in fn.stmts[3].node.values
    out = passes.run(fn, ["out-of-ssa"])
    assert "= %)" in jlir.format(out)
    assert _reads_back_as_itself(out)


@pytest.mark.parametrize("op", ["%", "==", "+", "=>"])
def test_an_operator_function_assigned_reads_as_a_value(op):
    fn = jlir.functions(jlir.parse(f"CodeInfo(\n1 ─     x = {op}\n└──     return x\n)\n"))[0]
    assert fn.stmts[0].node.args[1] == V.GlobalRef(None, op)


def test_out_of_ssa_of_a_gutter_capture_prints_a_codeinfo_without_gutter_or_placeholder_locations():
    """An IRCode's gutter is reprinted by a table rebuilt with placeholder names (`@  within ```): a CodeInfo would
    print it as location lines, and the gutter beside them.  Julia's corpus dump 0032 (code_escapes, coloured)."""
    fn = jlir.functions(jlir.parse(_text("corpus/0032.txt")))[0]
    assert fn.screen is not None
    out = passes.run(fn, ["out-of-ssa"])
    assert out.screen is None and out.linetable == ()
    assert "within" not in jlir.format(out)
    assert _reads_back_as_itself(out)


@pytest.mark.parametrize("pass_name", ["dce", "simplify-cfg"])
def test_a_pass_whose_gutter_would_name_a_frame_of_unknown_method_prints_the_line_column_only(pass_name):
    """Corpus 0032 without its `sizeof` statements: the gutter would name, on another line, a frame it never named
    (no table can reprint a `╻` without a name); the IRCode prints its line-number column."""
    fn = jlir.functions(jlir.parse(_text("corpus/0032.txt")))[0]
    out = passes.run(fn, [pass_name])
    assert out.screen is None and out.linetable
    assert _reads_back_as_itself(out)
    assert out.style.hi == (1, 6) and not out.tail_dropped  # a plain IRCode without its tail: 1.6's, as it reads


def test_a_pass_that_keeps_a_gutter_printable_keeps_it():
    """Corpus 0032 (an escape-analysis view with a `try`): `compact` drops its `nothing`s, so the per-statement
    escape column goes, but the line numbers of the statements it keeps still print and read back."""
    fn = jlir.functions(jlir.parse(_text("corpus/0032.txt")))[0]
    out = passes.run(fn, ["compact"])
    text = jlir.format(out)
    assert text.startswith("2  1 ── %1  = %new(Base.RefValue{String}, _2)")
    assert jlir.format(jlir.functions(jlir.parse(text))[0]) == text


def test_sccp_evaluates_a_statement_once_per_change_of_an_operand_however_often_it_names_it(monkeypatch):
    """A long line naming one value 10,000 times (`Base.slt_int(%3, %3, …)`): each change of `%3` queued its user
    once per mention, and each visit read every argument, so sccp took 45 s CPU on 80 KB (3 inputs over the
    fuzzer's limit)."""
    from jlir.passes import sccp
    text = _text("julia-1.5.3/struct_new.ircode.txt")
    edited = text.replace("Base.slt_int(%3, 0)", "Base.slt_int(" + "%3, " * 10_000 + "0)", 1)
    assert edited != text
    fn = jlir.functions(jlir.parse(edited))[0]
    calls = []
    real = sccp._Solver._call
    monkeypatch.setattr(sccp._Solver, "_call", lambda self, node, rt: calls.append(1) or real(self, node, rt))
    passes.run(fn, ["sccp"])
    assert len(calls) < 10 * len(fn.stmts)
