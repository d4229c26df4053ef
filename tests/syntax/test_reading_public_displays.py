"""Julia 1.0's `@code_warntype` with its inlining gutter (`│╻╷ >`), as public material holds it.

Julia 1.0 draws the gutter only in colour, with cursor moves (`ESC[69G` … `ESC[1G`, base/compiler/ssair/show.jl), so
a display without colour shows it one of two ways: a stream with the escapes removed keeps the bytes' order, gutter
first (`│╻╷ >2 1 ─ %1  = …`, nbconvert's HTML of an IJulia output); a terminal's screen, copied, shows it right of
each row.  Each is a real public print (fixtures/corpus/index.jsonl says where from): 0205 and 0206 are the IJulia
outputs in colour, 0207 the same 0205 output as the notebook's HTML export shows it, 0208 a README's screen copy.
"""
from __future__ import annotations

import re

import pytest

import jlir
from conftest import CORPUS


def _text(name: str) -> str:
    return (CORPUS / f"{name}.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", ["0205", "0206", "0207", "0208"])
def test_a_public_julia_1_0_gutter_display_prints_back_byte_for_byte(name):
    text = _text(name)
    assert jlir.format(jlir.parse(text)) == text


def test_the_plain_gutter_in_byte_order_is_the_colour_display_without_its_escapes():
    colour, plain = _text("0205"), _text("0207")
    assert re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", colour) == plain  # what the fixture is, checked
    a, b = jlir.parse(colour).items[0], jlir.parse(plain).items[0]
    assert a.ir == b.ir and a.display == b.display


def test_the_gutter_gives_line_numbers_and_inlined_method_names_in_either_order():
    byte_order = jlir.parse(_text("0207")).items[0].ir.linetable
    screen = jlir.parse(_text("0208")).items[0].ir.linetable
    assert [(e.line, e.method) for e in byte_order if e.line or e.method] == [
        (2, ""), (0, ">"), (3, ""), (0, "^"), (5, ""), (0, "Type"), (6, ""), (0, "^")]
    assert [(e.line, e.method) for e in screen if e.line or e.method] == [
        (2, ""), (0, "=="), (3, ""), (0, "convert"), (5, ""), (0, "div"), (0, "Type")]
