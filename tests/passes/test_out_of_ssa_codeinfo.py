"""`out-of-ssa` of an IRCode printed by Julia 1.5 or earlier prints the CodeInfo such a Julia prints."""
from __future__ import annotations

from pathlib import Path

import jlir
from jlir import passes

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "julia-1.5.3"


def test_an_unreachable_prints_as_the_expr_julia_1_5s_codeinfo_holds():
    """Julia 1.5's own `@code_typed` of the same function (arrays.typed.txt) says `$(Expr(:unreachable))` where its
    IRCode (`inflate_ir`) says `unreachable`; the CodeInfo out-of-ssa makes says it as 1.5's does and reads back."""
    assert "$(Expr(:unreachable))" in (FIXTURES / "arrays.typed.txt").read_text()
    fn = jlir.functions(jlir.parse_file(FIXTURES / "arrays.ircode-noline.txt"))[0]
    text = jlir.format(passes.run(fn, ["out-of-ssa"]))
    rows = [line.split("  ")[-1].strip() for line in text.splitlines() if "unreachable" in line]
    assert rows and all(r == "$(Expr(:unreachable))" for r in rows)
    assert jlir.format(jlir.functions(jlir.parse(text))[0]) == text
