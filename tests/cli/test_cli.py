"""The `jlir` command, run as a real process (`python -m jlir`): parse, print, roundtrip, JSON, stdin."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import jlir
from jlir.cli import first_difference
from support.cli import run_jlir

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures" / "julia-1.5.3"
TYPED = FIXTURES / "early_return.typed.txt"       # one CodeInfo => Union{Nothing, Int64}, 24 blocks
VECTOR = FIXTURES / "arrays.typed-vector.txt"     # `1-element Array{Any,1}:` then one CodeInfo
CFG = FIXTURES / "arrays.cfg.txt"                 # pre-1.9 `1\t=>\t2` listing
IRCODE = FIXTURES / "early_return.ircode.txt"


def jlir_cli(*args, input: bytes | None = None, prelude: str | None = None) -> subprocess.CompletedProcess:
    """Run the CLI; `prelude` is Python run first in the child (to stand in for a printer bug)."""
    if prelude is None:
        return run_jlir(*args, input=input)
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    cmd = [sys.executable, "-c", f"{prelude}\nimport sys, jlir.cli\nsys.exit(jlir.cli.main({list(args)!r}))"]
    return subprocess.run(cmd, input=input, capture_output=True, env=env, cwd=ROOT, timeout=120)


def out(r: subprocess.CompletedProcess) -> str:
    return r.stdout.decode("utf-8")


# ---------------------------------------------------------------- parse (summary)
def test_parse_summarises_a_typed_dump_in_one_line_per_function():
    text = TYPED.read_text(encoding="utf-8")
    r = jlir_cli("parse", str(TYPED))
    assert r.returncode == 0, r.stderr.decode()
    lines = out(r).splitlines()
    assert lines[0] == f"{TYPED}: 1 dump, 1 function"
    assert lines[1].split() == ["#", "form", "julia", "blocks", "stmts", "name", "returns"]
    row = lines[2].split(None, 6)
    family = jlir.parse(text).items[0].style.family
    n_statement_lines = len(text.splitlines()) - 2  # between `CodeInfo(` and `) => T`
    assert row == ["1", "typed", family, "24", str(n_statement_lines), TYPED.name, "Union{Nothing, Int64}"]
    assert len(lines) == 3


def test_parse_summary_shows_vector_elements_and_cfg_listings():
    r = jlir_cli("parse", str(VECTOR), str(CFG), str(IRCODE))
    assert r.returncode == 0, r.stderr.decode()
    text = out(r)
    assert "  1    vector" in text and "1-element Array{Any,1}:" in text
    assert any(line.split()[:2] == ["1.1", "typed"] and line.endswith("Float64") for line in text.splitlines())
    cfg_blocks = sum("\t=>\t" in line for line in CFG.read_text(encoding="utf-8").splitlines())
    assert any(line.split()[:2] == ["1", "cfg"] and line.split()[3] == str(cfg_blocks) for line in text.splitlines())
    assert any(line.split()[:2] == ["1", "ircode"] for line in text.splitlines())
    assert text.count(": 1 dump") == 3


def test_parse_reads_standard_input_as_dash():
    r = jlir_cli("parse", "-", input=TYPED.read_bytes())
    assert r.returncode == 0, r.stderr.decode()
    assert out(r).splitlines()[0] == "<stdin>: 1 dump, 1 function"


# ---------------------------------------------------------------- parse --json
def test_parse_json_loads_back_to_the_same_model():
    r = jlir_cli("parse", "--json", str(TYPED))
    assert r.returncode == 0, r.stderr.decode()
    data = json.loads(out(r))
    assert data["schema"] == "jlir/1" and data["source"] == str(TYPED)
    assert jlir.from_json(data) == jlir.parse_file(TYPED)


def test_parse_json_of_several_files_writes_one_object_per_line():
    files = [TYPED, VECTOR, CFG]
    r = jlir_cli("parse", "--json", *map(str, files))
    assert r.returncode == 0, r.stderr.decode()
    lines = out(r).splitlines()
    assert [json.loads(line)["source"] for line in lines] == [str(f) for f in files]


def test_print_from_json_gives_the_original_text(tmp_path):
    for f in (TYPED, VECTOR, CFG, IRCODE):
        j = tmp_path / (f.name + ".json")
        j.write_bytes(jlir_cli("parse", "--json", str(f)).stdout)
        r = jlir_cli("print", "--from-json", str(j))
        assert r.returncode == 0, r.stderr.decode()
        assert r.stdout == f.read_bytes()


def test_print_from_json_reads_json_lines_from_stdin():
    data = jlir_cli("parse", "--json", str(TYPED), str(CFG)).stdout
    r = jlir_cli("print", "--from-json", "-", input=data)
    assert r.returncode == 0, r.stderr.decode()
    assert r.stdout == TYPED.read_bytes() + CFG.read_bytes()


def test_print_from_json_refuses_another_schema_version(tmp_path):
    data = json.loads(jlir_cli("parse", "--json", str(TYPED)).stdout)
    data["schema"] = "jlir/99"
    j = tmp_path / "future.json"
    j.write_text(json.dumps(data), encoding="utf-8")
    r = jlir_cli("print", "--from-json", str(j))
    assert r.returncode == 2
    err = r.stderr.decode()
    assert "jlir/99" in err and "jlir/1" in err and "Traceback" not in err


def test_print_from_json_refuses_invalid_json_with_its_location(tmp_path):
    j = tmp_path / "broken.json"
    j.write_bytes(jlir_cli("parse", "--json", str(TYPED)).stdout[:300])
    r = jlir_cli("print", "--from-json", str(j))
    assert r.returncode == 2
    err = r.stderr.decode()
    assert err.startswith(f"{j}:1:") and "not valid JSON" in err and "Traceback" not in err


# ---------------------------------------------------------------- print
@pytest.mark.parametrize("path", [TYPED, VECTOR, CFG, IRCODE], ids=lambda p: p.name)
def test_print_reproduces_the_file_byte_for_byte(path):
    r = jlir_cli("print", str(path))
    assert r.returncode == 0, r.stderr.decode()
    assert r.stdout == path.read_bytes()


def test_print_reads_standard_input_and_adds_no_newline():
    data = TYPED.read_bytes().rstrip(b"\n")
    r = jlir_cli("print", "-", input=data)
    assert r.returncode == 0, r.stderr.decode()
    assert r.stdout == data


def test_parse_reads_fetch_labels_between_dumps_and_shows_them_as_names(tmp_path):
    # the text `jlir fetch A B` writes: a `# TARGET — FORM — Julia V` comment line above each dump
    labelled = tmp_path / "two.txt"
    text = ("# early(1) — typed — Julia 1.5.3\n" + TYPED.read_text(encoding="utf-8")
            + "\n# vec(2) — typed-vector — Julia 1.5.3\n" + VECTOR.read_text(encoding="utf-8"))
    labelled.write_text(text, encoding="utf-8")
    doc = jlir.parse(text)
    assert doc.labels == ("early(1) — typed — Julia 1.5.3", "vec(2) — typed-vector — Julia 1.5.3")
    assert jlir.format(doc) == text
    r = jlir_cli("parse", str(labelled))
    assert r.returncode == 0, r.stderr.decode()
    header, *rows = out(r).splitlines()[1:]
    names = [row[header.index("name"):header.index("returns")].strip() for row in rows]
    assert names == ["early(1)", "vec(2)", "vec(2)[1]"]
    assert jlir_cli("roundtrip", str(labelled)).returncode == 0


# ---------------------------------------------------------------- roundtrip
def test_roundtrip_of_good_files_passes_with_exit_0():
    r = jlir_cli("roundtrip", str(TYPED), str(VECTOR), str(CFG))
    assert r.returncode == 0, out(r) + r.stderr.decode()
    assert out(r) == "3 passed, 0 failed\n"


def test_roundtrip_counts_a_parse_error_as_failed_with_exit_2_like_a_missing_file(tmp_path):
    bad = tmp_path / "cut.txt"
    bad.write_text("\n".join(TYPED.read_text(encoding="utf-8").split("\n")[:10]) + "\n", encoding="utf-8")
    r = jlir_cli("roundtrip", str(TYPED), str(bad))
    assert r.returncode == 2
    assert out(r).splitlines() == ["1 passed, 1 failed"]
    assert r.stderr.decode().startswith(f"{bad}:") and "error:" in r.stderr.decode()
    assert jlir_cli("roundtrip", "--fail-fast", str(TYPED), str(bad)).returncode == 2  # stops that file only
    assert "Traceback" not in out(r) + r.stderr.decode()


def test_roundtrip_of_an_empty_file_exits_2_as_a_missing_file_does(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    for path in (empty, tmp_path / "missing.txt"):
        r = jlir_cli("roundtrip", str(path))
        assert r.returncode == 2, (path, r.stderr.decode())
        assert out(r) == "0 passed, 1 failed\n"


def test_roundtrip_reports_the_first_differing_line_with_exit_1():
    # Stand in for a printer bug: the printed text loses one character on line 7.
    prelude = ("import jlir\n_format = jlir.format\n"
               "def bad(x):\n    lines = _format(x).split('\\n')\n    lines[6] = lines[6][:-1]\n"
               "    return '\\n'.join(lines)\njlir.format = bad")
    r = jlir_cli("roundtrip", str(TYPED), prelude=prelude)
    assert r.returncode == 1
    line7 = TYPED.read_text(encoding="utf-8").split("\n")[6]
    assert out(r).splitlines() == [
        f"{TYPED}:7: differs: expected {line7 + chr(10)!r}, got {line7[:-1] + chr(10)!r}",
        "0 passed, 1 failed"]


def test_roundtrip_reads_standard_input():
    r = jlir_cli("roundtrip", "-", input=IRCODE.read_bytes())
    assert r.returncode == 0, out(r)
    assert out(r) == "1 passed, 0 failed\n"


def test_roundtrip_of_a_missing_file_is_an_error_exit_2(tmp_path):
    r = jlir_cli("roundtrip", str(TYPED), str(tmp_path / "nope.txt"))
    assert r.returncode == 2
    assert out(r).splitlines()[-1] == "1 passed, 1 failed"
    assert r.stderr.decode().strip() == f"jlir: error: {tmp_path / 'nope.txt'}: no such file"


def test_first_difference_finds_the_line_and_a_missing_final_newline():
    assert first_difference("a\nb\nc\n", "a\nb\nc\n") is None
    assert first_difference("a\nb\nc\n", "a\nx\nc\n") == (2, "b\n", "x\n")
    assert first_difference("a\nb\n", "a\nb") == (2, "b\n", "b")
    assert first_difference("a\n", "a\nb\n") == (2, None, "b\n")


# ---------------------------------------------------------------- the command itself
def test_no_command_prints_usage_and_exits_2():
    r = jlir_cli()
    assert r.returncode == 2 and b"usage: jlir" in r.stderr


def test_help_lists_the_commands():
    r = jlir_cli("--help")
    assert r.returncode == 0
    assert all(verb in out(r) for verb in ("parse", "print", "roundtrip"))


def test_closed_stdout_pipe_ends_quietly():
    # `jlir print big.txt | head -1`: the reader goes away; no traceback, no BrokenPipe noise.
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    p = subprocess.Popen([sys.executable, "-m", "jlir", "parse", *[str(TYPED)] * 2000], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, env=env, cwd=ROOT)
    p.stdout.readline()
    p.stdout.close()
    err = p.stderr.read()
    p.wait(timeout=120)
    assert b"Traceback" not in err and b"BrokenPipe" not in err
