"""`jlir snapshot check|update|diff`: on the example project of the CI tutorial (examples/guard-your-ir) with Julia
1.5.3, and on stored prints of other Julia versions (fixtures/corpus) laid out as two versions' snapshot folders."""
from __future__ import annotations

import json
import shutil
import sys

import pytest

from conftest import CORPUS, NO_JULIA, ROOT, live_julias
from jlir.cli import main

EXAMPLE = ROOT / "examples" / "guard-your-ir"
JULIAS = live_julias()
needs_julia = pytest.mark.skipif(not JULIAS, reason=NO_JULIA)


@pytest.fixture
def project(tmp_path):
    for part in ("src", "snapshots.toml"):
        source = EXAMPLE / part
        (shutil.copytree if source.is_dir() else shutil.copy)(source, tmp_path / part)
    return tmp_path


def _jlir(capsys, *argv) -> tuple[int, str, str]:
    status = main(list(argv))
    out = capsys.readouterr()
    return status, out.out, out.err


@needs_julia
def test_check_update_check_then_a_change_that_makes_mysum_unstable(project, capsys):
    manifest = str(project / "snapshots.toml")
    julia = ("--julia", JULIAS[0])
    status, out, _ = _jlir(capsys, "snapshot", "check", manifest, *julia)
    assert status == 2 and out.endswith("0 ok, 0 changed, 2 failed\n")
    assert "mysum typed: failed: no snapshot for julia-1.5 (run `jlir snapshot update` and review it)" in out
    status, out, _ = _jlir(capsys, "snapshot", "update", manifest, *julia)
    assert (status, out.splitlines()[-1]) == (0, "2 new, 0 updated, 0 unchanged, 0 failed")
    stored = project / "ir-snapshots" / "julia-1.5"
    assert sorted(p.name for p in stored.iterdir()) == ["mysum.stability.json", "mysum.typed.txt"]
    assert stored.joinpath("mysum.typed.txt").read_text().endswith(") => Float64\n")
    status, out, _ = _jlir(capsys, "snapshot", "check", manifest, *julia)
    assert (status, out) == (0, "Julia 1.5.3: mysum typed: ok\nJulia 1.5.3: mysum stability: ok\n"
                                "2 ok, 0 changed, 0 failed\n")
    src = project / "src" / "mysum.jl"
    src.write_text(src.read_text().replace("s = 0.0", "s = 0"))
    status, out, _ = _jlir(capsys, "snapshot", "check", manifest, *julia)
    assert status == 1 and out.endswith("0 ok, 2 changed, 0 failed\n")
    assert "Julia 1.5.3: mysum typed: changed: different: 13 added, 0 removed, 3 changed (2 types), blocks " \
           "changed, return type changed" in out
    assert "    ~ return type: Float64 → Union{Float64, Int64}" in out
    assert "      return type: ::Float64 → ::Union{Float64, Int64} (not concrete)" in out
    status, out, _ = _jlir(capsys, "snapshot", "check", manifest, *julia, "--json")
    data = json.loads(out)
    assert status == 1 and data["summary_line"] == "0 ok, 2 changed, 0 failed"
    typed = data["results"][0]
    assert (typed["form"], typed["status"], typed["detail"]["diff"]["summary"]["added"]) == ("typed", "changed", 13)
    status, out, _ = _jlir(capsys, "snapshot", "update", manifest, *julia)
    assert (status, out.splitlines()[-1]) == (0, "0 new, 2 updated, 0 unchanged, 0 failed")
    assert _jlir(capsys, "snapshot", "check", manifest, *julia)[0] == 0


@needs_julia
def test_several_julias_in_one_run_each_check_their_folder_and_others_are_left_alone(project, capsys):
    """Only one Julia here: it is named twice, and another version's folder (1.10) sits beside its own."""
    manifest = str(project / "snapshots.toml")
    other = project / "ir-snapshots" / "julia-1.10"
    other.mkdir(parents=True)
    (other / "mysum.typed.txt").write_text("not read by Julia 1.5\n")
    julia = ("--julia", JULIAS[0], "--julia", JULIAS[0])
    status, out, _ = _jlir(capsys, "snapshot", "update", manifest, *julia)
    assert status == 0 and out.splitlines()[-1] == "2 new, 0 updated, 2 unchanged, 0 failed"
    status, out, _ = _jlir(capsys, "snapshot", "check", manifest, *julia)
    assert (status, out.splitlines()[-1]) == (0, "4 ok, 0 changed, 0 failed")
    assert (other / "mysum.typed.txt").read_text() == "not read by Julia 1.5\n"


def test_a_julia_that_cannot_be_found_fails_the_run(project, capsys):
    status, out, _ = _jlir(capsys, "snapshot", "check", str(project / "snapshots.toml"),
                           "--julia", str(project / "no-julia"))
    assert status == 2
    assert out.splitlines()[0].endswith("* *: failed: --julia " + str(project / "no-julia") + ": no such file")


def test_a_bad_manifest_is_exit_2_with_the_reason(tmp_path, capsys):
    (tmp_path / "m.toml").write_text('[[target]]\ncall = "f(1)"\nforms = ["cfg"]\n')
    status, out, err = _jlir(capsys, "snapshot", "check", str(tmp_path / "m.toml"))
    assert (status, out) == (2, "")
    assert err.startswith("jlir: error: ") and "unknown form cfg" in err


def _two_versions(tmp_path, old: str, new: str, form: str, files: tuple[str, str]) -> str:
    """A manifest with one target whose snapshots for Julia `old` and `new` are two stored corpus prints."""
    (tmp_path / "snapshots.toml").write_text(f'[[target]]\ncall = "f(3.2)"\nname = "f"\n'
                                             f'forms = ["{form}", "stability"]\n')
    import jlir
    from jlir.snapshot import facts_text, stability_facts
    for version, name in zip((old, new), files):
        folder = tmp_path / "ir-snapshots" / f"julia-{version}"
        folder.mkdir(parents=True)
        text = (CORPUS / name).read_text(encoding="utf-8")
        (folder / f"f.{form}.txt").write_text(text, encoding="utf-8")
        facts = stability_facts(jlir.functions(jlir.parse(text))[0])
        (folder / "f.stability.json").write_text(facts_text(facts), encoding="utf-8")
    return str(tmp_path / "snapshots.toml")


def test_diff_of_two_versions_snapshots_accepts_style_and_strict_does_not(tmp_path, capsys):
    # @code_warntype f(3.2) as Julia 1.2–1.6 (0042) and 1.10 (0041) print it
    manifest = _two_versions(tmp_path, "1.5", "1.10", "warntype", ("0042.txt", "0041.txt"))
    status, out, _ = _jlir(capsys, "snapshot", "diff", manifest, "1.5", "1.10.4")
    assert (status, out.splitlines()) == (0, [
        "julia-1.5 → julia-1.10: f warntype: ok: equivalent: the prints differ only in printing style (Julia "
        "1.2–1.5 vs 1.9+)",
        "julia-1.5 → julia-1.10: f stability: ok",
        "2 ok, 0 changed, 0 failed"])
    status, out, _ = _jlir(capsys, "snapshot", "diff", manifest, "1.5", "1.10", "--strict")
    assert status == 1 and out.splitlines()[-1] == "1 ok, 1 changed, 0 failed"
    assert "    snapshot check: strict mode fails on printing-style differences; use style-insensitive mode" in out


def test_diff_of_two_versions_snapshots_reports_a_real_change(tmp_path, capsys):
    # one do-block's @code_typed as Julia 1.7 (0109) and 1.9 (0110) print it
    manifest = _two_versions(tmp_path, "1.7", "1.9", "typed", ("0109.txt", "0110.txt"))
    status, out, _ = _jlir(capsys, "snapshot", "diff", manifest, "1.7", "1.9", "--json")
    data = json.loads(out)
    assert status == 1 and data["summary_line"] == "1 ok, 1 changed, 0 failed"
    typed = data["results"][0]
    assert typed["message"] == "different: 6 added, 4 removed, 2 changed (0 types), blocks changed"
    assert _jlir(capsys, "snapshot", "diff", manifest, "1.7", "1.11")[:2] == (
        2, f"julia-1.7 → julia-1.11: f typed: failed: no snapshot: {tmp_path}/ir-snapshots/julia-1.11/f.typed.txt\n"
           f"julia-1.7 → julia-1.11: f stability: failed: no snapshot: "
           f"{tmp_path}/ir-snapshots/julia-1.11/f.stability.json\n0 ok, 0 changed, 2 failed\n")


def test_the_tutorial_shows_the_example_project_the_suite_runs():
    # the tutorial includes each file of the project (pymdownx.snippets), so what it shows is what the suite runs
    page = (ROOT / "docs" / "tutorials" / "guard-in-ci.md").read_text(encoding="utf-8")
    for name in ("src/mysum.jl", "tests/test_ir.py", "snapshots.toml"):
        assert (EXAMPLE / name).is_file()
        assert f'--8<-- "{EXAMPLE.relative_to(ROOT).as_posix()}/{name}"' in page, name


@needs_julia
def test_progress_shows_on_a_terminal_and_is_cleared(project, capsys, monkeypatch):
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    status, out, err = _jlir(capsys, "snapshot", "update", str(project / "snapshots.toml"), "--julia", JULIAS[0])
    assert status == 0 and out.splitlines()[-1] == "2 new, 0 updated, 0 unchanged, 0 failed"
    assert err.startswith("\r[1/2] Julia 1.5.3: mysum typed\r[2/2] Julia 1.5.3: mysum stability")
    assert err.endswith("\r" + " " * len("[2/2] Julia 1.5.3: mysum stability") + "\r")
