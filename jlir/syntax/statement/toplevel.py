"""Calls of bare names in untyped code: `%2 = rand(%1)` in a top-level thunk is a call of the Symbol `rand`.

Julia's `show_call` prints a callee bare when it is a Symbol, a GlobalRef or a curly/dot Expr, and any other
callee in parentheses (`(f)(x)`, `(isa)(%1, Missing)`).  A value `show` prints as `Name(…)` (`Float16(0.5)`,
`var"#1#2"()`) is therefore the only other text of that shape; it stands where a value stands.  Lowering
flattens every call, so in untyped code a whole statement (or the right side of an assignment) of that shape is
a call of a Symbol, as `Meta.lower` makes for every plain call in a script; typed code resolves callees to
GlobalRefs or values, so there it stays a shown value.  A curly head (`Val{2}()`) proves a type.
"""
from __future__ import annotations

from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.semantics.names import var_quoted

_VAR = ('var"', '"')


def _symbol(head) -> V.Symbol | None:
    """The Symbol a bare callee names (`rand`, `var"#3#4"`), None for a qualified or curly head."""
    if type(head) is not T.TypeName or len(head.path) != 1:
        return None
    name = head.path[0]
    if name.startswith(_VAR[0]) and name.endswith(_VAR[1]) and var_quoted(name[4:-1]) == name:
        name = name[4:-1]
    return V.Symbol(name)


def as_symbol_call(node):
    """`node` with a statement-level `Name(args…)` shown value made a call of the Symbol `Name` (an
    assignment's right side too); anything else as it is."""
    if type(node) is N.Expr and node.head == "=" and len(node.args) == 2:
        rhs = as_symbol_call(node.args[1])
        return node if rhs is node.args[1] else N.Expr("=", (node.args[0], rhs))
    if type(node) is not T.TypeCall or node.trailing_comma:
        return node
    callee = _symbol(node.head)
    return node if callee is None else N.Expr("call", (callee,) + tuple(node.args))
