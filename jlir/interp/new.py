"""`%new(T, fields…)`: the struct a statement builds, its type as the IR names it (a closure's type, a Base struct
of a submodule, a type applied to its parameters by an earlier statement)."""
from __future__ import annotations

import jlir.interp.calls as calls
from jlir.interp.literal_types import type_of
from jlir.semantics import hints
from jlir.semantics.constants import type_text
from jlir.semantics.values import NotInterpretable
from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V


def new_expr(b, e: N.Expr, d: int, typ, i: int, pre: list):
    """The op of `%d = %new(T, fields…)` compiled by builder `b` (`jlir.interp.compile`): T named by the IR, or
    built by a statement (`Core.apply_type`), its value known only when the run reaches it."""
    head, *args = e.args
    if type(head) is V.SSAValue and 1 <= head.id <= b.n:  # `%1 = Core.DomainError; %new(%1, …)`
        node = b.fn.positional[head.id - 1].node
        if type(node) is N.Expr:  # `%3 = Core.apply_type(%1, %2); %new(%3, k)`: a closure's type, known when run
            return calls.new_dynamic_op(head.id, tuple(b.reg(a, pre, i) for a in args), d, i, b.X,
                                        calls._base_module(_qualified(_applied(b, node))))
        head = node
    if type(head) not in (T.TypeName, T.TypeApply, V.GlobalRef):
        raise NotInterpretable(f"%new of a type the IR does not name ({head!r})")
    if _qualified(head) == "Core.Box" and not b.source_literals:
        args = [_boxed_literal(b, a, i) for a in args]
    return calls.new_op(type_text(head), tuple(b.reg(a, pre, i) for a in args), d, i, b.X, _qualified(head))


def _boxed_literal(b, a, i: int):
    """A literal a `Core.Box` is made with in optimized code (`%new(Core.Box, 7)`, a captured keyword default
    inlined): the box's field is `Any`, so nothing in the print gives the literal's width, and folded values keep
    theirs (`shift1=Int8(7)` prints `7`).  Julia's own answer (`literal_types`, which `_Builder.reg` applies) where
    a provider has it, else refused, as a literal `setfield!` stores into a box is
    (`shown_values.stored_literal_type`)."""
    if hints.width_unshown(a) and type_of(b.literals, i, a) is None:
        raise NotInterpretable(f"the type of the literal {getattr(a, 'text', a)} a Core.Box holds is not in the IR")
    return a


def _applied(b, e: N.Expr):
    """The type `Core.apply_type(T, …)` applies parameters to, as the IR names it (through one `%1 = T`)."""
    if e.head != "call" or len(e.args) < 2:
        return None
    t = e.args[1]
    if type(t) is V.SSAValue and 1 <= t.id <= b.n:
        t = b.fn.positional[t.id - 1].node
    return t


def _qualified(t) -> str | None:
    """A struct type's name as the IR writes it, modules kept and parameters dropped (`Base.Math.DoubleFloat64`)."""
    if type(t) is T.TypeApply:
        t = t.head
    if type(t) is T.TypeName:
        return ".".join(t.path)
    if type(t) is V.GlobalRef:
        return f"{t.module}.{t.name}" if t.module else t.name
    return None
