"""The reduce callbacks of operator calls: infix (`a + b`, `a:s:b`, `a ~ b`), unary (`-x`) and prefix (`-(a, b, c)`),
read as Julia's `show_unquoted` (base/show.jl, its `:call` branch and `show_call`) prints them."""
from __future__ import annotations

from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.semantics.operators import CHAINABLE, shown_infix
from jlir.syntax.statement.shown import operator_call


class OperatorCalls:
    """A mixin of `callbacks._Build`: it reads `self.shared` and `self._parenthesized`."""

    def binop(self, c):
        lhs, op, rhs = c
        name = str(op)
        if name == ":" and isinstance(lhs, N.Expr) and lhs.head == "call" and len(lhs.args) == 3 \
                and lhs.args[0] == V.GlobalRef(None, ":") and id(lhs) not in self._parenthesized:
            return N.Expr("call", lhs.args + (rhs,))  # `a:s:b` is one call with three arguments
        if name in CHAINABLE and isinstance(lhs, N.Expr) and lhs.head == "call" and id(lhs) not in self._parenthesized \
                and isinstance(lhs.args[0], V.GlobalRef) and lhs.args[0].module is None and lhs.args[0].name == name \
                and len(lhs.args) >= 3:
            return N.Expr("call", lhs.args + (rhs,))
        return N.Expr("call", (self.shared.operator(name), lhs, rhs))

    def unop(self, c):
        op, operand = str(c[0]), c[1]
        if type(operand) is T.TypeTuple and len(operand.items) > 1 \
                and not shown_infix(op, len(operand.items), V.Splat in map(type, operand.items)):
            # `-(%1, %2, %3)`, `~(a, b, c)`: Julia's `show_call` of an operator on arguments it would not show
            # infix (base/show.jl, `show_unquoted` of `:call`); `-` of a Tuple value prints alike, `-(1, 2, 3)`,
            # so only operands no value holds (an SSA value, an argument, a slot) make it a call
            return operator_call(self.shared.operator(op), operand, self._parenthesized)
        return N.Expr("call", (self.shared.operator(op), operand))

    def op_call(self, c):  # `/(a, b, c)`: `show_call` of an operator it shows neither infix nor unary
        return N.Expr("call", (self.shared.operator(str(c[0])),) + tuple(c[2] or ()))
