"""A live Julia session through jlir.live: what it prints, and how it survives errors, kills and timeouts.

Runs against the first Julia of conftest.live_julias() (CI installs 1.5.3) with
the subprocess backend; skipped, saying what was looked for, when there is none.
"""
from __future__ import annotations

import json
import os
import signal
import threading
import time

import pytest

import jlir
from conftest import FIXTURES, NO_JULIA, live_julias
from jlir.ir.cfg import compute_cfg
from jlir.live import Julia, JuliaCrashed, JuliaError, JuliaTimeout

JULIAS = live_julias()
pytestmark = pytest.mark.skipif(not JULIAS, reason=NO_JULIA)

LOOPS = (FIXTURES / "cases" / "loops.jl").read_text(encoding="utf-8")
TARGET = "sum_loop(::Vector{Float64})"


@pytest.fixture(scope="module")
def jl():
    with Julia(JULIAS[0], backend="subprocess", timeout=120) as session:
        yield session


@pytest.fixture(scope="module")
def committed(jl):
    folder = FIXTURES / f"julia-{jl.version}"
    if not folder.is_dir():
        pytest.skip(f"no committed fixtures for Julia {jl.version} (scripts/gen/regen_fixtures.py --julia {JULIAS[0]})")
    return folder


def test_the_session_reports_the_julia_it_runs(jl):
    assert jl.backend == "subprocess"
    assert jl.version.count(".") == 2
    assert "typed" in jl.forms and "warntype" in jl.forms
    assert jl.pid and jl.pid != os.getpid()


@pytest.mark.parametrize("form", ["typed", "typed-unoptimized", "typed-source", "typed-vector", "lowered",
                                  "lowered-source", "warntype", "ircode", "ircode-noline", "cfg", "domtree"])
def test_every_form_fetched_is_exactly_what_the_fixture_of_that_julia_holds(jl, committed, form):
    if form not in jl.forms:
        pytest.skip(f"Julia {jl.version} cannot print {form}")
    fetched = jl.fetch(TARGET, form, defs=LOOPS, defs_name="loops.jl")
    suffix = "json" if form == "domtree" else "txt"
    assert fetched.text == (committed / f"loops.{form}.{suffix}").read_text(encoding="utf-8")
    if fetched.document is not None:
        assert jlir.format(fetched.document) == fetched.text


def test_code_typed_gives_the_function_with_its_text(jl):
    f = jl.code_typed(TARGET, defs=LOOPS, defs_name="loops.jl")
    assert f.form == "typed" and f.julia_version == jl.version
    assert f.command.startswith("code_typed(sum_loop, ")
    assert len(f.blocks) == len(f.function.blocks) > 1
    assert jlir.format(f.function) + "\n" == f.text
    assert "(s = 0.0)" in jl.code_typed(TARGET, optimize=False).text and "(s = 0.0)" not in f.text
    assert "@ loops.jl:" in jl.code_lowered(TARGET, debuginfo="source").text
    assert jl.code_warntype(TARGET).text.startswith("Variables" if jl.version < "1.7" else "MethodInstance")


def test_julias_own_cfg_matches_the_printed_ircode_read_by_jlir(jl):
    ir = jl.ircode(TARGET, defs=LOOPS, defs_name="loops.jl").function
    cfg = jl.cfg(TARGET)
    assert [(b.first, b.last) for b in cfg.blocks] == [(b.first, b.last) for b in ir.blocks]
    ours = compute_cfg(ir)
    assert [list(b.succs) for b in cfg.blocks] == [list(b.succs) for b in ours.blocks]
    assert [sorted(b.preds) for b in cfg.blocks] == [sorted(b.preds) for b in ours.blocks]
    assert len(jl.domtree(TARGET)) == len(cfg.blocks)


def test_definitions_are_evaluated_once_per_text(jl):
    once = "const JLIR_ONCE = Ref(0)\nJLIR_ONCE[] += 1\nJLIR_ONCE[] > 1 && error(\"evaluated twice\")\nonce(x) = x\n"
    for _ in range(3):
        assert jl.code_typed("once(1)", defs=once, defs_name="once.jl").return_type is not None


def test_an_error_in_julia_names_the_stage_and_the_session_goes_on(jl):
    pid = jl.pid
    with pytest.raises(JuliaError, match="UndefVarError") as e:
        jl.code_typed("no_such_function(1)")
    assert e.value.stage == "target"
    with pytest.raises(JuliaError) as e:
        jl.code_typed("broken(1)", defs="broken(x) = (x +\n", defs_name="broken.jl")
    assert e.value.stage == "define" and "broken.jl" in e.value.julia_message
    with pytest.raises(JuliaError) as e:
        jl.code_typed("sum_loop(1, 2, 3)")
    assert e.value.stage == "render" and "no method matches" in e.value.julia_message
    assert jl.code_typed(TARGET).return_type is not None
    assert jl.pid == pid


def test_what_user_code_prints_goes_to_stderr_not_into_the_protocol(tmp_path):
    lines = []
    with Julia(JULIAS[0], backend="subprocess", on_stderr=lines.append) as jl:
        text = jl.code_typed("noisy(1)", defs='println("hello from user code")\nnoisy(x) = x\n').text
        assert text.startswith("CodeInfo(")
    assert "hello from user code" in lines


def test_killing_julia_between_calls_raises_once_then_a_new_julia_answers():
    with Julia(JULIAS[0], backend="subprocess") as jl:
        first = jl.pid
        os.kill(first, signal.SIGKILL)
        time.sleep(0.2)
        with pytest.raises(JuliaCrashed, match="exited since the last request .killed by SIGKILL") as e:
            jl.code_typed("identity(1)")
        assert e.value.returncode == -signal.SIGKILL
        assert jl.code_typed("identity(1)").return_type is not None
        assert jl.pid not in (None, first)


def test_killing_julia_during_a_call_raises_from_that_call_then_a_new_julia_answers():
    with Julia(JULIAS[0], backend="subprocess") as jl:
        busy = jl.pid
        threading.Timer(1.0, os.kill, (busy, signal.SIGKILL)).start()
        with pytest.raises(JuliaCrashed, match="exited while answering a request"):
            jl.define("sleep(60)\n", "slow.jl")
        assert jl.code_typed("identity(1)").return_type is not None
        assert jl.pid != busy


def test_user_code_that_exits_julia_is_a_crash_with_its_status():
    with Julia(JULIAS[0], backend="subprocess") as jl:
        with pytest.raises(JuliaCrashed, match="exit status 3"):
            jl.define("exit(3)\n", "exits.jl")
        assert jl.code_typed("identity(1)").return_type is not None


def test_a_call_that_overruns_its_timeout_stops_julia_and_the_next_call_works():
    with Julia(JULIAS[0], backend="subprocess", timeout=1.0) as jl:
        slow = jl.pid
        t0 = time.monotonic()
        with pytest.raises(JuliaTimeout, match="did not answer within 1 s"):
            jl.define("sleep(60)\n", "slow.jl")
        assert time.monotonic() - t0 < 30
        jl.timeout = 120  # a new Julia's first answer includes compiling the reflection code
        assert jl.code_typed("identity(1)").return_type is not None
        assert jl.pid != slow


def test_the_domtree_is_julias_json_and_matches_the_fixture(jl, committed):
    text, command = jl.render(TARGET, "domtree", defs=LOOPS, defs_name="loops.jl")
    assert json.loads(text) == json.loads((committed / "loops.domtree.json").read_text())
    assert "construct_domtree" in command


def test_the_reference_analyses_are_the_committed_ones(jl, committed):
    if jl.info.get("reference") != "true":
        pytest.skip(f"Julia {jl.version} has no 1.5 compiler internals for the reference analyses")
    (record,) = [json.loads(line) for line in (committed / "reference-cases.jsonl").read_text().splitlines()
                 if json.loads(line)["name"] == "loops"]
    assert record["target"] == TARGET
    got = jl.reference(TARGET, defs=LOOPS, defs_name="loops.jl")
    assert got == {k: v for k, v in record.items() if k not in ("name", "target")}
    assert got["verify"] == "ok" and any(slot["idf"] for slot in got["ssa"]["slots"])


def test_auto_falls_back_to_a_subprocess_when_juliacall_cannot_start(monkeypatch):
    from jlir.live import juliacall_backend
    monkeypatch.setattr(juliacall_backend, "_failure", "cannot start (a test says so)")
    monkeypatch.setenv("JLIR_JULIA", JULIAS[0])
    with Julia() as jl:
        assert jl.backend == "subprocess"
        assert "$JLIR_JULIA" in jl.command


def test_an_explicitly_named_julia_wins_over_juliacall_in_auto(monkeypatch):
    """`$JLIR_JULIA` names a Julia: `auto` must run that one, never try juliacall (whose Julia is its own pick)."""
    from jlir.live import session
    tried = []

    class Juliacall:
        def __init__(self, *args, **kwargs):
            tried.append(args)
            raise AssertionError("juliacall was tried although a Julia was named")
    monkeypatch.setattr(session, "JuliacallBackend", Juliacall)
    monkeypatch.setenv("JLIR_JULIA", JULIAS[0])
    with Julia() as jl:
        assert jl.backend == "subprocess" and "$JLIR_JULIA" in jl.command
    with Julia(JULIAS[0]) as jl:
        assert jl.backend == "subprocess"
    assert tried == []


def _group_members(pgid: int) -> list[int]:
    """The processes whose process group is `pgid` (from /proc: the 5th field of /proc/PID/stat)."""
    members = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != "Z":
            members.append(int(entry))
    return members


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="needs /proc to see the processes Julia started")
def test_a_timeout_ends_julia_and_the_processes_user_code_started():
    # a grandchild holding Julia's pipes must not outlive the timeout (once `--timeout 5` took 46 s, orphaning `sleep 45`)
    defs = "function hang()\n    run(pipeline(`sleep 45`), wait=false)\n    while true end\nend\nkeep(x) = x\n"
    with Julia(JULIAS[0], backend="subprocess", timeout=5.0) as jl:
        jl.define("keep(x) = x\n", "warm.jl")
        group = jl.pid
        t0 = time.monotonic()
        with pytest.raises(JuliaTimeout, match="did not answer within 5 s"):
            jl.fetch("keep(hang())", defs=defs, defs_name="hang.jl")
        assert time.monotonic() - t0 < 20
        deadline = time.monotonic() + 10
        while _group_members(group) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert _group_members(group) == []


# Writes frames to the reply pipe (the fd of Julia's whose link is the pipe Python reads replies from), as user
# code can: the first would answer `define`, the second `render` with made-up IR, if jlir took them for replies.
FORGE = r'''
function forge_frames(pipe, frames...)
    for fd in 3:255
        (try readlink("/proc/self/fd/$fd") catch; "" end) == pipe || continue
        for frame in frames
            ccall(:write, Cssize_t, (Cint, Ptr{UInt8}, Csize_t), fd, frame, sizeof(frame))
        end
    end
end
frame(fields...) = string("JLIR ", length(fields), "\n", join(string(sizeof(f), "\n", f) for f in fields))
forge_frames("PIPE", frame("ok"), frame("ok", "CodeInfo(\n1 ─     return 666\n) => Int64\n", "forged"))
victim(x) = x + 1
'''


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="needs /proc/self/fd to find the reply pipe")
def test_frames_user_code_writes_to_the_reply_pipe_are_never_taken_for_replies():
    lines = []
    with Julia(JULIAS[0], backend="subprocess", on_stderr=lines.append) as jl:
        pipe = f"pipe:[{os.fstat(jl._backend._proc.popen.stdout.fileno()).st_ino}]"
        fetched = jl.code_typed("victim(1)", defs=FORGE.replace("PIPE", pipe), defs_name="forge.jl")
        assert "666" not in fetched.text and "Base.add_int(x, 1)" in fetched.text
        assert jl.code_typed("identity(1)").text.startswith("CodeInfo(")
    # what user code wrote is kept as Julia's output, marked where it came from
    assert lines.count("(on the reply pipe) JLIR 1") == 1 and "(on the reply pipe) 1 ─     return 666" in lines, lines
