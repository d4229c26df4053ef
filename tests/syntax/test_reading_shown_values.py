"""Constants `show` prints with operators or spaces in them, and callees shown as values, read back byte for byte.

Every print here is Julia 1.5.3's, from the oracle's records of the standard libraries and of generated programs
(provenance in `tests/data/README.md`).  The rules are Julia's: `show(::Rational)` (base/rational.jl) writes
`0//1` unspaced where a call of `//` prints spaced (`show_unquoted`, base/show.jl); `show(::Complex)`
(base/complex.jl) writes `NaN + NaN*im`; `show(::MIME)` (base/multimedia.jl) `MIME type text/plain`;
`show_globalref` quotes the postfix `'` as `Mod.:var"'"`; the IR printer's `invoke` shows its callee with
`show_unquoted`, so a function object `+` stands bare (`invoke +(…)`); `show(::Regex)` (base/regex.jl) writes
a pattern's line breaks raw, and the pattern's brackets open no quoted code (the row ends where the literal does).
"""
from __future__ import annotations

from pathlib import Path

import jlir
from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir.walk import values

DATA = Path(__file__).resolve().parents[1] / "data"
PRINTS = ["stdlib-1.5.3-rational-constant.txt", "generated-1.5.3-complex-nan-constant.txt",
          "generated-1.5.3-invoke-operator-callee.txt", "stdlib-1.5.3-adjoint-globalref.txt",
          "stdlib-1.5.3-mime-constant.txt", "stdlib-1.5.3-regex-constant-ircode.txt"]


def _text(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


def test_the_recorded_prints_read_back_byte_for_byte():
    # (each is also a regression dump of tests/syntax/test_roundtrip.py)
    assert all(jlir.format(jlir.parse(_text(name))) == _text(name) for name in PRINTS)


def _shown(fn) -> list[str]:
    return [v.text for st in fn.ir.stmts for v in values(st.node) if type(v) is T.TypeOpaque]


def test_an_unspaced_rational_is_one_constant_not_a_call_of_slashes():
    fn = jlir.functions(jlir.parse(_text("stdlib-1.5.3-rational-constant.txt")))[0]
    oftype = fn.ir.stmts[3].node  # `invoke Statistics.oftype(0//1::Rational{Int64}, Statistics.NaN::Float64)`
    assert oftype.head == "invoke" and type(oftype.args[2]) is T.TypeOpaque and oftype.args[2].text == "0//1"


def test_a_complex_with_a_nan_part_is_one_constant():
    fn = jlir.functions(jlir.parse(_text("generated-1.5.3-complex-nan-constant.txt")))[0]
    assert _shown(fn) == ["NaN + NaN*im"]


def test_the_mime_constant_is_kept_as_shown():
    text = _text("stdlib-1.5.3-mime-constant.txt")
    assert jlir.format(jlir.parse(text)).count("MIME type text/plain") == 2


def test_spaced_slashes_stay_a_call():
    text = "CodeInfo(\n1 ─ %1 = (x // 2)::Rational{Int64}\n└──      return %1\n) => Rational{Int64}\n"
    fn = jlir.functions(jlir.parse(text))[0]
    assert type(fn.ir.stmts[0].node) is N.Expr and jlir.format(jlir.parse(text)) == text


def test_a_regex_over_several_lines_is_one_statement_in_an_ircode_print():
    fn = jlir.functions(jlir.parse(_text("stdlib-1.5.3-regex-constant-ircode.txt")))[0]
    # the rows after the pattern are statements of their own: `%2 = Base.match::typeof(match)` …
    assert len(fn.ir.stmts) == 19 and str(fn.ir.stmts[1].node) == "Base.match"
