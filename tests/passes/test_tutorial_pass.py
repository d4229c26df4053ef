"""The tutorial's pass (`examples/write-a-pass/strength_reduce.py`, docs/tutorials/write-a-pass.md) is a pass:
on every fixture case whose typed or IRCode print multiplies by 2, `Base.mul_int(x, 2)` becomes
`Base.shl_int(x, 1)`, the verifier accepts the result (`passes.run` checks it), and the interpreter gives Julia's
recorded answer after the pass, and the same answer before and after on Int64 values at the overflow edges."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import jlir
from jlir import interp, passes
from support.recorded_runs import FIXTURES, ROWS, _Callees, _arguments, _function, _outcome

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "write-a-pass" / "strength_reduce.py"
FORMS = ("typed", "ircode")


def _example():
    """The example module, loaded as a user loads it (which registers its pass); the registration is taken back at
    once, so that the rest of the session sees only jlir's own passes (`jlir opt --list` in the docs' examples),
    and made again around each test of this module (`_registered`)."""
    spec = importlib.util.spec_from_file_location("strength_reduce_example", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module, passes.registry.REGISTRY.pop("strength-reduce")


EXAMPLE_MODULE, _PASS = _example()


@pytest.fixture(autouse=True)
def _registered():
    passes.registry.REGISTRY["strength-reduce"] = _PASS
    yield
    passes.registry.REGISTRY.pop("strength-reduce", None)


def _doubled_count(fn) -> int:
    return sum(EXAMPLE_MODULE.doubled(fn, s.node) is not None for s in fn.positional)


# the cases whose typed or IRCode print holds a `Base.mul_int(x, 2)`
CASES = sorted({p.name.split(".")[0] for form in FORMS for p in FIXTURES.glob(f"*.{form}.txt")
                if ", 2)" in p.read_text(encoding="utf-8") and _doubled_count(_function(p.name.split(".")[0], form))})


def test_the_fixtures_multiply_by_two_somewhere():
    assert sum(_doubled_count(_function(c, f)) for c in CASES for f in FORMS) >= 4


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("case", CASES)
def test_every_multiplication_by_two_becomes_a_shift_and_the_result_verifies(case, form):
    fn = _function(case, form)
    after = passes.run(fn, ["strength-reduce"])            # the verifier runs after the pass
    assert _doubled_count(after) == 0
    shown = jlir.format(after)
    assert shown.count("Base.shl_int(") - jlir.format(fn).count("Base.shl_int(") == _doubled_count(fn)
    assert jlir.format(jlir.functions(jlir.parse(shown))[0]) == shown    # the output reads back as itself


@pytest.mark.parametrize("row", [r for r in ROWS if r[0] in CASES], ids=lambda r: f"{r[0]}:{r[1]}")
@pytest.mark.parametrize("form", FORMS)
def test_the_interpreter_gives_julias_recorded_answer_after_the_pass(row, form):
    case, _call, names, _sparams, args, *want = row
    after = passes.run(_function(case, form), ["strength-reduce"])
    try:
        r = interp.run(after, _arguments(args), _Callees(), argnames=names.split(","))
    except interp.NotInterpretable as e:
        pytest.skip(f"not interpretable: {e}")
    assert _outcome(r) == tuple(want)


INT64 = st.one_of(st.integers(-2**63, 2**63 - 1), st.sampled_from([0, 1, -1, 2**62, 2**63 - 1, -2**63]))


@settings(max_examples=30, deadline=None)
@given(x=INT64, default=INT64)
def test_the_same_answers_before_and_after_at_the_overflow_edges(x, default):
    fn = _function("union_nothing", "typed")
    after = passes.run(fn, ["strength-reduce"])
    for value in (x, None):
        args = [value, default]
        names = ["x", "default"]
        assert interp.run(after, args, argnames=names).outcome == interp.run(fn, args, argnames=names).outcome
