"""`jlir run` of the optimizer's code whose form no longer shows it: out-of-ssa of an IRCode print is slot form,
but its literals are the optimizer's folded values of any width, not the source's (Int64 where decimal).  Julia
1.5.3's record: static_params' `first_or_zero(Int32[])` returns `zero(Int32)`, which the IRCode prints `return 0`."""
from __future__ import annotations

import json
from pathlib import Path

from support.cli import run_jlir

ROOT = Path(__file__).resolve().parents[2]
IRCODE = ROOT / "fixtures" / "julia-1.5.3" / "static_params.ircode.txt"
HEADING = "# MethodInstance for first_or_zero(::Vector{Int32})\n# argnames: v\n# sparams: Int32\n"


def _julia(call: str) -> tuple:
    """Julia 1.5.3's recorded (type, repr) of `call` (fixtures/julia-1.5.3/runs.tsv)."""
    from support.recorded_runs import ROWS
    row = next(r for r in ROWS if r[0] == "static_params" and r[1] == call)
    return row[6], row[7]


def _out_of_ssa(tmp_path) -> str:
    src = tmp_path / "ir.txt"
    src.write_text(HEADING + IRCODE.read_text(encoding="utf-8"), encoding="utf-8")
    done = run_jlir("opt", "--passes", "out-of-ssa", src, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_out_of_ssa_of_an_ircode_print_says_it_is_the_optimizers_code(tmp_path):
    text = _out_of_ssa(tmp_path)
    assert text.startswith("# optimized: true") and HEADING in text  # the first comment: the label stays last


def test_a_run_of_out_of_ssa_ircode_refuses_the_literal_julia_folded_never_an_int64(tmp_path):
    assert _julia("first_or_zero(Int32[])") == ("Int32", "0")
    text = _out_of_ssa(tmp_path)
    for how in ({"input": text, "args": ("-",)}, {"input": None, "args": (tmp_path / "oos.txt",)}):
        (tmp_path / "oos.txt").write_text(text, encoding="utf-8")
        done = run_jlir("run", *how["args"], "--args", "Int32[]", "--json", input=how["input"], text=True)
        assert done.returncode == 2 and "the integer type of the returned literal 0" in done.stderr, done


def test_a_run_of_out_of_ssa_ircode_gives_julias_answer_where_the_ir_shows_the_widths(tmp_path):
    done = run_jlir("run", "-", "--args", "Int32[5, 6]", "--json", input=_out_of_ssa(tmp_path), text=True)
    data = json.loads(done.stdout)
    assert (data["type"], data["result"]) == _julia("first_or_zero(Int32[5, 6])")


def test_the_user_says_the_code_is_optimized_where_no_heading_does(tmp_path):
    bare = "".join(line for line in _out_of_ssa(tmp_path).splitlines(keepends=True) if not line.startswith("#"))
    done = run_jlir("run", "-", "--args", "Int32[]", "--argnames", "v", "--optimized", input=bare, text=True)
    assert done.returncode == 2 and "returned literal" in done.stderr, done
    said = run_jlir("run", "-", "--args", "Int32[]", "--argnames", "v", "--no-optimized", "--json", input=bare,
                    text=True)
    assert said.returncode == 0 and json.loads(said.stdout)["type"] == "Int64"  # what the user claimed: source code
