"""Argument values as a user types them at Julia's REPL (`jlir run --args`, `jlir html --run`), each form checked
against Julia 1.5.3's own `repr` and `typeof` of it (tests/data/arguments/reprs-1.5.3.jsonl, written by
scripts/gen/gen_argument_reprs.jl from forms.txt); a bare number takes the type the IR states for the argument;
negative values are values in every verb."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.cli import run_jlir

from jlir.cli.heading import read_heading
from jlir.cli.literals import LiteralError, argument
from jlir.interp.runner import shown_type
from jlir.semantics.show import julia_repr

DATA = Path(__file__).resolve().parents[1] / "data" / "arguments"
RECORDS = [json.loads(line) for line in (DATA / "reprs-1.5.3.jsonl").read_text(encoding="utf-8").splitlines()]
LABELLED = DATA / "fetch-labels-1.5.3.txt"  # `jlir fetch 'g8(::Int8)' 'h8(Int8(3))' 'h8(-1.5)'` of fetch-labels.jl
WHILE_SWAP = Path(__file__).resolve().parents[2] / "fixtures" / "julia-1.5.3" / "while_swap.typed.txt"
# Forms the interpreter refuses to evaluate, with the reason (never a wrong value): a rounded `llvm.pow`
# (the libm decides its last bit), and `Rational{Int8}`'s `x === 0`, whose literal's integer type the print hides.
REFUSED = {"2.0^0.5": "llvm.pow"}


@pytest.mark.parametrize("record", RECORDS, ids=[r["text"] for r in RECORDS])
def test_each_form_is_the_value_julia_makes_of_it(record):
    text = record["text"]
    if text in REFUSED:
        with pytest.raises(LiteralError, match=REFUSED[text]):
            argument(text)
    elif "error" in record:  # `Int8(300)`: Julia throws; the argument is an error naming the exception
        with pytest.raises(LiteralError, match=record["error"]):
            argument(text)
    else:
        v = argument(text)
        assert (shown_type(v), julia_repr(v)) == (record["type"], record["repr"])


def test_the_forms_cover_every_kind_the_issue_names():
    texts = {r["text"] for r in RECORDS}
    assert {"Int8(5)", "0x05", "UInt16(7)", "Float32(1.5)", "1.5f0", "Int128(2)^100", "'a'", "(1, 2.0)",
            "(a=1, b=2.0)", "[1, 2, 3]", '"text"', ":sym", "nothing", "missing"} <= texts
    assert len(RECORDS) >= 200 and sum("error" not in r and r["text"] not in REFUSED for r in RECORDS) >= 190


@pytest.mark.parametrize("text,column,reason", [
    ("Int8(5", 6, "expected `,` or `)`"), ("x", 0, "`x` is not a value"), ("'ab'", 0, "one character"),
    ('"a$b"', 2, "no interpolation"), ("(a=1)", 4, "named tuple of one field"), ("f(1)", 0, "only a type's"),
    ("[1 2, 3]", 4, "one separator kind"), ("123456789012345678901234567890123456789012", 0, "BigInt")])
def test_what_is_no_value_is_a_located_error(text, column, reason):
    with pytest.raises(LiteralError) as e:
        argument(text)
    assert e.value.column == column and reason in e.value.reason
    assert e.value.located("--args argument 1").endswith(f"\n  {text}\n  {' ' * column}^")


def test_a_fetch_label_and_a_method_instance_line_are_read():
    h = read_heading("# h8(Int8(3)) — typed — Julia 1.5.3\n")
    assert (h.name, h.argtypes, h.values) == ("h8", (None,), ("Int8(3)",))
    h = read_heading("# MethodInstance for f(::Int8, ::Tuple{Int64, Float64})\n# argnames: a, b\n# sparams: Int64\n")
    assert (h.name, h.argtypes, h.argnames, h.sparams) == ("f", ("Int8", "Tuple{Int64, Float64}"), ("a", "b"),
                                                           ("Int64",))
    assert read_heading("# Tuple{typeof(sort), Vector{Int}} — typed — Julia 1.5.3").argtypes == ("Vector{Int}",)


def _run(*args):
    return run_jlir("run", *args, text=True)


def test_a_bare_number_takes_the_type_the_label_states():
    out = _run(str(LABELLED), "--function", "1", "--args", "127")  # g8(::Int8): Int8(127) + 1 wraps, as in Julia
    assert (out.returncode, out.stdout) == (0, "-128\n")
    out = _run(str(LABELLED), "--function", "2", "--args", "-5")  # h8(Int8(3)): Int8(-5) * 2
    assert (out.returncode, out.stdout) == (0, "-10\n")
    out = _run(str(LABELLED), "--function", "3", "--args", "2")  # h8(-1.5): 2 is 2.0
    assert (out.returncode, out.stdout) == (0, "4.0\n")


def test_a_label_call_gives_the_arguments_when_none_are_given():
    out = _run(str(LABELLED), "--function", "3")
    assert (out.returncode, out.stdout) == (0, "-3.0\n")


def test_a_number_that_does_not_fit_or_a_value_of_another_type_is_refused():
    out = _run(str(LABELLED), "--function", "1", "--args", "300")
    assert out.returncode == 2 and "300 is not a Int8" in out.stderr and "Traceback" not in out.stderr
    out = _run(str(LABELLED), "--function", "1", "--args", "Int16(3)")
    assert out.returncode == 2 and "is a Int16, but the IR's method takes a Int8" in out.stderr


# `-0x05` is a UInt8 value: run through this Int64 method's IR, `checked_srem_int(0xfb, 2)` mixes operand types,
# which Julia's runtime refuses (ErrorException), so only the reading of the value is checked.
@pytest.mark.parametrize("values,want", [(["-12", "18"], "6"), (["-12", "-18"], "6"), (["-1e3", "-Inf"], None),
                                         (["-0x05", "2"], None)])
def test_negative_values_are_values_not_options(values, want):
    out = _run(str(WHILE_SWAP), "--args", *values)
    assert "unrecognized arguments" not in out.stderr and "Traceback" not in out.stderr
    if want is not None:
        assert (out.returncode, out.stdout) == (0, want + "\n")


def test_html_runs_negative_and_typed_arguments():
    out = run_jlir("html", str(WHILE_SWAP), "--run", "-12", "Int64(18)", text=True)
    assert out.returncode == 0 and "f(-12, Int64(18)) = 6::Int64" in out.stdout
    out = run_jlir("html", str(LABELLED), "--run", "-128", text=True)
    assert out.returncode == 0 and "f(-128) = -127::Int8" in out.stdout  # each function, its label's type
    assert "f(-128) = -256.0::Float64" in out.stdout
