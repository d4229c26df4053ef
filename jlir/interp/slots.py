"""Which slots of a function are its arguments, which are locals, and which bare names are really constants.

Julia prints a slot by name (`x`), by name and number when names clash
(`x@_3`) or by number (`_3`, `@_4`); slot 1 is the function itself and slots
2…n+1 its n arguments.  A numbered slot is placed by its number.  A slot
printed by name alone is placed by `argnames` (the method's argument names,
`Base.method_argnames` without `#self#`) when given; without them, a name
never assigned in the body is an argument, which is only unambiguous for a
single one, or where the names Main takes from Base (`in`, `show`) are left out as the globals they are.  Bare
names of types and builtins (`Int64`, `isa` in
`(isa)(%1, Int64)`) that are neither assigned nor arguments are constants.
"""
from __future__ import annotations

import jlir.interp.calls as calls
from jlir.semantics.base_globals import main_binding
from jlir.semantics.constants import TYPE_NAMES
from jlir.semantics.values import NotInterpretable
from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ir import walk
from jlir.ssa.prepare import splat_slot
from jlir.ssa.slots import slot_key


def newvar_slot(node: N.NewvarNode) -> V.SlotNumber:
    """The slot a `NewvarNode` names (a keyword sorter's `:(kwargs...)` too: `splat_slot`); refused when it names
    none, which no print of Julia's shows."""
    slot = splat_slot(node).slot
    if type(slot) is not V.SlotNumber:
        raise NotInterpretable("a `NewvarNode` of something that is no slot (Julia's always names one)")
    return slot


class SlotMap:
    """The argument/local/constant reading of a function's slots, for `nargs` arguments."""

    def __init__(self, fn, nargs: int, argnames=None, self_name: str | None = None):
        self.nargs = nargs
        self.self_name = self_name  # slot 1's name where it is not `#self#` (a keyword sorter's `#s827`)
        self.argnames = tuple(argnames) if argnames is not None else None
        # slot 1's name where it is not `#self#`: a functor's `(m::MyMul)(x)` reads itself as `m`
        self.self_name = self_name if self_name not in (None, "", "#self#") else None
        assigned, seen = set(), []
        for s in fn.positional:
            node = s.node
            if type(node) is N.NewvarNode:
                assigned.add(self.key(newvar_slot(node)))
            elif type(node) is N.Expr and node.head == "=" and type(splat_slot(node.args[0])) is V.SlotNumber:
                assigned.add(self.key(splat_slot(node.args[0])))
            for v in walk.values(node):
                if type(v) is V.SlotNumber and v not in seen:
                    seen.append(v)
        self.assigned = assigned
        self.implicit = None
        if self.argnames is None:
            names = [v.name for v in seen if v.id is None and self.key(v) not in assigned and v.name != self_name
                     and v.name not in TYPE_NAMES and v.name not in calls.FUNCTION_NAMES]
            names = list(dict.fromkeys(names))
            if len(names) > nargs:
                # more names than arguments: the ones Main takes from Base (`in`, `show`, printed bare in code of
                # Main) are those globals, as Julia prints a constant function by its bare name where Main sees it
                own = [n for n in names if main_binding(n) is None]
                names = own if len(own) <= nargs else names
            self.implicit = tuple(names)

    key = staticmethod(slot_key)

    def argument_index(self, key) -> int | None:
        """The 0-based argument a slot holds (-1: the function itself), None for a local."""
        kind, k = key
        if kind == "id":
            return k - 2 if k - 2 < self.nargs else None
        if k == "#self#" or k == self.self_name:
            return -1
        if self.argnames is not None:
            return self.argnames.index(k) if k in self.argnames else None
        if key in self.assigned:
            return None
        if len(self.implicit) == 1 and self.nargs > 1:
            raise NotInterpretable(f"given {self.nargs} arguments, but the IR reads one argument, "
                                   f"{self.implicit[0]} (pass argnames if it has others it never reads)")
        if len(self.implicit) > 1 or (self.implicit and self.nargs > 1):
            raise NotInterpretable(f"the order of the arguments {', '.join(self.implicit)} is not in the IR: "
                                   "pass argnames")
        return 0

    def is_value_callee(self, callee) -> bool:
        """A callee known only when the statement runs: an SSA value, an argument, a local, a static parameter; or
        a value the print shows, a singleton's instance (`(Base.var"#foldl##kw"())(…)`, a keyword sorter)."""
        cls = type(callee)
        if cls is T.TypeCall and not callee.args and type(callee.head) in (T.TypeName, T.TypeApply) or cls is T.TypeWhere:
            return True  # `(NamedTuple{(:init,),T} where T<:Tuple)(%1)`: that type called, as shown
        if cls is V.QuoteNode and type(callee.value) is T.TypeCall and callee.value.args:
            return True  # `invoke $(QuoteNode(Fn5(-56)))(3::Int8)`: a functor constant the inliner put in place
        if cls is V.SlotNumber:
            return not self.is_constant(callee) and not (callee.id is None and callee.name in calls.FUNCTION_NAMES)
        return cls in (V.SSAValue, V.Argument, V.TypedSlot) or (cls is N.Expr and callee.head == "static_parameter")

    def is_constant(self, s: V.SlotNumber) -> bool:
        """A bare name that is no slot: neither assigned nor an argument, so a constant Julia printed bare
        (a type, a builtin; anything else is refused when read, never taken for an undefined local)."""
        if s.id is not None or self.key(s) in self.assigned or s.name in ("#self#", self.self_name):
            return False
        if self.argnames is not None:
            return s.name not in self.argnames
        return s.name not in self.implicit
