"""The pytest plugin in CI: with no Julia, the tests that use `julia_ir` fail with the reason instead of
being skipped (a run that checked no IR must not leave CI green); outside CI they are skipped, and an
explicit option turns either way on."""
from __future__ import annotations

import pytest

pytest_plugins = ["pytester"]

NEEDS_JULIA = """
    def test_needs_julia(julia_ir):
        raise AssertionError("julia_ir was given without a Julia")
    def test_without_julia():
        pass
"""


@pytest.fixture
def no_julia(pytester, monkeypatch):
    monkeypatch.setenv("JLIR_JULIA", str(pytester.path / "no-such-julia"))
    pytester.makepyfile(NEEDS_JULIA)
    return pytester


@pytest.mark.parametrize("ci", ["true", "1", "yes"])
def test_in_ci_no_julia_fails_the_run_with_the_reason(no_julia, monkeypatch, ci):
    monkeypatch.setenv("CI", ci)
    result = no_julia.runpytest("-rE")
    result.assert_outcomes(passed=1, errors=1)
    assert result.ret != 0
    result.stdout.fnmatch_lines(["*julia_ir: no Julia found. Tried: *$JLIR_JULIA*no-such-julia: no such file*",
                                 "*a Julia is required: $CI is set*"])


def test_require_julia_fails_outside_ci_too(no_julia, monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    result = no_julia.runpytest("--jlir-require-julia")
    result.assert_outcomes(passed=1, errors=1)


@pytest.mark.parametrize("ci", ["false", "0", ""])
def test_a_false_ci_value_skips_as_outside_ci(no_julia, monkeypatch, ci):
    monkeypatch.setenv("CI", ci)
    no_julia.runpytest().assert_outcomes(passed=1, skipped=1)


def test_allow_no_julia_skips_even_in_ci(no_julia, monkeypatch):
    monkeypatch.setenv("CI", "true")
    result = no_julia.runpytest("-rs", "--jlir-allow-no-julia")
    result.assert_outcomes(passed=1, skipped=1)
    result.stdout.fnmatch_lines(["SKIPPED*julia_ir: no Julia found*"])
