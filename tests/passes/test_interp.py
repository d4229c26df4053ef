"""Passes do not change what a function computes: the interpreter runs each recorded call before and after.

For every call Julia 1.5.3 recorded (`fixtures/julia-1.5.3/runs.tsv`) on the typed and IRCode forms of its case,
the function runs as it is (it must give Julia's answer) and after each pass and the whole pipeline; the
answer must stay Julia's.  A run the interpreter cannot do (`NotInterpretable`) is counted, not hidden.
"""
from __future__ import annotations

import pytest

from jlir import interp, passes
from jlir.interp.encoding import decode
from jlir.semantics.values import JType
from conftest import every_case
from support.recorded_runs import ROWS, _Callees, _function, _outcome

PIPELINE = ["dce", "sccp", "copyprop", "simplify-cfg", "split-critical-edges", "compact"]
FORMS = ("typed", "ircode")


# The recorded calls go at most 5,000 frames deep (deep_recursion's depth_sum(5000)); one that recurses without
# end overflows here at 10,000 frames as it would at the default 100,000, eighteen times over.
RECORDED_DEPTH = 10_000


@pytest.fixture(scope="module")
def runs():
    provider = _Callees()
    done: dict = {"agree": 0, "refused": 0, "differ": []}
    made: dict = {}   # each case's form after each pipeline, made once for all of its recorded calls
    # test.sh runs every other recorded call (each case keeps some); JLIR_TEST_ALL=1 runs them all
    for case, fname, names, sparams, args, *want in (ROWS if every_case() else ROWS[::2]):
        values = [decode(a) for a in args.split(" ")]
        static = [JType(t) for t in sparams.split(",") if t]
        for form in FORMS:
            for names_run in [[n] for n in PIPELINE] + [PIPELINE]:
                key = (case, form, tuple(names_run))
                if key not in made:
                    made[key] = passes.run(_function(case, form), names_run)
                g = made[key]
                try:
                    r = interp.run(g, values, provider, argnames=names.split(","), sparams=static,
                                   max_depth=RECORDED_DEPTH)
                except interp.NotInterpretable:
                    done["refused"] += 1
                    continue
                if _outcome(r) == tuple(want):
                    done["agree"] += 1
                else:
                    done["differ"].append(f"{case}.{form} after {','.join(names_run)}: {fname}({args}) "
                                          f"gave {_outcome(r)}, Julia {tuple(want)}")
    return done


def test_no_pass_changes_a_result_julia_recorded(runs):
    assert not runs["differ"], "\n".join(runs["differ"])


def test_most_runs_are_interpreted(runs):
    assert runs["agree"] > 3 * runs["refused"], runs


# ---------------------------------------------------------------- further inputs, chosen by hypothesis
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

INT64_EDGES = st.one_of(st.integers(-2**63, 2**63 - 1), st.sampled_from([0, 1, -1, 2**63 - 1, -2**63, 2**62]))
FLOATS = st.one_of(st.floats(allow_nan=True, allow_infinity=True), st.sampled_from([0.0, -0.0, float("nan")]))
# (case, argument names, argument strategy): Int64 functions at the overflow edges, a Float64 one with NaN and -0.0
TARGETS = [("while_swap", ["a", "b"], st.tuples(INT64_EDGES, INT64_EDGES)),
           ("many_blocks", ["a", "b"], st.tuples(INT64_EDGES, INT64_EDGES)),
           ("goto_label", ["n"], st.tuples(st.integers(-50, 200))),
           ("perf_tips", ["x"], st.tuples(FLOATS))]


def _behaviour(fn, args, names, provider):
    try:
        return interp.run(fn, list(args), provider, argnames=names, max_steps=200_000).outcome
    except interp.NotInterpretable as e:
        return ("not interpretable", str(e).split(":")[0])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_the_pipeline_keeps_behaviour_on_inputs_hypothesis_chooses(data):
    case, names, args_strategy = data.draw(st.sampled_from(TARGETS))
    form = data.draw(st.sampled_from(FORMS))
    args = data.draw(args_strategy)
    fn = _function(case, form)
    provider = _Callees()
    before = _behaviour(fn, args, names, provider)
    after = _behaviour(passes.run(fn, PIPELINE), args, names, provider)
    if before[0] != "not interpretable":
        assert after == before
