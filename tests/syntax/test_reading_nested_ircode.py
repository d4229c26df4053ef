"""An IRCode print holding a nested CodeInfo (`jlir ssa` of top-level lowered code, `$(Expr(:thunk, CodeInfo(…)))`)
reads back: the reader's check of how typed code prints a statement prints the nested CodeInfo as the printer
does, never an internal error."""
from pathlib import Path

import jlir
from jlir.ssa import into_ssa

CORPUS = Path(__file__).resolve().parents[2] / "fixtures" / "corpus"


def test_the_ssa_form_of_top_level_code_with_thunks_reads_back():
    doc = jlir.parse((CORPUS / "0204.txt").read_text(encoding="utf-8"))  # LoweredCodeUtils' docs
    out = jlir.format(into_ssa(jlir.functions(doc)[0]))
    assert "$(Expr(:thunk, CodeInfo(" in out
    again = jlir.parse(out)
    assert jlir.format(again) == out
