"""scripts/gen/regen_fixtures.py: deterministic, atomic, strict about case ranks, and clear when it fails."""
from __future__ import annotations

import importlib.util
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
    return subprocess.run([sys.executable, str(ROOT / "scripts" / "gen" / "regen_fixtures.py"), *map(str, args)],
                          capture_output=True, text=True, timeout=timeout)


def scripts_module(name: str):
    """A helper module of regen_fixtures.py (`scripts/gen/<name>.py`, not a package), loaded from its file: the
    test process's import path stays as it is."""
    if name not in _LOADED:
        spec = importlib.util.spec_from_file_location(f"jlir_regen_{name}", ROOT / "scripts" / "gen" / f"{name}.py")
        module = _LOADED[name] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    return _LOADED[name]


_LOADED: dict = {}


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


# ----------------------------------------------------------------- an interrupted swap, repaired by the next run
def _dead_pid() -> int:
    """The pid of a process that has ended (so no regen run owns a folder named with it)."""
    proc = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    return int(proc.stdout)


def _folder(path: Path, marker: str) -> Path:
    path.mkdir(parents=True)
    (path / "MANIFEST.json").write_text(marker)
    return path


def test_a_run_killed_between_the_two_renames_gets_its_old_fixtures_put_back(tmp_path):
    fixture_swap = scripts_module("fixture_swap")
    pid = _dead_pid()
    _folder(tmp_path / f".julia-1.5.3.old-{pid}", "old")          # first rename done, second not
    _folder(tmp_path / f".julia-regen-{pid}-x1y2", "new, never swapped in")
    done = fixture_swap.recover(tmp_path)
    assert (tmp_path / "julia-1.5.3" / "MANIFEST.json").read_text() == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["julia-1.5.3"]
    assert done == [f"put julia-1.5.3 back from .julia-1.5.3.old-{pid}, where an interrupted swap had left it",
                    f"removed .julia-regen-{pid}-x1y2, the temporary folder of an interrupted run"]


def test_a_run_killed_after_the_swap_gets_the_old_folder_removed(tmp_path):
    fixture_swap = scripts_module("fixture_swap")
    pid = _dead_pid()
    _folder(tmp_path / "julia-1.5.3", "new")
    _folder(tmp_path / f".julia-1.5.3.old-{pid}", "old")
    assert fixture_swap.recover(tmp_path) == [
        f"removed .julia-1.5.3.old-{pid}, the previous julia-1.5.3 an interrupted swap left beside the new one"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["julia-1.5.3"]
    assert (tmp_path / "julia-1.5.3" / "MANIFEST.json").read_text() == "new"


def test_the_folders_of_a_run_still_going_are_left_alone(tmp_path):
    fixture_swap = scripts_module("fixture_swap")
    import os
    live = os.getppid()   # pytest's parent: running
    _folder(tmp_path / f".julia-1.5.3.old-{live}", "old")
    _folder(tmp_path / f".julia-regen-{live}-abc", "work")
    _folder(tmp_path / ".julia-regen-k3j4", "work of a run from before pids were in the name")
    assert fixture_swap.recover(tmp_path) == [
        "removed .julia-regen-k3j4, the temporary folder of an interrupted run"]
    assert sorted(p.name for p in tmp_path.iterdir()) == [f".julia-1.5.3.old-{live}", f".julia-regen-{live}-abc"]


def _failing_second_rename(monkeypatch, also_fail_back=False):
    calls = []
    real = Path.rename

    def rename(self, target):
        calls.append(self.name)
        if len(calls) == 2 or (also_fail_back and len(calls) == 3):
            raise OSError(28, "No space left on device")
        return real(self, target)
    monkeypatch.setattr(Path, "rename", rename)


def test_when_the_second_rename_fails_the_old_fixtures_are_put_back_and_the_message_says_so(tmp_path, monkeypatch):
    fixture_swap = scripts_module("fixture_swap")
    final, work = _folder(tmp_path / "julia-1.5.3", "old"), _folder(tmp_path / ".julia-regen-1-w", "new")
    _failing_second_rename(monkeypatch)
    with pytest.raises(fixture_swap.SwapError, match=r"the swap failed \(.*No space left.*\); the old fixtures were "
                                                       r"put back in .*julia-1\.5\.3$"):
        fixture_swap.swap_in(work, final)
    assert (final / "MANIFEST.json").read_text() == "old"


def test_when_putting_them_back_fails_too_the_message_says_where_they_are_and_the_next_run_restores_them(
        tmp_path, monkeypatch):
    fixture_swap = scripts_module("fixture_swap")
    final, work = _folder(tmp_path / "julia-1.5.3", "old"), _folder(tmp_path / ".julia-regen-1-w", "new")
    _failing_second_rename(monkeypatch, also_fail_back=True)
    with pytest.raises(fixture_swap.SwapError) as e:
        fixture_swap.swap_in(work, final)
    monkeypatch.undo()
    import os
    aside = tmp_path / f".julia-1.5.3.old-{os.getpid()}"
    assert f"they are in {aside}; the next run of this script puts them back" in str(e.value)
    assert not final.exists() and (aside / "MANIFEST.json").read_text() == "old"
    monkeypatch.setattr(fixture_swap, "alive", lambda pid: False)   # as seen by the next run, once this one ended
    fixture_swap.recover(tmp_path)
    assert (final / "MANIFEST.json").read_text() == "old"


def test_the_script_reports_a_failed_swap_truthfully(tmp_path):
    """Through main(): a SwapError is not followed by "the fixtures were left as they were"."""
    code = ("import sys, pathlib; sys.path.insert(0, 'scripts/gen'); import regen_fixtures as r\n"
            "def boom(*a, **k): raise r.SwapError('the swap failed (x); the old fixtures were put back in F')\n"
            "r.regen_one = boom; r.julia_specs = lambda explicit: [None]\n"
            f"sys.exit(r.main(['--out', {str(tmp_path)!r}]))\n")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert run.returncode == 1
    assert "the old fixtures were put back in F" in run.stderr and "left as they were" not in run.stderr


def test_the_regen_temporaries_are_ignored_by_git():
    paths = ["fixtures/.julia-regen-123-abcd/x.txt", "fixtures/.julia-1.5.3.old-123/x.txt",
             "fixtures/.reference-regen-abcd/x.txt", "fixtures/.reference-1.5.3.old/x.txt"]
    run = subprocess.run(["git", "check-ignore", *paths], capture_output=True, text=True, cwd=ROOT)
    assert run.stdout.split() == paths


def _start_and_wait_for_work_folder(out: Path):
    import time
    proc = subprocess.Popen([sys.executable, str(ROOT / "scripts" / "gen" / "regen_fixtures.py"), "--julia", JULIAS[0],
                             "--out", str(out), "--cases", "loops"], stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while not list(out.glob(".julia-regen-*")) and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.05)
    assert list(out.glob(".julia-regen-*")), "the run never made its work folder"
    return proc


@needs_julia
def test_sigterm_mid_run_removes_the_work_folder_and_says_nothing_changed(tmp_path):
    import signal
    out = tmp_path / "out"
    out.mkdir()
    proc = _start_and_wait_for_work_folder(out)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 1 and "interrupted; the fixtures were left as they were" in err
    assert list(out.iterdir()) == []


@needs_julia
def test_sigkill_mid_run_leaves_a_work_folder_the_next_run_removes_and_names(tmp_path):
    import signal
    out = tmp_path / "out"
    out.mkdir()
    proc = _start_and_wait_for_work_folder(out)
    proc.send_signal(signal.SIGKILL)
    proc.communicate(timeout=60)
    (stale,) = out.glob(".julia-regen-*")
    run = regen("--julia", JULIAS[0], "--out", out, "--cases", "loops")
    assert run.returncode == 0, run.stderr
    assert f"recovered: removed {stale.name}, the temporary folder of an interrupted run" in run.stderr
    assert [p.name for p in out.iterdir()] == ["julia-1.5.3"]


def test_files_other_scripts_keep_beside_the_fixtures_survive_a_regeneration(tmp_path):
    """A swap replaces the whole folder: files its manifest does not list (ssa-hand-results.tsv, written by
    scripts/gen/gen_ssa_hand_results.jl) are copied into the new one, not deleted."""
    regen_fixtures = scripts_module("regen_fixtures")
    final, work = tmp_path / "julia-1.5.3", tmp_path / "work"
    final.mkdir()
    work.mkdir()
    (final / "loops.typed.txt").write_text("old fixture")
    (final / "ssa-hand-results.tsv").write_text("someone else's data")
    manifest = {"files": {"loops.typed.txt": {}}}
    assert regen_fixtures.keep_foreign(final, work, manifest) == {"ssa-hand-results.tsv"}
    assert sorted(p.name for p in work.iterdir()) == ["ssa-hand-results.tsv"]
    assert (work / "ssa-hand-results.tsv").read_text() == "someone else's data"
