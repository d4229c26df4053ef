"""Whole fixture functions run by the interpreter against Julia 1.5.3 running the same calls.

A case file declares calls on `# run:` lines at its end; `scripts/gen/regen_fixtures.py` evaluates each in the Julia
session that printed the case and records Julia's result (`repr` and type) or exception type in
`fixtures/julia-1.5.3/runs.tsv`, with the arguments as `Type:raw` (see `jlir/live/caseruns.py`), and dumps the
callees the interpreter needs into `fixtures/julia-1.5.3/callees/<case>/`.  Each case's forms (`typed`, `ircode`,
`typed-unoptimized`, `lowered`) are run on every recorded call: a run either agrees with Julia or stops with
`NotInterpretable` (a callee not dumped, a global not in the IR) — never a different answer.
"""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

import jlir
from jlir import interp
from jlir.interp.encoding import decode
from jlir.semantics.values import JType

from support.recorded_runs import (CALLEES, FIXTURES, FORMS, ROOT, ROWS, RUNS, _arguments, _Callees,  # noqa: F401
                                   _function, _outcome, _want)
from jlir.live import caseruns as case_runs
from support.cli import run_jlir

def run_all() -> dict:
    """Every recorded call on every form: {"agree"|"refused"|"differ": [line, …]}, each line `case.form call: …`."""
    outcomes = {"agree": [], "refused": [], "differ": []}
    provider = _Callees()
    for row in RUNS:
        values = _arguments(row["args"])
        static = [JType(t) for t in row["sparams"].split(",") if t]
        for form in FORMS:
            label = f"{row['case']}.{form} {row['call']}"
            try:
                # the recorded calls go at most 5,000 deep: an endless one overflows at 10,000 as at the default
                r = interp.run(_function(row["case"], form), values, provider, argnames=row["argnames"].split(","),
                               sparams=static, max_depth=10_000)
            except interp.NotInterpretable as e:
                outcomes["refused"].append(f"{label}: {e}")
                continue
            key = "agree" if _outcome(r) == _want(row) else "differ"
            outcomes[key].append(f"{label}: {_outcome(r)} vs Julia {_want(row)}")
    return outcomes


def counts_by_form(outcomes: dict) -> dict[str, Counter]:
    """form → Counter of agree/refused/differ."""
    table: dict[str, Counter] = {form: Counter() for form in FORMS}
    for key, lines in outcomes.items():
        for line in lines:
            table[line.split(" ", 1)[0].split(".", 1)[1]][key] += 1
    return table


@pytest.fixture(scope="module")
def outcomes():
    return run_all()


def test_no_recorded_run_disagrees_with_julia(outcomes):
    assert not outcomes["differ"], "\n".join(outcomes["differ"])


def test_the_recorded_calls_are_those_the_case_files_declare():
    declared = {}
    for path in sorted((ROOT / "fixtures" / "cases").glob("*.jl")):
        calls = case_runs.declared_calls(path.read_text(encoding="utf-8"))
        if calls:
            declared[path.stem] = calls
    recorded: dict = {}
    for row in RUNS:
        recorded.setdefault(row["case"], []).append(row["call"])
    assert recorded == declared, "runs.tsv is stale: run scripts/gen/regen_fixtures.py --cases …"
    assert len(declared) >= 43 and len(RUNS) >= 150


def test_every_case_with_runs_has_its_callees_dumped():
    cases = {row["case"] for row in RUNS}
    assert {p.name for p in CALLEES.iterdir() if p.is_dir()} <= cases
    for case in cases:
        for dump in (CALLEES / case).glob("*.txt") if (CALLEES / case).is_dir() else ():
            head = dump.read_text(encoding="utf-8").splitlines()[0]
            assert head.startswith(("# MethodInstance for ", "# struct ", "# mutable struct ")), dump


def test_recorded_arguments_decode_to_values_of_their_type():
    for row in RUNS:
        for text, value in zip(row["args"].split(" "), _arguments(row["args"])):
            assert interp.typeof(value) == text.split(":", 1)[0] or text.startswith("Array{"), (row["call"], text)


def test_most_runs_are_interpreted_in_every_form(outcomes):
    # refused: 11 IRCode runs that return a literal whose type the print does not show, having no return type
    # (early_return, static_params, early_exit, nested_rethrow, union_return: a decimal; union_split: `0.0`;
    # symbol_result's returned constant `(:zero, 0)`), whatever the other `return`s return; 3 typed and IRCode runs
    # of closure_box, whose boxed `0` (`Core.setfield!(%2, :contents, 0)::Const(0, false)`) no type proves;
    # every slot-form run agrees (closure_capture's closures included, through their dumped methods)
    table = counts_by_form(outcomes)
    for form in ("typed-unoptimized", "lowered"):
        assert table[form]["agree"] == len(RUNS), (form, table[form])
    assert table["typed"]["agree"] >= len(RUNS) - 3, table["typed"]
    assert table["ircode"]["agree"] >= len(RUNS) - 14, table["ircode"]


def test_the_cases_run_in_their_optimized_forms(outcomes):
    agreed = {line.split(" ")[0] for line in outcomes["agree"]}
    for case in ("while_swap", "many_blocks", "goto_label", "union_nothing", "undef_var", "try_catch",
                 "struct_new", "recursion", "loops", "early_return", "inbounds", "type_unstable", "nested_try",
                 "exceptions", "simd", "perf_tips", "static_params", "overflow_loop", "fib_swap", "early_exit",
                 "try_finally", "catch_finally", "nested_rethrow", "union_split", "struct_mutable", "float_nan_zero",
                 "div_edges", "while_break", "wide_int", "symbol_result",
                 "float32_mix", "small_ints", "checked_overflow"):
        assert {f"{case}.typed", f"{case}.ircode"} <= agreed, case


def test_slot_forms_run_through_the_dumped_callees(outcomes):
    agreed = {line.split(" ")[0] for line in outcomes["agree"]}
    for case in ("many_blocks", "goto_label", "union_nothing", "try_catch", "exceptions", "recursion", "loops",
                 "undef_var", "type_unstable", "while_swap", "nested_try", "early_return", "many_ssa", "floats",
                 "simd", "inbounds", "perf_tips", "static_params", "bit_ops", "catch_finally", "char_arith",
                 "div_edges", "fib_swap", "float_nan_zero", "mutual_recursion", "nested_rethrow", "overflow_loop",
                 "struct_immutable", "struct_mutable", "struct_return", "symbol_result", "tuple_build",
                 "union_return", "union_split", "while_break", "float32_mix", "wide_int", "small_ints",
                 "try_finally", "checked_overflow", "struct_new", "early_exit", "closure_capture"):
        assert {f"{case}.typed-unoptimized", f"{case}.lowered"} <= agreed, case


def test_every_refusal_names_its_statement(outcomes):
    assert all(": statement %" in line for line in outcomes["refused"]), \
        [line for line in outcomes["refused"] if ": statement %" not in line]


# ----------------------------------------------------------------- the same calls through `jlir run`
LITERAL_TYPES = ("Int64", "Float64", "Bool", "Nothing", "Char")


def _cli_sample() -> list[dict]:
    """The first recorded call of each case whose arguments all have a literal spelling for `jlir run --args`."""
    seen, sample = set(), []
    for row in RUNS:
        args = row["args"].split(" ") if row["args"] else []
        if row["case"] not in seen and all(a.split(":", 1)[0] in LITERAL_TYPES for a in args):
            seen.add(row["case"])
            sample.append(row)
    return sample


@pytest.mark.parametrize("row", _cli_sample(), ids=lambda r: r["call"])
def test_jlir_run_prints_what_julia_returned(row):
    literals = [interp.julia_repr(v) for v in _arguments(row["args"])]
    command = ["run", str(FIXTURES / f"{row['case']}.typed.txt"), "--json",
               "--argnames", row["argnames"], "--args", *literals]
    if (CALLEES / row["case"]).is_dir():
        command += ["--callees", str(CALLEES / row["case"])]
    out = run_jlir(*command, text=True)
    if out.returncode == 2 and "statement %" in out.stderr:
        pytest.skip(f"refused: {out.stderr.strip()}")     # counted by the API tests above
    data = json.loads(out.stdout)
    if row["outcome"] == "ok":
        assert (out.returncode, data["type"], data["result"]) == (0, row["type"], row["repr"]), out.stderr
    else:
        assert (out.returncode, data["exception"]) == (1, row["type"]), out.stderr


def test_the_cli_sample_covers_most_cases():
    assert len(_cli_sample()) >= 30


if __name__ == "__main__":  # a table of outcomes per form and the refusals: python3 tests/interp/test_cases.py
    result = run_all()
    for form, c in counts_by_form(result).items():
        print(f"{form:18} agree {c['agree']:4}  refused {c['refused']:4}  differ {c['differ']:4}")
    print("\n".join(result["differ"] + result["refused"]))
