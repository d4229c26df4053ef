"""Mutated real dumps the fuzz campaigns found read into a model that printed back as another, refused now.

A line drawn with cursor moves (1.0's coloured gutter: `ESC[74G│╻ +ESC[1G` then the line over it) whose
printed form differs from what it shows is refused where it stands, as a coloured line with codes in place is.

Julia's IR printer writes `%N = ` before exactly the values the IR uses (`print_stmt`, base/compiler/ssair/show.jl),
so `%1 = ` on a statement nothing uses prints back without it; the drawn line then cannot be put back, and the
plain print would read back as another document (its colours lost).  Fuzz input 6912 of seed 1 is such a text.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import jlir

DATA = Path(__file__).resolve().parents[1] / "data"


def test_a_drawn_line_that_would_print_otherwise_is_refused_where_it_stands():
    text = (DATA / "hardening" / "fuzz-seed1-6912-drawn-gutter-unused-ssa.txt").read_text(encoding="utf-8")
    with pytest.raises(jlir.ParseError) as e:
        jlir.parse(text)
    assert e.value.line == 2 and "colours could not be put back" in e.value.message


def test_the_unmutated_drawn_lines_still_read_and_print_back():
    text = (DATA / "hardening" / "fuzz-seed1-6912-drawn-gutter-unused-ssa.txt").read_text(encoding="utf-8")
    text = text.replace("return %-1", "return %1")
    assert jlir.format(jlir.parse(text)) == text


def test_a_shown_constant_holding_an_ssa_value_is_refused():
    # verb-fuzz input 3844: `Baseunsafe_convert(Main.Cstring, %9)`, a plain-name callee (a constant `show` printed:
    # a call's callee prints as a GlobalRef or in parentheses) with `%9` among its arguments
    text = (DATA / "hardening" / "verbfuzz-seed1-3844-constant-holding-ssa.txt").read_text(encoding="utf-8")
    with pytest.raises(jlir.ParseError) as e:
        jlir.parse(text)
    assert e.value.line == 10 and "no constant holds an SSA value" in e.value.message
    assert jlir.format(jlir.parse(text.replace("Baseunsafe", "Base.unsafe"))) == text.replace("Baseunsafe",
                                                                                              "Base.unsafe")
