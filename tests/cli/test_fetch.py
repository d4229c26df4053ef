"""`jlir fetch`: a live Julia's IR on the command line, as the REPL shows it, or as JSON; clear failures, exit 2."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import jlir
from conftest import FIXTURES, NO_JULIA, live_julias

JULIAS = live_julias()
needs_julia = pytest.mark.skipif(not JULIAS, reason=NO_JULIA)
CASE = FIXTURES / "cases" / "loops.jl"
TARGET = "sum_loop(::Vector{Float64})"


def jlir_cli(*args, env=None, timeout=300):
    return subprocess.run([sys.executable, "-m", "jlir", *map(str, args)], capture_output=True, timeout=timeout,
                          env={**os.environ, **(env or {})})


def julia_args():
    return ["--julia", JULIAS[0], "--backend", "subprocess"]


@pytest.fixture(scope="module")
def committed():
    from jlir.live import Julia
    with Julia(JULIAS[0], backend="subprocess") as jl:
        version, forms = jl.version, jl.forms
    folder = FIXTURES / f"julia-{version}"
    if not folder.is_dir():
        pytest.skip(f"no committed fixtures for Julia {version}")
    return folder, forms


@needs_julia
@pytest.mark.parametrize("form", ["typed", "typed-unoptimized", "typed-source", "typed-vector", "lowered",
                                  "lowered-source", "warntype", "ircode", "ircode-noline", "cfg", "domtree"])
def test_fetch_prints_every_form_exactly_as_the_fixture_of_that_julia(committed, form):
    folder, forms = committed
    if form not in forms:
        pytest.skip(f"this Julia cannot print {form}")
    run = jlir_cli("fetch", TARGET, "--defs", CASE, "--form", form, *julia_args())
    assert run.returncode == 0, run.stderr.decode()
    suffix = "json" if form == "domtree" else "txt"
    assert run.stdout.decode() == (folder / f"loops.{form}.{suffix}").read_text(encoding="utf-8")


@needs_julia
def test_fetch_json_of_several_targets_is_one_model_per_line_from_one_session():
    run = jlir_cli("fetch", TARGET, "sum_loop(::Vector{Int})", "--defs", CASE, "--json", *julia_args())
    assert run.returncode == 0, run.stderr.decode()
    lines = run.stdout.decode().splitlines()
    assert len(lines) == 2
    for line, target in zip(lines, [TARGET, "sum_loop(::Vector{Int})"]):
        data = json.loads(line)
        assert data["schema"] == "jlir/1" and data["julia"]["target"] == target
        assert data["julia"]["form"] == "typed" and data["julia"]["command"].startswith("code_typed(sum_loop, ")
        # each model carries what stands before its dump in the text output: a blank line, its label
        printed = jlir.format(jlir.from_json(data)).lstrip("\n")
        assert printed.startswith(f"# {target} — typed — Julia ") and "\nCodeInfo(\n" in printed


@needs_julia
def test_fetch_cfg_json_is_julias_own_cfg_and_domtree_json_its_dominators(committed):
    folder, _ = committed
    cfg = json.loads(jlir_cli("fetch", TARGET, "--defs", CASE, "--form", "cfg", "--json", *julia_args()).stdout)
    printed = jlir.parse((folder / "loops.cfg.txt").read_text(encoding="utf-8")).items[0]
    assert [b["succs"] for b in cfg["blocks"]] == [list(succs) for _, _, succs in printed.blocks]
    assert all(len(b["stmts"]) == 2 and "preds" in b for b in cfg["blocks"])
    dom = json.loads(jlir_cli("fetch", TARGET, "--defs", CASE, "--form", "domtree", "--json", *julia_args()).stdout)
    assert dom["idoms"] == json.loads((folder / "loops.domtree.json").read_text())["idoms"]


@needs_julia
def test_an_error_in_julia_is_one_clear_line_and_exit_2():
    run = jlir_cli("fetch", "no_such_function(1)", *julia_args())
    assert run.returncode == 2
    assert run.stdout == b""
    assert b"jlir: error: Julia failed at target: UndefVarError: no_such_function not defined" in run.stderr
    assert b"Traceback" not in run.stderr


@needs_julia
def test_output_file_is_replaced_whole_and_left_alone_when_julia_fails(tmp_path):
    out = tmp_path / "ir.txt"
    out.write_text("old\n")
    assert jlir_cli("fetch", "nope(1)", "-o", out, *julia_args()).returncode == 2
    assert out.read_text() == "old\n"
    assert jlir_cli("fetch", TARGET, "--defs", CASE, "-o", out, *julia_args()).returncode == 0
    assert out.read_text().startswith("CodeInfo(\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ir.txt"]


@needs_julia
def test_what_julia_writes_to_stderr_is_passed_on_marked_as_julias(tmp_path):
    defs = tmp_path / "noisy.jl"
    defs.write_text('println("hello from noisy.jl")\nnoisy(x) = x\n')
    run = jlir_cli("fetch", "noisy(1)", "--defs", defs, *julia_args())
    assert run.returncode == 0
    assert b"julia: hello from noisy.jl" in run.stderr and b"hello" not in run.stdout


def test_with_no_julia_fetch_says_where_it_looked_and_how_to_install(tmp_path):
    env = {"PATH": str(tmp_path), "JLIR_JULIA": "", "JLIR_JULIA_CACHE": str(tmp_path / "cache")}
    run = jlir_cli("fetch", "foo(1)", "--backend", "subprocess", env=env)
    assert run.returncode == 2
    err = run.stderr.decode()
    assert "no Julia found" in err and "`julia` on PATH: not found" in err and "Install Julia" in err
    assert "Traceback" not in err


def test_a_missing_defs_file_is_one_line_and_exit_2(tmp_path):
    run = jlir_cli("fetch", "foo(1)", "--defs", tmp_path / "missing.jl", "--julia", tmp_path / "no-julia")
    assert run.returncode == 2
    assert run.stderr.decode().strip() == f"jlir: error: --defs {tmp_path / 'missing.jl'}: no such file"


# ---------------------------------------------------------------- several targets (one session, one document)
@needs_julia
def test_several_targets_are_labelled_a_failing_one_is_named_and_the_rest_still_written(committed):
    folder, _ = committed
    run = jlir_cli("fetch", TARGET, "no_such_function(1)", "sum_loop(::Vector{Int})", "--defs", CASE, *julia_args())
    assert run.returncode == 2
    assert run.stderr.decode().count("jlir: error: ") == 1
    assert "jlir: error: no_such_function(1): Julia failed at target: UndefVarError" in run.stderr.decode()
    text = run.stdout.decode()
    version = folder.name[len("julia-"):]
    first = f"# {TARGET} — typed — Julia {version}\n"
    assert text.startswith(first + (folder / "loops.typed.txt").read_text(encoding="utf-8") + "\n# sum_loop(")
    doc = jlir.parse(text)  # jlir reads its own labelled output, names and all, and prints it back
    assert [label.split(" — ")[0] for label in doc.labels] == [TARGET, "sum_loop(::Vector{Int})"]
    assert jlir.format(doc) == text
    bare = jlir_cli("fetch", TARGET, "sum_loop(::Vector{Int})", "--defs", CASE, "--bare", *julia_args())
    assert bare.returncode == 0 and "#" not in "".join(l[:1] for l in bare.stdout.decode().splitlines())


@needs_julia
def test_fetch_json_prints_back_as_the_text_output_blank_lines_and_labels_included(tmp_path):
    targets = [TARGET, "sum_loop(::Vector{Int})"]
    text = jlir_cli("fetch", *targets, "--defs", CASE, *julia_args())
    as_json = tmp_path / "out.json"
    as_json.write_bytes(jlir_cli("fetch", *targets, "--defs", CASE, "--json", *julia_args()).stdout)
    back = jlir_cli("print", "--from-json", as_json)
    assert back.returncode == 0, back.stderr.decode()
    assert back.stdout == text.stdout


@needs_julia
def test_cfg_and_domtree_json_carry_a_schema():
    for form, schema in (("cfg", "jlir-cfg/1"), ("domtree", "jlir-domtree/1")):
        data = json.loads(jlir_cli("fetch", TARGET, "--defs", CASE, "--form", form, "--json", *julia_args()).stdout)
        assert data["schema"] == schema


@needs_julia
def test_a_form_this_julia_lacks_is_refused_before_julia_starts(committed):
    folder, forms = committed
    if "costs" in forms:
        pytest.skip("this Julia prints statement costs")
    run = jlir_cli("fetch", TARGET, "--form", "costs", *julia_args(), timeout=60)
    assert run.returncode == 2 and run.stdout == b""
    message = run.stderr.decode()
    assert "cannot print --form costs" in message and "no Julia session was started" in message
    assert "julia:" not in message  # no Julia session ran (it would have said so on stderr)


@needs_julia
def test_the_same_code_fetched_in_two_sessions_diffs_as_equivalent_with_its_closures_renamed(tmp_path):
    # a second session that defined one closure more numbers the same closure differently (var"#3#4")
    (tmp_path / "a.jl").write_text("f(x) = map(y -> y + x, [1, 2])\nh(x) = x + 1\n")
    (tmp_path / "b.jl").write_text("g() = filter(z -> z > 0, [1])\nf(x) = map(y -> y + x, [1, 2])\nh(x) = x + 1\n")
    a, b = tmp_path / "A.txt", tmp_path / "B.txt"
    a.write_bytes(jlir_cli("fetch", "f(1)", "h(1)", "--defs", tmp_path / "a.jl", *julia_args()).stdout)
    b.write_bytes(jlir_cli("fetch", "h(1)", "f(1)", "--defs", tmp_path / "b.jl", *julia_args()).stdout)
    assert 'var"#1#2"' in a.read_text() and 'var"#3#4"' in b.read_text()
    run = jlir_cli("diff", a, b)
    report = run.stdout.decode()
    assert run.returncode == 0, report  # equivalent: renamed closures and another order are no change
    assert "function 1 (f(1))" in report and "#1#2 → #3#4" in report
    assert "closure names (renamed)" in report.splitlines()[2]


@needs_julia
def test_progress_of_several_targets_shows_on_a_terminal_with_errors_around_it():
    import pty
    master, slave = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k != "JLIR_PROGRESS"}
    run = subprocess.run([sys.executable, "-m", "jlir", "fetch", TARGET, "nope(1)", "--defs", str(CASE),
                          *julia_args()], stdout=subprocess.PIPE, stderr=slave, timeout=300, env=env)
    os.close(slave)
    seen = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    os.close(master)
    assert run.returncode == 2
    text = seen.decode()
    assert "fetch [" in text and "2/2 targets nope(1)" in text
    assert "\r\x1b[Kjlir: error: nope(1): Julia failed at target" in text  # the bar erased before the message
    assert text.endswith(("\r\x1b[K", "\r\n")) and b"\x1b" not in run.stdout  # no bar left behind
