"""What the IR says of a branch condition's type: known `Bool`, known not `Bool`, or not said.

`goto #d if not %c` with `%c::Int64` is valid IR: Julia throws a `TypeError` when it runs.  So a pass may
fold a branch away only where the condition is known to be a `Bool` (folding it would turn that throw into
a result), and the verifier warns where its type is known to be something else (a concrete type, or a
constant that is no `Bool`).  A condition without a printed type (an argument, lowered code) is neither.
"""
from __future__ import annotations

from jlir.lattice.typefacts import table
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.semantics.constants import type_text


def condition_type(cond, type_of) -> str | None:
    """The type `cond` has by the IR's text (`Bool`, `Int64`, …); None where the IR does not say.
    `type_of(n)`: the printed type of SSA value `%n` (None when it has none or there is no `%n`)."""
    cls = type(cond)
    if cls is V.Literal:
        return "Bool" if cond.text in ("true", "false") else None
    if cls is V.SSAValue:
        t = type_of(cond.id)
        if t is None:
            return None
        if type(t) is T.TypeCall and T.is_lattice_element(t) and t.head.name == "Conditional":
            return "Bool"
        text = type_text(t)
        return None if "?" in text else text
    return None


def is_bool(cond, type_of) -> bool:
    """Whether the IR says `cond` is a `Bool` (a branch on it can be folded)."""
    return condition_type(cond, type_of) == "Bool"


def known_not_bool(cond, type_of) -> str | None:
    """`cond`'s type where the IR says it is a concrete type other than `Bool` (Julia throws a TypeError)."""
    text = condition_type(cond, type_of)
    if text is None or text == "Bool":
        return None
    kind = table().types.get(text.split("{", 1)[0], (None, 0))[0]
    return text if kind in ("concrete", "tuple") else None
