"""Which Julia jlir.live runs, and what it says when there is none or it does not start (no real Julia needed)."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from jlir.live import Julia, JuliaNotFound, JuliaStartError
from jlir.live import juliacall_backend
from jlir.live.locate import find_julia, resolve

SLEEP = shutil.which("sleep")  # found before a test empties PATH


def executable(path: Path, script: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("#!/bin/sh\n" + script + "\n")
    path.chmod(0o755)
    return path


@pytest.fixture
def bare_machine(tmp_path, monkeypatch):
    """No Julia anywhere: empty PATH, no $JLIR_JULIA, an empty jlir cache, juliacall unavailable."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    monkeypatch.setenv("PATH", str(bin_dir))
    monkeypatch.delenv("JLIR_JULIA", raising=False)
    monkeypatch.setenv("JLIR_JULIA_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(juliacall_backend, "_failure", "not installed (pip install 'jlir[julia]')")
    return bin_dir


def test_an_explicit_julia_wins_over_the_environment(tmp_path, bare_machine, monkeypatch):
    mine = executable(tmp_path / "mine" / "julia", "exit 0")
    monkeypatch.setenv("JLIR_JULIA", str(executable(tmp_path / "env" / "julia", "exit 0")))
    assert find_julia(str(mine)).argv == (str(mine),)
    assert find_julia(str(mine)).origin == "--julia"


def test_the_search_order_is_jlir_julia_then_path_then_the_cache(tmp_path, bare_machine, monkeypatch):
    cached = executable(tmp_path / "cache" / "julia-1.5.3" / "bin" / "julia", "exit 0")
    assert find_julia().argv == (str(cached),)
    on_path = executable(bare_machine / "julia", "exit 0")
    assert find_julia().argv == (str(on_path),)
    env = executable(tmp_path / "env" / "julia", "exit 0")
    monkeypatch.setenv("JLIR_JULIA", str(env))
    assert (find_julia().argv, find_julia().origin) == ((str(env),), "$JLIR_JULIA")


def test_a_channel_runs_juliaups_launcher_with_the_channel_first(bare_machine):
    launcher = executable(bare_machine / "julia", "exit 0")
    executable(bare_machine / "juliaup", "exit 0")
    assert resolve("+1.11", "--julia").argv == (str(launcher), "+1.11")


def test_a_channel_without_juliaup_says_juliaup_is_needed(bare_machine):
    executable(bare_machine / "julia", "exit 0")
    with pytest.raises(JuliaNotFound, match="juliaup is not installed"):
        resolve("+1.11", "--julia")


@pytest.mark.parametrize("spec, says", [("/no/such/julia", "no such file"), ("no-such-julia", "no such command"),
                                        ("", "is empty")])
def test_an_explicit_julia_that_does_not_exist_is_an_error_not_a_fallback(bare_machine, spec, says):
    executable(bare_machine / "julia", "exit 0")
    with pytest.raises(JuliaNotFound, match=says):
        Julia(spec or " ", backend="subprocess")


def test_a_file_that_is_not_executable_is_refused(tmp_path, bare_machine):
    plain = tmp_path / "julia"
    plain.write_text("")
    with pytest.raises(JuliaNotFound, match="not an executable"):
        resolve(str(plain), "--julia")


def test_with_no_julia_the_error_lists_every_place_tried_and_how_to_install(bare_machine):
    with pytest.raises(JuliaNotFound) as e:
        Julia()
    message = str(e.value)
    for tried in ("juliacall: not installed", "$JLIR_JULIA: not set", "`julia` on PATH: not found",
                  "none installed", "Install Julia", "--julia PATH"):
        assert tried in message
    assert len(e.value.tried) == 4


def test_a_julia_that_exits_at_start_up_reports_its_status_and_last_words(tmp_path, bare_machine):
    broken = executable(tmp_path / "julia", "echo 'ERROR: could not load library' >&2; exit 3")
    with pytest.raises(JuliaStartError, match=r"exit status 3(.|\n)*could not load library"):
        Julia(str(broken), backend="subprocess")


def test_a_julia_that_prints_something_else_than_the_protocol_is_refused(tmp_path, bare_machine):
    chatty = executable(tmp_path / "julia", f"echo 'Welcome to Julia'; {SLEEP} 5")
    with pytest.raises(JuliaStartError, match="Welcome to Julia"):
        Julia(str(chatty), backend="subprocess")


def test_a_julia_that_never_answers_times_out_at_start_up(tmp_path, bare_machine):
    silent = executable(tmp_path / "julia", f"{SLEEP} 30")
    with pytest.raises(JuliaStartError, match="did not start up within 0.5 s"):
        Julia(str(silent), backend="subprocess", startup_timeout=0.5)


def test_an_unknown_backend_is_a_value_error():
    with pytest.raises(ValueError, match="backend must be one of"):
        Julia(backend="pyjulia")
