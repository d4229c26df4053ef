"""A run's limits bind however costly one statement is, and exhaustion is Julia's answer, never Python's: the
wall clock (`timeout`, checked by a watcher thread, not only between statements), the memory (`max_memory`:
Julia's `OutOfMemoryError` as the run's result), the runtime's own size checks.  The prints and Julia's answers
are Julia 1.5.3's (tests/data/interp/exhaustion.jl)."""
from __future__ import annotations

import time
from pathlib import Path

import pytest
from support.cli import run_jlir

import jlir
from jlir import interp

PRINTS = Path(__file__).resolve().parents[1] / "data" / "interp" / "exhaustion-1.5.3.txt"


@pytest.fixture(scope="module")
def fns():
    fr, vec, spin = jlir.functions(jlir.parse(PRINTS.read_text(encoding="utf-8")))
    return {"fr": fr, "vec": vec, "spin": spin}


def _outcome(fn, n, **limits):
    return interp.run(fn, [n], interp.BaseProvider(), argnames=["n"], **limits).outcome


@pytest.mark.parametrize("n,want", [(9223372036854775807, "ErrorException"), (-1, "ArgumentError"),
                                    (2 ** 40, "OutOfMemoryError")])
def test_the_runtimes_allocation_checks_are_julias(fns, n, want):
    assert _outcome(fns["vec"], n) == ("exception", want)  # Julia 1.5.3: invalid Array size / dimensions, OOM


def test_a_string_past_the_memory_limit_is_julias_out_of_memory_error(fns):
    assert _outcome(fns["fr"], 5, max_memory=1 << 40) == ("value", "Int64", "5")
    assert _outcome(fns["fr"], 10 ** 8, max_memory=200 << 20) == ("exception", "OutOfMemoryError")


def test_a_memory_limit_the_process_passes_ends_the_run_in_out_of_memory_error(fns):
    t = time.monotonic()
    assert _outcome(fns["spin"], 1, max_memory=1) == ("exception", "OutOfMemoryError")
    assert time.monotonic() - t < 2.0


@pytest.mark.parametrize("name,n", [("spin", 1), ("fr", 10 ** 6)])
def test_the_timeout_binds_within_a_second(fns, name, n):
    t = time.monotonic()
    with pytest.raises(interp.NotInterpretable, match="stopped after 1 s"):
        _outcome(fns[name], n, timeout=1.0)
    assert time.monotonic() - t < 2.0


def test_jlir_run_stops_at_its_timeout_and_says_so():
    out = run_jlir("run", str(PRINTS), "--function", "1", "--args", "1000000", "--timeout", "2", text=True)
    assert out.returncode == 2 and "stopped after 2 s (--timeout)" in out.stderr and "Traceback" not in out.stderr


def test_jlir_run_prints_out_of_memory_error_as_a_result():
    out = run_jlir("run", str(PRINTS), "--function", "1", "--args", "100000000", "--max-memory", "200M", text=True)
    assert (out.returncode, out.stdout, out.stderr) == (1, "ERROR: OutOfMemoryError\n", "")
    out = run_jlir("run", str(PRINTS), "--function", "2", "--args", "-1", text=True)
    assert (out.returncode, out.stdout) == (1, "ERROR: ArgumentError\n")


def test_a_huge_uninitialised_string_is_built_a_chunk_at_a_time_so_the_watcher_can_stop_it():
    # `repeat("a", 10^8)` with `--timeout 2` stopped after 7.8–10.2 s on a loaded machine: its 10^8-slot list was
    # one C call the watcher's SIGALRM waits for; built a chunk at a time, it stops at 2.2–2.7 s
    from jlir.interp import foreign
    from jlir.semantics.pointers import CHUNK
    items = foreign._filled(None, 2 * CHUNK + 3)
    assert len(items) == 2 * CHUNK + 3 and items.count(None) == len(items)
    assert foreign._filled(0, 5) == [0] * 5


def test_a_deadline_swallowed_once_is_raised_again_until_the_run_is_left():
    # an Exhausted raised inside a gc callback or a __del__ is printed as unraisable and dropped: the watch
    # interrupts again, so the limit still binds
    import time
    from jlir.interp.limits import Exhausted, Watch
    swallowed, end = 0, time.monotonic() + 5.0
    with pytest.raises(Exhausted):
        with Watch(time.monotonic() + 0.05, None):
            while time.monotonic() < end:
                try:
                    while time.monotonic() < end:
                        time.sleep(0.005)
                except Exhausted:
                    swallowed += 1
                    if swallowed > 1:
                        raise
    assert swallowed == 2
