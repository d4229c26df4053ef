"""scripts/regen_fixtures.py: deterministic, atomic, strict about case ranks, and clear when it fails."""
from __future__ import annotations

import importlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import FIXTURES, NO_JULIA, ROOT, live_julias

JULIAS = live_julias()
needs_julia = pytest.mark.skipif(not JULIAS, reason=NO_JULIA)


def regen(*args, timeout=600):
    return subprocess.run([sys.executable, str(ROOT / "scripts" / "regen_fixtures.py"), *map(str, args)],
                          capture_output=True, text=True, timeout=timeout)


def scripts_module(name: str):
    """A helper module of scripts/ (not a package), imported as regen_fixtures.py imports it."""
    if str(ROOT / "scripts") not in sys.path:
        sys.path.insert(0, str(ROOT / "scripts"))
    return importlib.import_module(name)


def snapshot_tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def case_folder(tmp_path: Path, cases: dict[str, str], order: list[str]) -> Path:
    folder = tmp_path / "cases"
    folder.mkdir()
    for name, code in cases.items():
        (folder / f"{name}.jl").write_text(code)
    (folder / "order.txt").write_text("# ranks\n" + "".join(f"{n}\n" for n in order))
    return folder


@needs_julia
def test_a_second_run_with_no_change_changes_no_byte(tmp_path):
    out = tmp_path / "out"
    first = regen("--julia", JULIAS[0], "--out", out, "--cases", "loops,closures,simd")
    assert first.returncode == 0, first.stderr
    before = snapshot_tree(out)
    second = regen("--julia", JULIAS[0], "--out", out, "--cases", "loops,closures,simd")
    assert second.returncode == 0, second.stderr
    assert snapshot_tree(out) == before
    assert any(name.endswith("MANIFEST.json") for name in before)


@needs_julia
def test_progress_goes_to_stderr_one_line_per_case_when_not_a_terminal(tmp_path):
    run = regen("--julia", JULIAS[0], "--out", tmp_path, "--cases", "loops,chars")
    assert run.returncode == 0, run.stderr
    assert run.stdout == ""
    progress = [line for line in run.stderr.splitlines() if "] " in line and "/2 " in line]
    assert len(progress) == 2 and progress[-1].split("] ")[1].startswith("2/2")


@needs_julia
def test_a_failing_case_leaves_the_previous_fixtures_intact(tmp_path):
    cases = case_folder(tmp_path, {"good": "# target: good_f(1)\ngood_f(x) = x + 1\n",
                                   "bad": "# target: bad_f(1)\nbad_f(x) = (x +\n"}, ["good", "bad"])
    out = tmp_path / "out"
    ok = regen("--julia", JULIAS[0], "--out", out, "--cases-dir", cases, "--cases", "good")
    assert ok.returncode == 0, ok.stderr
    before = snapshot_tree(out)
    failed = regen("--julia", JULIAS[0], "--out", out, "--cases-dir", cases)
    assert failed.returncode == 1
    assert "produced no output at all: bad" in failed.stderr and "left as they were" in failed.stderr
    assert snapshot_tree(out) == before
    assert not list(out.glob(".julia-*")), "a work folder was left behind"


def test_a_julia_that_fails_to_start_changes_nothing(tmp_path):
    fake = tmp_path / "julia"
    fake.write_text("#!/bin/sh\necho 'ERROR: broken install' >&2\nexit 1\n")
    fake.chmod(0o755)
    out = tmp_path / "out"
    shutil.copytree(FIXTURES / "julia-1.5.3", out / "julia-1.5.3")
    before = snapshot_tree(out)
    run = regen("--julia", fake, "--out", out, timeout=60)
    assert run.returncode == 1
    assert "broken install" in run.stderr
    assert snapshot_tree(out) == before


def test_a_case_missing_from_the_order_file_is_refused_before_julia_runs(tmp_path):
    cases = case_folder(tmp_path, {"a": "# target: a_f(1)\na_f(x) = x\n", "b": "# target: b_f(1)\nb_f(x) = x\n"},
                        ["a"])
    run = regen("--julia", tmp_path / "no-julia-needed", "--out", tmp_path / "out", "--cases-dir", cases)
    assert run.returncode == 1
    assert "not in" in run.stderr and "order.txt: b (append them at the end" in run.stderr


def test_every_committed_case_has_a_rank():
    names = {p.stem for p in (FIXTURES / "cases").glob("*.jl")}
    order = [line.strip() for line in (FIXTURES / "cases" / "order.txt").read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    assert names <= set(order) and len(order) == len(set(order))


@needs_julia
def test_the_base_reference_sample_is_the_same_on_a_second_run_and_read_by_jlir():
    reference_data = scripts_module("reference_data")
    from jlir.live import Julia
    from jlir.live.locate import find_julia
    with Julia(JULIAS[0], backend="subprocess") as jl:
        if jl.info.get("reference") != "true":
            pytest.skip(f"Julia {jl.version} has no 1.5 compiler internals for the reference analyses")
        version = jl.version
    argv = find_julia(JULIAS[0]).argv
    first = reference_data.base_sample(argv, version, count=12)
    assert reference_data.base_sample(argv, version, count=12) == first
    files, info = first
    assert info["functions"] == 12 and len(files[reference_data.BASE_FILE].splitlines()) == 12
    committed = (FIXTURES / f"julia-{version}" / reference_data.BASE_FILE).read_bytes().splitlines()
    assert files[reference_data.BASE_FILE].splitlines() == committed[:12], "the sample's start moved"


def test_base_instances_julia_fails_on_or_jlir_cannot_read_are_skipped_counted_and_named(monkeypatch):
    reference_data = scripts_module("reference_data")
    good = (FIXTURES / "julia-1.5.3" / "loops.ircode-noline.txt").read_text(encoding="utf-8")
    reference = {"cfg": {"blocks": []}, "idoms": [], "verify": "ok", "ssa": {}}
    raw = [{"target": "Tuple{typeof(a)}", "ircode": good, "reference": reference},
           {"target": "Tuple{typeof(b)}", "failed": "MethodError: no method"},
           {"target": "Tuple{typeof(c)}", "ircode": " 1 ─ %1 = ??? \n", "reference": reference},
           {"target": "Tuple{typeof(d)}", "ircode": good, "reference": reference},
           {"target": "Tuple{typeof(e)}", "ircode": good, "reference": reference}]
    monkeypatch.setattr(reference_data, "run_generator", lambda argv, count, every: ({"instances": 9, "uninflated": 1},
                                                                                      raw))
    files, info = reference_data.base_sample(["julia"], "1.5.3", count=2)
    assert [json.loads(line)["target"] for line in files[reference_data.BASE_FILE].splitlines()] == \
        ["Tuple{typeof(a)}", "Tuple{typeof(d)}"]
    assert info["skipped_julia_failed"] == {"Tuple{typeof(b)}": "MethodError: no method"}
    assert info["skipped_jlir_unreadable"] == ["Tuple{typeof(c)}"] and info["functions"] == 2
    assert files[reference_data.BASE_IRCODE].decode() == good + good
    with pytest.raises(RuntimeError, match="only 3 of 4"):
        reference_data.base_sample(["julia"], "1.5.3", count=4)
