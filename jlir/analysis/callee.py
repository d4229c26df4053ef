"""The name a call's callee is printed by: one reading for every layer that asks which function a call calls.

Julia prints a callee three ways, and all three name a function constant:
a `GlobalRef` (`Base.add_int`, or an infix operator with its module
dropped: `===`); a function value shown in parentheses, which the reader
takes for a type name (`(Core.Intrinsics.add_int)(%2, %6)` in 1.10's
IRCode, `(Base.mul_int)(Δ, 1)` in 1.2's typed code; Julia 1.12+ labels such
a call `builtin`/`intrinsic`, so it is the function itself); and a bare name
that reads like a slot (`(isa)(%1, Int64)`).  A numbered slot (`x@_3`,
`_3`) is a variable, and an SSA value, an argument or a static parameter is
a value known only when the code runs: none of them has a name.

Purity (which calls a pass may delete), the stability report (which calls
are dynamic) and the interpreter (which function to run) each used to read
this on their own, in three slightly different ways; it lives here, in the
lowest layer that asks (the stability report), above the model it reads.
"""
from __future__ import annotations

from dataclasses import dataclass

from jlir.ir import types as T
from jlir.ir import values as V


@dataclass(frozen=True, slots=True)
class Callee:
    """A callee as printed: its module path (`"Core.Intrinsics"`; None when Julia printed the name bare) and name."""
    module: str | None
    name: str

    @property
    def text(self) -> str:
        """`Module.name`, or the bare name: how builtin tables and providers key a function."""
        return self.name if self.module is None else f"{self.module}.{self.name}"


# The name of each callee object asked about (the reader shares one object per distinct text, and the stability
# report and the passes ask of every call): by identity, each entry keeping its object alive so that an id is not
# reused while it stands; emptied past a bound.
_NAMED: dict = {}
_NAMED_LIMIT = 100_000


def callee_name(callee) -> Callee | None:
    """The function constant a call's callee names, or None when the callee is a value (see the module docstring)."""
    cls = type(callee)
    if cls is V.GlobalRef or cls is T.TypeName:
        hit = _NAMED.get(id(callee))
        if hit is not None and hit[0] is callee:
            return hit[1]
        if cls is V.GlobalRef:
            named = Callee(callee.module or None, callee.name)
        else:
            named = Callee(".".join(callee.path[:-1]) or None, callee.path[-1])
        if len(_NAMED) >= _NAMED_LIMIT:
            _NAMED.clear()
        _NAMED[id(callee)] = (callee, named)
        return named
    if cls is V.SlotNumber and callee.id is None and callee.name:
        return Callee(None, callee.name)
    return None
