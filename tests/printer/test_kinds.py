"""The printer knows every node kind of the model, and refuses what it cannot print rather than guessing."""
from __future__ import annotations

import pytest

from jlir.geometry import rails
from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ir.style import Style
from jlir.ir.walk import KNOWN, UnknownKind
from jlir.printer import exprs
from jlir.printer.exprs import ExprPrinter


def test_every_statement_node_kind_of_the_model_has_a_printing_rule():
    # Expr is printed by `unquoted` itself, a MethodInstance only inside `invoke`
    nodes = {k for k in KNOWN if k.__module__ == N.__name__} - {N.Expr, N.MethodInstance}
    assert nodes <= set(exprs._NODE_RULES), sorted(k.__name__ for k in nodes - set(exprs._NODE_RULES))


@pytest.mark.parametrize("thing", [object(), 3, "x", None, (V.SSAValue(1),)])
def test_a_value_outside_the_model_is_refused_with_unknown_kind(thing):
    ep = ExprPrinter(Style.for_version("1.10"))
    with pytest.raises(UnknownKind):
        ep.unquoted(thing)
    with pytest.raises(UnknownKind):
        ep.type(thing)


def test_a_method_instance_alone_is_refused_rather_than_printed_as_a_type():
    ep = ExprPrinter(Style.for_version("1.10"))
    with pytest.raises(UnknownKind):
        ep.unquoted(N.MethodInstance((T.TypeName(("Int64",)),)))


def test_rails_are_as_wide_as_the_largest_block_number_plus_two():
    for blocks in (1, 9, 10, 123):
        w = rails.rail_width(blocks)
        texts = [rails.start_rail(1, w, False), rails.start_rail(blocks, w, True), rails.mid_rail(w), rails.end_rail(w)]
        assert {len(t) for t in texts} == {w + 2}, texts
    assert rails.start_rail(3, 2, True) == "3 ┄─" and rails.end_rail(2) == "└───" and rails.mid_rail(1) == "│  "


def test_the_ssa_column_is_as_wide_used_or_not():
    width = rails.ssa_width({3, 12, 7})
    assert width == 2 and rails.ssa_column(3, width) == "%3  = " and rails.ssa_column(12, width) == "%12 = "
    assert len(rails.blank_ssa_column(width)) == len(rails.ssa_column(12, width))
    assert rails.ssa_width(set()) == 0
