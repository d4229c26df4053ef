"""`jlir ssa` keeps the return type its input states, so `jlir ssa` then `jlir run` works.

An IRCode print has no return type, and a returned literal such as `-1` may be an `Int32` or an `Int64`:
the interpreter refuses to guess.  The input (`CodeInfo(…) => Int64`, printed by Julia 1.5.3, see
tests/data/ssa/README.md) said which; `jlir ssa` prints its result as a `CodeInfo(…) => Int64` then.
"""
from __future__ import annotations

from pathlib import Path

import jlir
from jlir.cli.app import main
from jlir.ir.function import Form

SGN = Path(__file__).resolve().parents[1] / "data" / "ssa" / "sgn.typed-unoptimized.txt"


def _ssa(tmp_path, capsys, *flags) -> Path:
    assert main(["ssa", "--argnames", "x", *flags, str(SGN)]) == 0
    out = tmp_path / "sgn.ssa.txt"
    out.write_text(capsys.readouterr().out, encoding="utf-8")
    return out


def test_ssa_of_a_print_with_a_return_type_is_a_codeinfo_that_keeps_it(tmp_path, capsys):
    f = jlir.functions(jlir.parse_file(_ssa(tmp_path, capsys)))[0]
    assert f.form is Form.TYPED and jlir.format(f).rstrip().endswith(") => Int64")
    assert "φ" not in jlir.format(f) and "_2" in jlir.format(f)  # SSA form, the argument by number


def test_ssa_then_run_returns_what_julia_returned(tmp_path, capsys):
    out = _ssa(tmp_path, capsys)
    for arg, julia in (("5", "1"), ("-3", "-1")):
        assert main(["run", str(out), "--args", arg]) == 0
        assert capsys.readouterr().out.strip() == julia


def test_the_ircode_form_cannot_say_which_integer_a_returned_literal_is(tmp_path, capsys):
    out = _ssa(tmp_path, capsys, "--form", "ircode")
    assert jlir.functions(jlir.parse_file(out))[0].return_type is None
    assert main(["run", str(out), "--args", "-3"]) == 2
    err = capsys.readouterr().err  # refused at the first literal whose width the print does not prove: the `0`
    assert "the type of the literal 0 passed to a dynamic call is not in the IR" in err  # of `0 < x`, before `-1`
