"""Whole fixture functions run by the interpreter against Julia 1.5.3 running the same case file.

`fixtures/interp/cases.tsv` (from `scripts/gen_interp_data.jl`) holds, per fixture case, the method's
argument names, a few inputs and Julia's result (`repr` and type) or exception type.  Each case's four
forms (`typed`, `ircode`, `typed-unoptimized`, `lowered`) are run on every input: a run either agrees
with Julia or stops with `NotInterpretable` (a call with no provider, a global not in the IR) — never a
different answer.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import jlir
from jlir import interp
from jlir.interp.encoding import decode

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "fixtures" / "interp" / "cases.tsv"
FORMS = ("typed", "ircode", "typed-unoptimized", "lowered")
ROWS = [line.split("\t") for line in DATA.read_text(encoding="utf-8").splitlines()]


def _function(case: str, form: str):
    return jlir.functions(jlir.parse_file(ROOT / "fixtures" / "julia-1.5.3" / f"{case}.{form}.txt"))[0]


def _outcome(result) -> tuple:
    if result.exception is not None:
        return ("err", result.exception.type_name)
    return ("ok", result.type, interp.julia_repr(result.value))


class _PrintlnReturnsNothing:
    """`println` (whose output the interpreter does not model) as the IR of `return nothing`."""
    FUNCTION = jlir.functions(jlir.parse("CodeInfo(\n1 ─     return nothing\n) => Nothing\n"))[0]

    def lookup(self, callee, arg_types):
        return self.FUNCTION if callee.rsplit(".", 1)[-1] == "println" else None


def _provider(case: str, form: str, tmp_path: Path):
    """The recursive case calls itself: a DumpProvider over its own dump, headed as the provider reads it."""
    if case == "try_catch":
        return _PrintlnReturnsNothing()
    if case != "recursion":
        return None
    text = (ROOT / "fixtures" / "julia-1.5.3" / f"recursion.{form}.txt").read_text(encoding="utf-8")
    (tmp_path / "fib.txt").write_text("# MethodInstance for fib(::Int64)\n# argnames: n\n" + text, encoding="utf-8")
    return interp.DumpProvider(tmp_path)


def _run_all(tmp_path) -> dict:
    outcomes = {"agree": [], "refused": [], "differ": []}
    for case, fname, names, args, *want in ROWS:
        values = [decode(a) for a in args.split(" ")]
        for form in FORMS:
            fn = _function(case, form)
            label = f"{case}.{form} {fname}({args})"
            try:
                r = interp.run(fn, values, _provider(case, form, tmp_path), argnames=names.split(","))
            except interp.NotInterpretable as e:
                outcomes["refused"].append(f"{label}: {e}")
                continue
            key = "agree" if _outcome(r) == tuple(want) else "differ"
            outcomes[key].append(f"{label}: {_outcome(r)} vs Julia {tuple(want)}")
    return outcomes


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory):
    return _run_all(tmp_path_factory.mktemp("dumps"))


def test_no_fixture_case_run_disagrees_with_julia(outcomes):
    assert not outcomes["differ"], "\n".join(outcomes["differ"])


def test_the_callee_free_cases_run_in_their_optimized_forms(outcomes):
    agreed = {line.split(" ")[0] for line in outcomes["agree"]}
    for case in ("while_swap", "many_blocks", "goto_label", "union_nothing", "undef_var", "try_catch",
                 "struct_new", "recursion", "loops", "early_return", "inbounds", "type_unstable", "nested_try",
                 "exceptions", "simd"):
        assert {f"{case}.typed", f"{case}.ircode"} <= agreed, case
    assert len(outcomes["agree"]) >= 70


def test_every_refusal_names_its_statement(outcomes):
    assert all(": statement %" in line for line in outcomes["refused"])
