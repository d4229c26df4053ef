"""The analysis verbs: `jlir cfg`, `dom`, `loops`, `liveness`, `verify`, `analyze`, checked against Julia's own
prints (`ir.cfg`, `construct_domtree`) where Julia has one, and on their inputs and errors like `jlir parse`."""
from __future__ import annotations

import glob
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import jlir
from jlir import analysis as A
from jlir.cli.app import main

ROOT = Path(__file__).resolve().parents[2]
V153 = ROOT / "fixtures/julia-1.5.3"
CASES = sorted(Path(p).name[:-len(".cfg.txt")] for p in glob.glob(str(V153 / "*.cfg.txt")))


def run(capsys, *args, stdin: str | None = None, monkeypatch=None) -> tuple[int, str, str]:
    if stdin is not None:
        import io
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin.encode())))
    status = main([str(a) for a in args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def _broken(tmp_path) -> Path:
    """Corpus 0010 with two errors put in: a use not dominated by its definition, and an undefined %9."""
    text = (ROOT / "fixtures/corpus/0010.txt").read_text()
    path = tmp_path / "broken.txt"
    path.write_text(text.replace("or_int(%1, false)", "or_int(%5, false)").replace("return _2\n", "return %9\n"))
    return path


# ---------------------------------------------------------------- cfg
def test_cfg_julia_format_is_julias_own_ir_cfg_print_for_every_case(capsys):
    """Byte for byte Julia 1.5.3's `ir.cfg` print (`i\\t=>\\tsuccs`) of each case's IRCode.  The fixture
    ends with the REPL's blank line after the display, which is not part of the print."""
    assert len(CASES) == len(list((V153.parent / "cases").glob("*.jl")))
    for case in CASES:
        status, out, err = run(capsys, "cfg", V153 / f"{case}.ircode.txt")
        assert (status, err) == (0, ""), case
        assert out + "\n" == (V153 / f"{case}.cfg.txt").read_text(), case


def test_cfg_julia_format_of_the_corpus_ir_matches_the_corpus_cfg_listing(capsys):
    """Corpus 0010 is Mooncake's IRCode of `bar(::Float64)` and 0011 its `ir.cfg`, both printed by ~1.10/1.11
    (`CFG with N blocks:`).  The IRCode's text alone fits Julia 1.0–1.6, so the version is given."""
    assert jlir.functions(jlir.parse_file(ROOT / "fixtures/corpus/0010.txt"))[0].style.hi < (1, 9)
    status, out, _ = run(capsys, "cfg", ROOT / "fixtures/corpus/0010.txt", "--julia", "1.10")
    assert status == 0 and out == (ROOT / "fixtures/corpus/0011.txt").read_text()
    status, out, _ = run(capsys, "cfg", ROOT / "fixtures/corpus/0010.txt")
    assert out == "1\t=>\t3, 2\n2\t=>\t\n3\t=>\t\n"  # the ≤1.8 form, as the dump's own style reads


def test_cfg_json_dot_and_mermaid(capsys):
    path = V153 / "try_catch.ircode.txt"
    fn = jlir.functions(jlir.parse_file(path))[0]
    status, out, _ = run(capsys, "cfg", path, "--format", "json")
    data = json.loads(out)
    assert status == 0 and data["blocks"] == A.cfg(fn).to_json()["blocks"] and data["function"] == 1
    assert any(0 in b["preds"] for b in data["blocks"])  # Julia's catch-block edge
    _, out, _ = run(capsys, "cfg", path, "--format", "mermaid")
    assert out.startswith("flowchart TD\n") and '-->|"catch"|' in out
    _, out, _ = run(capsys, "cfg", path, "--format", "dot")
    assert out.startswith('digraph "cfg" {') and 'label="catch"' in out
    if shutil.which("dot"):
        assert subprocess.run(["dot", "-Tsvg"], input=out.encode(), capture_output=True).returncode == 0


# ---------------------------------------------------------------- inputs shared by every verb
@pytest.mark.parametrize("verb", ["cfg", "dom", "loops", "liveness", "verify", "analyze"])
def test_every_verb_answers_bad_input_like_parse(capsys, tmp_path, verb):
    bad = tmp_path / "bad.txt"
    bad.write_text("2 1 ─ %1 = Base.add_int(\n")
    status, out, err = run(capsys, verb, bad, V153 / "loops.ircode.txt")
    assert status == 2
    assert err.startswith(f"{bad}:1:") and "error:" in err and "^" in err  # located, with a caret
    if verb != "verify":
        assert out  # the good file is still answered
    status, _, err = run(capsys, verb, tmp_path / "missing.txt")
    assert status == 2 and err == f"jlir: error: {tmp_path / 'missing.txt'}: no such file\n"
    status, _, err = run(capsys, verb, ROOT / "fixtures/corpus/0011.txt")
    assert status == 2 and "no function in this input" in err


def test_function_picks_one_and_several_get_headers(capsys, monkeypatch):
    vector = V153 / "loops.typed-vector.txt"
    n = len(jlir.functions(jlir.parse_file(vector)))
    status, out, _ = run(capsys, "loops", V153 / "loops.ircode.txt", V153 / "nested_loops.ircode.txt")
    assert status == 0
    assert out.count("==> ") == 2 and f"==> {V153 / 'nested_loops.ircode.txt'}, function 1 <==" in out
    status, out, _ = run(capsys, "loops", V153 / "nested_loops.ircode.txt", "--function", "1")
    assert status == 0 and "==>" not in out and out.startswith("3 natural loops")
    status, _, err = run(capsys, "loops", vector, "--function", str(n + 1))
    assert status == 2 and f"--function {n + 1}: the input has {n} function" in err
    text = (V153 / "nested_loops.ircode.txt").read_text()
    status, out, _ = run(capsys, "cfg", "-", stdin=text, monkeypatch=monkeypatch)
    assert status == 0 and out.startswith("1\t=>\t30, 2\n")


def test_several_dot_outputs_are_separated_by_comments_dot_reads(capsys):
    status, out, _ = run(capsys, "cfg", "--format", "dot", V153 / "loops.ircode.txt", V153 / "while_swap.ircode.txt")
    assert status == 0 and out.count("digraph") == 2 and out.startswith("// ")
    if shutil.which("dot"):
        svg = subprocess.run(["dot", "-Tsvg"], input=out.encode(), capture_output=True)
        assert svg.returncode == 0 and svg.stdout.decode().count("<svg") == 2


# ---------------------------------------------------------------- dom, loops, liveness
def test_dom_json_idoms_are_julias_construct_domtree_for_every_case(capsys):
    for case in CASES:
        status, out, _ = run(capsys, "dom", V153 / f"{case}.ircode.txt", "--format", "json")
        want = json.loads((V153 / f"{case}.domtree.json").read_text())["idoms"]
        assert status == 0 and json.loads(out)["idoms"] == want, case


def test_dom_text_post_and_frontiers(capsys):
    path = V153 / "nested_loops.ircode.txt"
    status, out, _ = run(capsys, "dom", path, "--frontiers")
    assert status == 0 and "  #1: entry, depth 1, children #2, #30, frontier {}" in out
    idoms = json.loads((V153 / "nested_loops.domtree.json").read_text())["idoms"]
    depth, b = 1, 28
    while idoms[b - 1]:  # depth from Julia's own idoms: 1 at the entry, one more per step up
        depth, b = depth + 1, idoms[b - 1]
    assert f"  #28: idom #{idoms[27]}, depth {depth}, frontier {{#6}}" in out  # the latch's frontier: its header
    status, out, _ = run(capsys, "dom", path, "--post")
    assert status == 0 and out.startswith("immediate post-dominators") and "  #30: exit" in out
    status, _, err = run(capsys, "dom", path, "--post", "--frontiers")
    assert status == 2 and "does not combine with --post" in err
    status, out, _ = run(capsys, "dom", path, "--format", "dot")
    assert status == 0 and "  b1 -> b2;" in out


def test_loops_text_and_json(capsys):
    path = V153 / "nested_loops.ircode.txt"
    _, out, _ = run(capsys, "loops", path)
    lines = out.splitlines()
    assert lines[0] == "3 natural loops"
    assert lines[3] == "  loop at #14: depth 3, inside the loop at #10; back edges #18 → #14; blocks #14, #15, #16, #17, #18"
    _, out, _ = run(capsys, "loops", path, "--json")
    data = json.loads(out)
    assert [(lp["header"], lp["depth"], lp["parent"]) for lp in data["loops"]] == [(6, 1, 0), (10, 2, 6), (14, 3, 10)]
    _, out, _ = run(capsys, "loops", V153 / "abstract_promote.ircode.txt")
    assert out == "0 natural loops\n"


def test_liveness_ssa_and_slots(capsys):
    path = V153 / "nested_loops.ircode.txt"
    fn = jlir.functions(jlir.parse_file(path))[0]
    _, out, _ = run(capsys, "liveness", path, "--json")
    blocks = json.loads(out)["blocks"]
    lv = A.liveness(fn)
    assert [b["live_in"] for b in blocks] == [sorted(s) for s in lv.live_in]
    assert "slots_in" not in blocks[0]  # optimized IR assigns no slots
    _, out, _ = run(capsys, "liveness", path)
    assert out.splitlines()[0] == "#1: in {}  out {%1, %2, %4}"
    _, out, _ = run(capsys, "liveness", V153 / "nested_loops.lowered.txt", "--json")
    lowered = json.loads(out)["blocks"]
    assert lowered[0]["slots_in"] == ["A", "B", "C"] and "m" in lowered[0]["slots_out"]


# ---------------------------------------------------------------- verify
def test_verify_valid_fixtures_exit_0_silently(capsys):
    status, out, err = run(capsys, "verify", *sorted(glob.glob(str(V153 / "*.ircode.txt"))))
    assert (status, out, err) == (0, "", "")


def test_verify_broken_ir_exits_1_with_one_message_per_problem(capsys, tmp_path):
    path = _broken(tmp_path)
    status, out, err = run(capsys, "verify", path)
    assert status == 1 and err == ""
    messages = [line for line in out.splitlines() if line.startswith(str(path))]  # one per problem
    assert len(messages) == 2
    assert "uses %5, defined in #3, which does not dominate #1 [use-before-def]" in messages[0]
    assert "uses %9, but no statement defines it" in messages[1]
    lines, source = out.splitlines(), path.read_text().splitlines()
    # line 2 of the file, the caret under the statement's text after `%2 = `
    assert lines[0].startswith(f"{path}:2:12: error: ") and lines[1] == "  " + source[1]
    assert lines[2] == "  " + " " * source[1].index("Base.or_int") + "^"
    assert lines[3].startswith(f"{path}:4:12: error: ") and lines[4] == "  " + source[3]
    assert lines[5] == "  " + " " * source[3].index("return %9") + "^"


# ---------------------------------------------------------------- analyze
def test_analyze_json_report(capsys):
    status, out, _ = run(capsys, "analyze", V153 / "nested_loops.ircode.txt", "--json")
    data = json.loads(out)
    assert status == 0
    assert (data["blocks"], data["statements"], data["unreachable_blocks"]) == (30, 90, [])
    assert [lp["header"] for lp in data["loops"]] == [6, 10, 14]
    assert data["stability"]["severity"] == "ok" and data["problems"] == []
    assert data["calls"]["by_kind"]["call"] > 0
    _, out, _ = run(capsys, "analyze", V153 / "type_unstable.typed.txt", "--json")
    assert json.loads(out)["stability"]["severity"] == "red"


def test_analyze_includes_the_verifiers_problems(capsys, tmp_path):
    status, out, _ = run(capsys, "analyze", _broken(tmp_path), "--json")
    problems = json.loads(out)["problems"]
    assert status == 0 and [(p["stmt"], p["kind"]) for p in problems] == [(2, "use-before-def"), (4, "ssa-out-of-range")]
    _, out, _ = run(capsys, "analyze", _broken(tmp_path))
    assert "verifier: 2 problem(s)\n  error: %2 in #1" in out


def test_analyze_reports_unreachable_code(capsys, tmp_path):
    """Corpus 0010 with its conditional branch made unconditional: block #2 can no longer be reached."""
    path = tmp_path / "dead.txt"
    path.write_text((ROOT / "fixtures/corpus/0010.txt").read_text().replace("goto #3 if not %2", "goto #3"))
    status, out, _ = run(capsys, "analyze", path, "--json")
    data = json.loads(out)
    assert status == 0 and (data["unreachable_blocks"], data["unreachable_statements"]) == ([2], 1)
    _, out, _ = run(capsys, "analyze", path)
    assert "unreachable code: 1 block(s) (#2), 1 statement(s)" in out


def test_analyze_colours_only_on_a_terminal_without_no_color(capsys):
    path = V153 / "type_unstable.typed.txt"
    _, out, _ = run(capsys, "analyze", path)
    assert "\x1b[" not in out and "stability: RED" in out
    coloured = _on_a_terminal(["analyze", str(path)], {})
    assert "\x1b[91m" in coloured and "\x1b[1m" in coloured
    plain = _on_a_terminal(["analyze", str(path)], {"NO_COLOR": "1"})
    assert "\x1b[" not in plain and "stability: RED" in plain


def _on_a_terminal(args: list[str], env: dict) -> str:
    """The command's output when its stdout is a pseudo-terminal."""
    import pty
    master, slave = pty.openpty()
    environ = {k: v for k, v in os.environ.items() if k != "NO_COLOR"} | env
    proc = subprocess.Popen([sys.executable, "-m", "jlir", *args], stdout=slave, stderr=subprocess.PIPE,
                            env=environ, cwd=ROOT)
    os.close(slave)
    chunks = []
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    proc.wait(timeout=120)
    os.close(master)
    return b"".join(chunks).decode()


def test_verify_is_never_located_at_text_the_printer_would_not_put_there(capsys, tmp_path):
    """Two blanks after `%2 =`: jlir reads the line, but its statement text starts one column later than where
    the printer puts it, so that message names the function instead; the other problem is still located."""
    path = tmp_path / "respaced.txt"
    path.write_text(_broken(tmp_path).read_text().replace("%2 = Base", "%2 =  Base", 1))
    status, out, _ = run(capsys, "verify", path)
    lines = out.splitlines()
    assert status == 1 and lines[0].startswith(f"{path}: error: function 1: %2 in #1")
    assert lines[1].startswith(f"{path}:4:12: error: ") and lines[3].endswith("^")
