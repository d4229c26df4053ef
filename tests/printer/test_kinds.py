"""The printer knows every node kind of the model, and refuses what it cannot print rather than guessing."""
from __future__ import annotations

import pytest

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
