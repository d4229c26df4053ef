"""The CLI never shows a traceback: odd file names, odd JSON, output that cannot be written, and bad `--timeout`
values each get one clear line on stderr and a non-zero exit (hostile inputs and environments, run as real processes)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from support.cli import run_jlir

ROOT = Path(__file__).resolve().parents[2]
DUMP = ROOT / "fixtures" / "julia-1.5.3" / "early_return.typed.txt"


def run(*args, stdout=subprocess.PIPE, input: bytes | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONIOENCODING="")
    if stdout is subprocess.PIPE:  # a full disk or a pipe's write end needs a process of its own
        return run_jlir(*args, input=input, env={"PYTHONIOENCODING": ""})
    return subprocess.run([sys.executable, "-m", "jlir", *args], stdout=stdout, stderr=subprocess.PIPE,
                          input=input, env=env, cwd=ROOT, timeout=120)


def no_traceback(r: subprocess.CompletedProcess) -> None:
    assert b"Traceback" not in r.stderr and b"Traceback" not in (r.stdout or b""), r.stderr.decode()


@pytest.fixture
def odd_name(tmp_path) -> str:
    """A copy of DUMP whose file name holds the byte 0xff (not UTF-8), as Python's os functions see it."""
    raw = os.fsencode(str(tmp_path)) + b"/bad\xff.txt"
    with open(raw, "wb") as f:
        f.write(DUMP.read_bytes())
    return os.fsdecode(raw)


@pytest.mark.parametrize("verb", ["parse", "roundtrip", "print"])
def test_a_file_name_that_is_not_utf8_is_shown_escaped(verb, odd_name):
    r = run(verb, odd_name)
    no_traceback(r)
    assert r.returncode == 0, r.stderr.decode()
    if verb == "parse":
        assert r.stdout.decode("utf-8").splitlines()[0].endswith("bad\\xff.txt: 1 dump, 1 function")


def test_diff_of_a_file_name_that_is_not_utf8(odd_name):
    r = run("diff", odd_name, str(DUMP))
    no_traceback(r)
    assert r.returncode == 0 and b"bad\\xff.txt" in r.stdout


def test_parse_json_names_such_a_file_in_valid_utf8(odd_name):
    r = run("parse", "--json", odd_name)
    assert r.returncode == 0
    assert '"source":"' + odd_name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace") \
        .replace("\\", "\\\\") + '"' in r.stdout.decode("utf-8")


def test_a_missing_file_with_such_a_name_is_a_clean_error(tmp_path):
    missing = os.fsdecode(os.fsencode(str(tmp_path)) + b"/gone\xfe.txt")
    for verb in ("parse", "roundtrip"):
        r = run(verb, missing)
        no_traceback(r)
        assert r.returncode == 2 and b"gone\\xfe.txt: no such file" in r.stderr


def test_a_lone_surrogate_escape_in_json_is_a_located_error(tmp_path):
    r = run("parse", "--json", str(DUMP))
    text = r.stdout.decode("utf-8").replace('"name":"', '"name":"\\ud800', 1)
    bad = tmp_path / "surrogate.json"
    bad.write_text(text, encoding="utf-8")
    r = run("print", "--from-json", str(bad))
    no_traceback(r)
    assert r.returncode == 2 and r.stdout == b""
    first = r.stderr.decode().splitlines()[0]
    assert first.startswith(f"{bad}:1:") and "`\\ud800` is a lone UTF-16 surrogate" in first


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
@pytest.mark.parametrize("verb", [("print",), ("parse",), ("parse", "--json"), ("roundtrip",), ("diff",)])
def test_a_full_disk_is_reported_not_a_traceback(verb):
    files = [str(DUMP), str(DUMP)] if verb[0] == "diff" else [str(DUMP)]
    with open("/dev/full", "wb") as full:
        r = run(*verb, *files, stdout=full)
    no_traceback(r)
    assert r.returncode == 2
    assert r.stderr.decode().strip() == "jlir: error: cannot write to standard output: No space left on device"


def test_a_closed_pipe_ends_quietly_with_141():
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader went away before jlir wrote (`jlir print … | head -c1`)
    try:
        r = run("print", str(DUMP), stdout=write_end)
    finally:
        os.close(write_end)
    no_traceback(r)
    assert r.returncode == 141 and r.stderr == b""


def test_a_closed_standard_output_is_reported():
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    r = subprocess.run(["sh", "-c", f'"{sys.executable}" -m jlir parse "{DUMP}" >&-'], stderr=subprocess.PIPE,
                       env=env, cwd=ROOT, timeout=120)
    no_traceback(r)
    assert r.returncode == 2 and b"cannot write to standard output: it is closed" in r.stderr


@pytest.mark.parametrize("value", ["-1", "0", "inf", "-inf", "nan", "soon"])
def test_fetch_refuses_a_timeout_that_is_not_a_positive_finite_number(value):
    # refused while reading the arguments: before any Julia is looked for or started
    r = run("fetch", f"--timeout={value}", "sin(1.0)")
    no_traceback(r)
    assert r.returncode == 2
    assert f"argument --timeout: expected" in r.stderr.decode() and repr(value) in r.stderr.decode()


# ---------------------------------------------------------------- progress (drawn only where a person watches)
class _Terminal:
    """A stream that says it is a terminal and records what is written to it."""
    def __init__(self):
        self.text = ""

    def write(self, s):
        self.text += s

    def flush(self):
        pass

    def isatty(self):
        return True


def test_progress_is_drawn_on_a_terminal_and_wiped_at_the_end(monkeypatch):
    from jlir.cli.progress import Progress
    monkeypatch.delenv("JLIR_PROGRESS", raising=False)
    term = _Terminal()
    with Progress(3, "fetch", stream=term, unit="targets") as bar:
        for target in ("f(1)", "g(2)", "h(3)"):
            bar.advance(target)
    assert "fetch [" in term.text and "3/3 targets h(3)" in term.text
    assert term.text.endswith("\r\x1b[K")  # erased: the terminal is left as it was


def test_progress_is_silent_when_stderr_is_not_a_terminal(monkeypatch):
    import io
    from jlir.cli.progress import Progress
    monkeypatch.delenv("JLIR_PROGRESS", raising=False)
    piped = io.StringIO()
    with Progress(100, "diff", stream=piped) as bar:
        for _ in range(100):
            bar.advance()
    assert piped.getvalue() == ""


def test_a_piped_diff_of_many_functions_writes_no_progress(tmp_path):
    text = "\n".join([(ROOT / "fixtures" / "julia-1.5.3" / "loops.typed.txt").read_text(encoding="utf-8")] * 250)
    big = tmp_path / "many.txt"
    big.write_text(text, encoding="utf-8")
    r = run("diff", str(big), str(big))
    assert r.returncode == 0 and r.stderr == b""


def test_a_json_document_that_is_a_bare_value_is_the_inputs_fault_not_a_jlir_bug(tmp_path):
    """A well-formed `jlir/1` file whose document is one literal: the printer refuses it (`NotPrintable`, a
    JlirError), and the CLI says so as an input error, not as "internal error … this is a jlir bug"."""
    bare = tmp_path / "bare.json"
    bare.write_text('{"schema": "jlir/1", "source": null, '
                    '"document": {"kind": "Literal", "text": "1", "literal_kind": "int"}}', encoding="utf-8")
    r = run("print", "--from-json", str(bare))
    no_traceback(r)
    assert r.returncode == 2
    assert b"cannot print a Literal on its own" in r.stderr and b"jlir bug" not in r.stderr, r.stderr.decode()


@pytest.mark.parametrize("verb", ["dom", "loops", "analyze"])
def test_a_branch_past_the_last_block_is_the_inputs_fault_not_a_jlir_bug(verb, tmp_path):
    """A truncated excerpt (corpus 0007 is cut after a `goto`) reads, but names a block it lacks: the analysis
    verbs say so, exit 2, and do not call it a jlir bug."""
    p = tmp_path / "past.txt"
    p.write_text("CodeInfo(\n1 ─ %1 = Base.slt_int(x, 1)::Bool\n└──      goto #3 if not %1\n2 ─      return 1\n) => Int64\n")
    r = run(verb, str(p))
    err = r.stderr.decode()
    assert r.returncode == 2
    assert "outside 1..2" in err and "jlir bug" not in err and "Traceback" not in err
