"""A bare name Main takes from Base (`in`, printed bare in Main's code as Julia prints a function Main sees) beside
an argument printed by name: with more such names than arguments, Base's are the globals (Julia 1.5.3's print,
tests/data/interp/base-names-bare.jl, and its answers)."""
from __future__ import annotations

from pathlib import Path

import jlir
from jlir import interp

PRINT = Path(__file__).resolve().parents[1] / "data" / "interp" / "base-names-bare-1.5.3.txt"


def test_in_is_bases_function_and_n_the_argument():
    fn = jlir.functions(jlir.parse(PRINT.read_text(encoding="utf-8")))[0]
    r = interp.run(fn, [3], interp.BaseProvider())
    assert interp.julia_repr(r.value) == "(false, false, true)"  # Julia 1.5.3: g(3)
