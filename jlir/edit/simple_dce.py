"""Julia 1.5's `simple_dce!` (`base/compiler/ssair/ir.jl`), which `compact!`'s `finish` runs: every unused
statement `stmt_effect_free` (`ssair/queries.jl`) accepts becomes `nothing` (its type kept), and so, in turn,
do the statements only it used.

`stmt_effect_free` asks inference's lattice about the operands.  From the print this decides the cases whose
answer does not depend on operand types, as Julia does:

* a `GlobalRef` (Julia asks `isdefined`; a global that inference typed is defined in the common case);
* a φ, π, φᶜ or ϒ node, and a bare value (Julia's fall-through `true`);
* `$(Expr(:the_exception))`, `:isdefined`, `:copyast`, `:inbounds`, `:boundscheck`;
* a call of a pure builtin (`tuple`, `svec`, `===`, `typeof`, `nfields`) or of `Core.Compiler.return_type`.

Never a statement typed `Union{}`.  Kept (named rule `simple-dce-typed`): calls of intrinsics and of the
builtins that are effect-free only when they cannot throw (`getfield`, `isa`, `apply_type`, …) and `%new`,
whose verdict needs the types of arguments (`_2`'s type is not in an IRCode print, nor a literal's width).
"""
from __future__ import annotations

from dataclasses import replace

from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ir import walk
from jlir.ir.function import Statement

_PURE_BUILTINS = frozenset({"tuple", "svec", "===", "typeof", "nfields"})
_FREE_HEADS = frozenset({"isdefined", "the_exception", "copyast", "inbounds", "boundscheck"})
_NEVER = (N.ReturnNode, N.GotoNode, N.GotoIfNot, N.EnterNode, V.SlotNumber)


def simple_dce(stmts: list[Statement]) -> list[Statement]:
    """`stmts` (compacted, in SSA form) with each unused effect-free statement turned into `nothing`."""
    out = list(stmts)
    used = [0] * (len(out) + 1)
    for s in out:
        for k in walk.ssa_uses(s.node):
            if 0 < k < len(used):
                used[k] += 1
    worklist: list[int] = []

    def erase(idx: int) -> None:
        s = out[idx - 1]
        if s.node == V.NOTHING or not _effect_free(s):
            return
        for k in walk.ssa_uses(s.node):
            if 0 < k < len(used):
                if used[k] == 1 and k < idx:
                    worklist.append(k)
                used[k] -= 1
        out[idx - 1] = replace(s, node=V.NOTHING)

    for idx in range(1, len(out) + 1):   # later counts are read as they fall, like Julia's loop
        if used[idx] == 0:
            erase(idx)
    while worklist:
        erase(worklist.pop())
    return out


def _effect_free(s: Statement) -> bool:
    node = s.node
    if is_bottom(s.type) or isinstance(node, _NEVER):
        return False
    if type(node) is not N.Expr:
        return True
    if node.head in _FREE_HEADS:
        return True
    if node.head != "call" or not node.args:
        return False
    f = node.args[0]
    if type(f) is V.SlotNumber and f.id is None:   # `(tuple)(…)`: the function object, printed by name
        return f.name in _PURE_BUILTINS
    if type(f) is V.GlobalRef:
        if f.module in (None, "Core", "Base") and f.name in _PURE_BUILTINS:
            return True
        return (f.module, f.name) == ("Core.Compiler", "return_type")
    return False


def is_bottom(t) -> bool:
    """`Union{}`, as read."""
    return type(t) is T.TypeApply and not t.params and type(t.head) is T.TypeName and t.head.path[-1] == "Union"
