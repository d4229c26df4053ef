"""A statement printed as a negative number: a literal, or the call of unary minus on the positive one.

`show_unquoted` prints the call `-(3.0)` as `-3.0`, the same text as the value -3.0; which it was the text alone
does not say, except for an unsigned integer: `show` writes none with a sign (an unsigned value prints as hex,
`0xfb`), so `-0x05` is always the call `-(0x05)`.
"""
from __future__ import annotations

from jlir.ir import nodes as N
from jlir.ir import values as V
from jlir.lattice import shown

__all__ = ["negated_call", "negated_unsigned"]

_MINUS = V.GlobalRef(None, "-")


def negated_unsigned(node) -> bool:
    """`-0x05` (`jlir.lattice.shown.negated_unsigned`): always the call `-(0x05)`, read by another statement or
    not."""
    return type(node) is V.Literal and node.kind == "int" and shown.negated_unsigned(node.text)


def negated_call(node):
    """The call `-(x)` a node printed as a negative number `-x` may be, or None for any other node."""
    if type(node) is V.Literal and node.kind in ("int", "float") and node.text[:1] == "-" and node.text[1:2].isdigit():
        return N.Expr("call", (_MINUS, V.Literal(node.text[1:], node.kind)))
    return None
