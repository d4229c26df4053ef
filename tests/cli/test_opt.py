"""`jlir opt`: passes over every function of a dump, printed as Julia prints the result."""
from __future__ import annotations

from pathlib import Path

import pytest

import jlir
from jlir import passes
from jlir.edit import IRCode
from support.cli import run_jlir

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures" / "julia-1.5.3"
COMPACT_REF = ROOT / "fixtures" / "reference-1.5.3" / "compact"


def jlir_cli(*args, stdin=None):
    return run_jlir(*args, input=stdin, text=True)


def test_opt_list_names_every_registered_pass_with_its_summary():
    out = jlir_cli("opt", "--list")
    assert out.returncode == 0
    for p in passes.REGISTRY.values():
        assert f"{p.name}  " in out.stdout and p.summary in out.stdout


@pytest.mark.parametrize("case", ["base_ryu", "loops", "try_catch"])
def test_opt_compact_prints_what_julias_compact_prints(case):
    out = jlir_cli("opt", str(FIXTURES / f"{case}.ircode-noline.txt"), "--passes", "compact")
    assert out.returncode == 0, out.stderr
    assert out.stdout == (COMPACT_REF / f"{case}.txt").read_text()


def test_opt_writes_atomically_to_the_output_file(tmp_path):
    target = tmp_path / "out.txt"
    target.write_text("old")
    out = jlir_cli("opt", str(FIXTURES / "base_ryu.ircode-noline.txt"), "-o", str(target))
    assert out.returncode == 0 and out.stdout == ""
    assert target.read_text() == (COMPACT_REF / "base_ryu.txt").read_text()
    assert [p.name for p in tmp_path.iterdir()] == ["out.txt"]


def test_opt_refuses_an_unknown_pass_before_reading_anything():
    out = jlir_cli("opt", "no-such-file.txt", "--passes", "compact,frobnicate")
    assert out.returncode == 2
    assert out.stderr.strip() == "jlir opt: error: no pass called 'frobnicate' (passes: " + \
        ", ".join(sorted(passes.REGISTRY)) + ")"


def test_opt_reports_unreadable_input_with_a_location_and_exit_2():
    out = jlir_cli("opt", "-", stdin="CodeInfo(\n1 ─ %1 = Base.add_int(_2, \n└──      return %1\n) => Int64\n")
    assert out.returncode == 2
    assert out.stderr.startswith("<stdin>:2:") and "^" in out.stderr and "Traceback" not in out.stderr


def test_a_pass_whose_output_does_not_verify_is_reported_not_printed(monkeypatch):
    """The pipeline checks every pass with the verifier: a broken pass raises PassError naming it."""
    from jlir.ir import nodes as N
    from jlir.ir import values as V

    def broken(fn, notes=None):
        ir = IRCode(fn)
        ir.set_stmt(1, N.Expr("call", (V.GlobalRef("Base", "identity"), V.SSAValue(len(fn.positional)))))
        return ir.compact()
    monkeypatch.setitem(passes.REGISTRY, "broken", passes.Pass("broken", "breaks dominance", broken))
    f = jlir.functions(jlir.parse_file(FIXTURES / "loops.typed.txt"))[0]
    with pytest.raises(passes.PassError, match=r"pass 'broken' produced IR the verifier rejects: .*%1"):
        passes.run(f, ["broken"])


def test_passes_never_change_their_input():
    f = jlir.functions(jlir.parse_file(FIXTURES / "base_ryu.typed.txt"))[0]
    before = jlir.format(f)
    g = passes.run(f, ["compact"])
    assert jlir.format(f) == before and g != f


def test_opt_explain_says_what_each_pass_changed():
    out = jlir_cli("opt", str(ROOT / "fixtures/reference-1.5.3/before-adce/tuples.txt"), "--passes", "dce,compact",
                   "--explain")
    assert out.returncode == 0, out.stderr
    dce, compact = out.stdout.split("=== compact ===\n")
    assert dce.startswith("=== dce ===\n") and "19 removed" in dce and "- %3 = %1::Int64" in dce
    assert "identical: the two prints are the same text" in compact


def test_opt_diff_reports_the_whole_change_once():
    out = jlir_cli("opt", str(ROOT / "fixtures/reference-1.5.3/before-adce/tuples.txt"), "--passes", "dce,compact",
                   "--diff")
    assert out.returncode == 0, out.stderr
    assert out.stdout.count("--- ") == 1 and "summary: 0 added, 19 removed, 2 changed" in out.stdout
