"""Whole fixture functions run by the interpreter against Julia 1.5.3 running the same case file.

`fixtures/interp/cases.tsv` (from `scripts/gen_interp_data.jl`) holds, per fixture case, the method's
argument names and static parameters, a few inputs and Julia's result (`repr` and type) or exception type; the same script dumps
the callees of the cases (`fixtures/interp/callees`) for a DumpProvider.  Each case's four forms (`typed`,
`ircode`, `typed-unoptimized`, `lowered`) are run on every input: a run either agrees with Julia or stops
with `NotInterpretable` (a callee not dumped, a global not in the IR) — never a different answer.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import jlir
from jlir import interp
from jlir.interp.encoding import decode
from jlir.semantics.values import JType

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "fixtures" / "interp" / "cases.tsv"
FORMS = ("typed", "ircode", "typed-unoptimized", "lowered")
ROWS = [line.split("\t") for line in DATA.read_text(encoding="utf-8").splitlines()]


def _function(case: str, form: str):
    return jlir.functions(jlir.parse_file(ROOT / "fixtures" / "julia-1.5.3" / f"{case}.{form}.txt"))[0]


def _outcome(result) -> tuple:
    """`Result.outcome` in the data file's words (`ok`/`err`)."""
    kind, *rest = result.outcome
    return ("ok" if kind == "value" else "err", *rest)


class _Callees:
    """The callees Julia dumped for the cases (`fixtures/interp/callees`, one `code_typed` each, by its
    `MethodInstance` line), and `println` (whose output the interpreter does not model) as `return nothing`."""
    PRINTLN = jlir.functions(jlir.parse("CodeInfo(\n1 ─     return nothing\n) => Nothing\n"))[0]

    def __init__(self):
        self.dumps = interp.DumpProvider(ROOT / "fixtures" / "interp" / "callees")

    def lookup(self, callee, arg_types):
        if callee.rsplit(".", 1)[-1] == "println":
            return self.PRINTLN
        return self.dumps.lookup(callee, arg_types)

    def argnames(self, callee, arg_types):
        return self.dumps.argnames(callee, arg_types)

    def sparams(self, callee, arg_types):
        return self.dumps.sparams(callee, arg_types)

    def structs(self):
        return self.dumps.structs()


def _run_all() -> dict:
    outcomes = {"agree": [], "refused": [], "differ": []}
    provider = _Callees()
    for case, fname, names, sparams, args, *want in ROWS:
        values = [decode(a) for a in args.split(" ")]
        static = [JType(t) for t in sparams.split(",") if t]
        for form in FORMS:
            fn = _function(case, form)
            label = f"{case}.{form} {fname}({args})"
            try:
                r = interp.run(fn, values, provider, argnames=names.split(","), sparams=static)
            except interp.NotInterpretable as e:
                outcomes["refused"].append(f"{label}: {e}")
                continue
            key = "agree" if _outcome(r) == tuple(want) else "differ"
            outcomes[key].append(f"{label}: {_outcome(r)} vs Julia {tuple(want)}")
    return outcomes


@pytest.fixture(scope="module")
def outcomes():
    return _run_all()


def test_no_fixture_case_run_disagrees_with_julia(outcomes):
    assert not outcomes["differ"], "\n".join(outcomes["differ"])


def test_the_cases_run_in_their_optimized_forms(outcomes):
    agreed = {line.split(" ")[0] for line in outcomes["agree"]}
    for case in ("while_swap", "many_blocks", "goto_label", "union_nothing", "undef_var", "try_catch",
                 "struct_new", "recursion", "loops", "early_return", "inbounds", "type_unstable", "nested_try",
                 "exceptions", "simd", "perf_tips", "static_params", "many_ssa", "floats"):
        assert {f"{case}.typed", f"{case}.ircode"} <= agreed, case
    assert len(outcomes["agree"]) >= 219


def test_slot_forms_run_through_the_dumped_callees(outcomes):
    agreed = {line.split(" ")[0] for line in outcomes["agree"]}
    for case in ("many_blocks", "goto_label", "union_nothing", "try_catch", "exceptions", "recursion", "loops",
                 "undef_var", "type_unstable", "while_swap", "nested_try", "early_return", "many_ssa", "floats",
                 "simd", "inbounds", "perf_tips", "static_params"):
        assert {f"{case}.typed-unoptimized", f"{case}.lowered"} <= agreed, case


def test_what_stays_refused_is_a_callee_not_dumped_or_a_literal_whose_type_the_ir_does_not_show(outcomes):
    reasons = {line.split(": ", 1)[1] for line in outcomes["refused"]}
    assert reasons == {"statement %1: call to Main.Counter(::Int64): no provider has its IR",
                       "statement %4: the integer type of the returned literal 0 is not in the IR"}


def test_every_refusal_names_its_statement(outcomes):
    assert all(": statement %" in line for line in outcomes["refused"])
