"""jlir's pytest plugin (julia_ir, ir_snapshot), run by pytest itself through `pytester`.

The live tests run the example project of the CI tutorial (examples/guard-your-ir) with the real Julia found here
(1.5.3); the cross-version tests feed the plugin stored prints of other Julia versions from fixtures/corpus
(there is one Julia on this machine), as `jlir.live.Fetched` values carrying the version that printed them.
"""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from conftest import CORPUS, NO_JULIA, ROOT, live_julias

pytest_plugins = ["pytester"]

EXAMPLE = ROOT / "examples" / "guard-your-ir"
SNAPSHOTS = Path("tests") / "__ir_snapshots__"
JULIAS = live_julias()  # now: pytester gives the inner runs a HOME of their own, without jlir's Julia cache
needs_julia = pytest.mark.skipif(not JULIAS, reason=NO_JULIA)


def _julia() -> list[str]:
    """The Julia for the inner runs, named on their command line (the option a user's CI can give too)."""
    return ["--jlir-julia", JULIAS[0]]


@pytest.fixture(autouse=True)
def _not_an_xdist_worker(monkeypatch):
    """The inner pytest runs are not pytest-xdist workers, whatever runs this file: syrupy in a worker
    (`PYTEST_XDIST_WORKER`) leaves its report to the controller, so the inner run would print none."""
    for name in ("PYTEST_XDIST_WORKER", "PYTEST_XDIST_WORKER_COUNT"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def project(pytester):
    """A copy of the tutorial's example project, as a user's checkout."""
    for part in ("src", "tests", "snapshots.toml"):
        source = EXAMPLE / part
        (shutil.copytree if source.is_dir() else shutil.copy)(source, pytester.path / part)
    return pytester


def _make_unstable(path: Path) -> None:
    """Start the sum at an Int: `s` becomes Union{Float64, Int64}, and so does the return type."""
    src = path / "src" / "mysum.jl"
    text = src.read_text()
    assert "s = 0.0" in text
    src.write_text(text.replace("s = 0.0", "s = 0"))


# ---------------------------------------------------------------------------------------------- live Julia
@needs_julia
def test_first_run_stores_julias_print_per_version_and_the_second_passes(project):
    first = project.runpytest("tests", "--snapshot-update", *_julia())
    first.assert_outcomes(passed=2)
    stored = project.path / SNAPSHOTS / "julia-1.5" / "test_ir" / "test_mysum_ir.txt"
    from jlir.live import Julia
    with Julia(JULIAS[0]) as jl:
        defs = (project.path / "src" / "mysum.jl").read_text()
        expected = jl.code_typed("mysum(::Vector{Float64})", defs=defs, defs_name="mysum.jl").text
    assert stored.read_text(encoding="utf-8") == expected  # the Julia text itself, readable in review
    assert expected.startswith("CodeInfo(") and expected.endswith(") => Float64\n")
    facts = (stored.parent / "test_mysum_stable.json").read_text(encoding="utf-8")
    assert '"return": {"concrete": true, "type": "Float64"}' in facts and '"non_concrete": []' in facts
    second = project.runpytest("tests", *_julia())
    second.assert_outcomes(passed=2)
    second.stdout.fnmatch_lines(["*2 snapshots passed*"])


@needs_julia
def test_a_change_that_makes_the_function_unstable_fails_with_jlir_diffs_report(project):
    project.runpytest("tests", "--snapshot-update", *_julia()).assert_outcomes(passed=2)
    _make_unstable(project.path)
    result = project.runpytest("tests", "-vv", *_julia())
    result.assert_outcomes(failed=2)
    result.stdout.fnmatch_lines([
        "*--- snapshot (julia-1.5)  (1 function: typed, Julia 1.0+)",
        "*+++ this run  (1 function: typed, Julia 1.0–1.5)",
        "*different: * added, 0 removed, 3 changed (2 types), blocks changed, return type changed",
        "*~ return type: Float64 → Union{Float64, Int64}",
    ])
    result.stdout.fnmatch_lines(["*stability facts: different",
                                 "*return type: ::Float64 → ::Union{Float64, Int64} (not concrete)",
                                 "*+ non-concrete ssa φ (#_ => *) ::Union{Float64, Int64} (red)"])


@needs_julia
def test_allow_improvement_accepts_an_instability_fixed_and_plain_stability_does_not(project):
    project.makepyfile(test_improve="""
        from pathlib import Path
        DEFS = (Path(__file__).parent / "src" / "mysum.jl").read_text()
        def test_facts(julia_ir, ir_snapshot):
            f = julia_ir.code_typed("mysum(::Vector{Float64})", defs=DEFS)
            assert f == ir_snapshot(kind="stability")
        def test_facts_improving(julia_ir, ir_snapshot):
            f = julia_ir.code_typed("mysum(::Vector{Float64})", defs=DEFS)
            assert f == ir_snapshot(kind="stability", allow_improvement=True)
    """)
    original = (project.path / "src" / "mysum.jl").read_text()
    _make_unstable(project.path)
    project.runpytest("test_improve.py", "--snapshot-update", *_julia()).assert_outcomes(passed=2)
    (project.path / "src" / "mysum.jl").write_text(original)
    result = project.runpytest("test_improve.py", "-vv", *_julia())
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*test_facts FAILED*", "*test_facts_improving PASSED*"])
    result.stdout.fnmatch_lines(["*stability facts: improved",
                                 "*return type: ::Union{Float64, Int64} (not concrete) → ::Float64",
                                 "*- non-concrete ssa φ*",
                                 "*(only improvements: allow_improvement=True accepts them)"])


def test_no_julia_skips_the_tests_that_use_julia_ir_with_the_reason(pytester, monkeypatch):
    monkeypatch.delenv("CI", raising=False)  # outside CI: in CI no Julia fails (test_snapshot_plugin_ci.py)
    monkeypatch.setenv("JLIR_JULIA", str(pytester.path / "no-such-julia"))
    pytester.makepyfile("""
        def test_needs_julia(julia_ir):
            raise AssertionError("julia_ir was given without a Julia")
        def test_without_julia():
            pass
    """)
    result = pytester.runpytest("-rs")
    result.assert_outcomes(passed=1, skipped=1)
    result.stdout.fnmatch_lines(["SKIPPED*julia_ir: no Julia found. Tried: *$JLIR_JULIA*no-such-julia: no such file*"])


# ---------------------------------------------------------------------------------------------- stored prints
# Each inner test asserts a corpus print (`$PRINT`) as if Julia `$VERSION` had printed it.
STORED = """
    import os
    from pathlib import Path
    import jlir
    from jlir.live import Fetched

    def printed():
        text = Path(os.environ["PRINT"]).read_text(encoding="utf-8")
        return Fetched(text, "typed", "f", "stored", os.environ["VERSION"], jlir.parse(text))

    def test_print(ir_snapshot):
        assert printed() == ir_snapshot(**eval(os.environ.get("OPTIONS", "{}")))
"""


def _run(pytester, monkeypatch, print_file: str, version: str, *args, options: str = "{}"):
    monkeypatch.setenv("PRINT", str(CORPUS / print_file))
    monkeypatch.setenv("VERSION", version)
    monkeypatch.setenv("OPTIONS", options)
    return pytester.runpytest("-vv", *args)


def test_two_julia_versions_keep_their_own_folders_and_neither_is_unused(pytester, monkeypatch):
    pytester.makepyfile(test_matrix=STORED)
    # 0109 and 0110: one do-block's @code_typed, printed by Julia 1.7 and by 1.9
    _run(pytester, monkeypatch, "0109.txt", "1.7.3", "--snapshot-update").assert_outcomes(passed=1)
    _run(pytester, monkeypatch, "0110.txt", "1.9.0", "--snapshot-update").assert_outcomes(passed=1)
    folder = pytester.path / "__ir_snapshots__"
    assert sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.txt")) == [
        "julia-1.7/test_matrix/test_print.txt", "julia-1.9/test_matrix/test_print.txt"]
    assert (folder / "julia-1.7/test_matrix/test_print.txt").read_text() == (CORPUS / "0109.txt").read_text()
    for print_file, version in (("0109.txt", "1.7.3"), ("0110.txt", "1.9.0")):
        result = _run(pytester, monkeypatch, print_file, version)
        result.assert_outcomes(passed=1)
        result.stdout.fnmatch_lines(["1 snapshot passed."])
        assert not re.search(r"snapshots? unused|unused snapshots? deleted", result.stdout.str())
    # a 1.9 print checked against 1.7's folder would fail: the prints differ (jlir diff: 6 added, 4 removed)
    result = _run(pytester, monkeypatch, "0110.txt", "1.7.1")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*different: 6 added, 4 removed, 2 changed (0 types), blocks changed"])


def test_a_style_only_difference_passes_in_style_insensitive_mode_and_fails_strict(pytester, monkeypatch):
    pytester.makepyfile(test_style=STORED)
    # 0042 (Julia 1.2–1.6) and 0043 (1.5, upper-cased types): the same @code_warntype f(3.2)
    _run(pytester, monkeypatch, "0042.txt", "1.5.3", "--snapshot-update").assert_outcomes(passed=1)
    strict = _run(pytester, monkeypatch, "0043.txt", "1.5.3")
    strict.assert_outcomes(failed=1)
    strict.stdout.fnmatch_lines(["*equivalent: the prints differ only in printing style*",
                                 "*strict mode fails on printing-style differences*"])
    _run(pytester, monkeypatch, "0043.txt", "1.5.3", "--jlir-style-insensitive").assert_outcomes(passed=1)
    _run(pytester, monkeypatch, "0043.txt", "1.5.3", options="{'style_insensitive': True}").assert_outcomes(passed=1)


def test_a_snapshot_shared_across_versions_is_style_insensitive_by_default(pytester, monkeypatch):
    pytester.makepyfile(test_shared=STORED)
    shared = "{'per_version': False}"
    # 0042 (Julia 1.2–1.6) and 0041 (1.10): @code_warntype f(3.2), Core.Compiler.Const vs Core.Const, header style
    _run(pytester, monkeypatch, "0042.txt", "1.5.3", "--snapshot-update", options=shared).assert_outcomes(passed=1)
    assert (pytester.path / "__ir_snapshots__/julia-any/test_shared/test_print.txt").is_file()
    _run(pytester, monkeypatch, "0041.txt", "1.10.4", options=shared).assert_outcomes(passed=1)
    strict = _run(pytester, monkeypatch, "0041.txt", "1.10.4",
                  options="{'per_version': False, 'style_insensitive': False}")
    strict.assert_outcomes(failed=1)
    strict.stdout.fnmatch_lines(["*style: lattice elements*"])


def test_a_missing_snapshot_is_written_on_the_first_run_and_checked_on_the_second(pytester, monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    pytester.makepyfile(test_missing=STORED)
    _run(pytester, monkeypatch, "0109.txt", "1.7.3").assert_outcomes(passed=1)
    stored = list((pytester.path / "__ir_snapshots__" / "julia-1.7").rglob("*.txt"))
    assert len(stored) == 1 and stored[0].read_text(encoding="utf-8") == (CORPUS / "0109.txt").read_text()
    _run(pytester, monkeypatch, "0109.txt", "1.7.3").assert_outcomes(passed=1)
    _run(pytester, monkeypatch, "0110.txt", "1.7.3").assert_outcomes(failed=1)   # a changed print still fails


def test_in_ci_a_missing_snapshot_fails_saying_how_to_store_it(pytester, monkeypatch):
    monkeypatch.setenv("CI", "true")
    pytester.makepyfile(test_missing=STORED)
    result = _run(pytester, monkeypatch, "0109.txt", "1.7.3")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*no snapshot stored in __ir_snapshots__/julia-1.7: run pytest --snapshot-update*"])


def test_a_function_without_a_version_needs_one_given(pytester):
    pytester.makepyfile(f"""
        import jlir
        def test_function(ir_snapshot):
            f = jlir.functions(jlir.parse_file({str(CORPUS / '0109.txt')!r}))[0]
            assert f == ir_snapshot
    """)
    result = pytester.runpytest()
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*ir_snapshot cannot tell which Julia printed this*ir_snapshot(julia='1.10')*"])


def test_ir_snapshot_without_syrupy_errors_with_the_install_hint(pytester):
    pytester.makepyfile("""
        def test_x(ir_snapshot):
            pass
    """)
    result = pytester.runpytest("-p", "no:syrupy")
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["ir_snapshot needs syrupy, which is not installed (or is disabled with -p no:syrupy)*"
                                 ])
    assert "pip install 'jlir[pytest]'" in result.stdout.str()


def test_the_plugin_is_registered_through_the_pytest11_entry_point():
    from importlib.metadata import entry_points
    assert [e.value for e in entry_points(group="pytest11") if e.name == "jlir"] == ["jlir.snapshot.plugin"]
