"""Invariants of printing and parsing, over randomly built IR (hypothesis)."""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import jlir
from jlir.ir.walk import used_ids
from jlir.ir.function import Form
from support.strategies import functions


def _same_ir(a, b):
    """Equal as IR: statements, types and blocks (line info compared as printed line numbers)."""
    assert [(s.node, s.type) for s in a.stmts] == [(s.node, s.type) for s in b.stmts]
    assert a.blocks == b.blocks
    assert a.return_type == b.return_type


@pytest.mark.parametrize("form", [Form.TYPED, Form.IRCODE], ids=["codeinfo", "ircode"])
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_printing_a_parsed_function_gives_the_same_text_and_model(form, data):
    f = data.draw(functions(form))
    text = jlir.format(f)
    g = jlir.functions(jlir.parse(text))[0]
    _same_ir(f, g)
    assert jlir.format(g) == text


@settings(max_examples=100, deadline=None)
@given(functions(Form.TYPED))
def test_statement_i_prints_as_percent_i_and_the_ssa_column_fits_the_largest_used_id(f):
    lines = jlir.format(f).split("\n")[1:-1]
    used = used_ids(f.stmts)
    width = len(str(max(used))) if used else 0
    for i, line in enumerate(lines, 1):
        m = re.search(r" %(\d+)( +)= ", line)
        if i in used:
            assert m and int(m.group(1)) == i
            assert len(m.group(1)) + len(m.group(2)) - 1 == width
        else:
            assert m is None or int(m.group(1)) != i


@settings(max_examples=100, deadline=None)
@given(functions(Form.TYPED))
def test_every_block_starts_with_its_number_and_ends_with_a_rail_as_wide_as_the_block_count(f):
    lines = jlir.format(f).split("\n")[1:-1]
    width = len(str(len(f.blocks)))
    for n, block in enumerate(f.blocks, 1):
        assert re.match(rf"{n} [─┄]", lines[block.first - 1])
        if block.last > block.first:
            assert lines[block.last - 1].startswith("└" + "─" * (width + 1) + " ")
