"""Which SSA values a statement uses: Julia's `scan_ssa_use!` over our nodes."""
from __future__ import annotations

from jlir.ir import nodes as N
from jlir.ir import values as V


def ssa_uses(node):
    """Yield the ids of SSA values `node` refers to (nested calls included, quoted dead code and types not)."""
    stack = [node]
    while stack:
        x = stack.pop()
        cls = type(x)
        if cls is V.SSAValue:
            yield x.id
        elif cls is N.Expr:
            stack.extend(x.args)
        elif cls is N.PhiNode or cls is N.PhiCNode:
            stack.extend(v for v in x.values if v is not None)
        elif cls is N.GotoIfNot:
            stack.append(x.cond)
        elif cls is N.ReturnNode or cls is N.UpsilonNode:
            if x.val is not None:
                stack.append(x.val)
        elif cls is N.PiNode:
            stack.append(x.val)
        elif cls is N.EnterNode:
            if x.scope is not None:
                stack.append(x.scope)
        elif cls is V.TypedSlot or cls is V.Splat:
            stack.append(x.value)


def used_ids(stmts) -> set[int]:
    """Every SSA id used by any statement (pending nodes included), as Julia's printer computes `used`."""
    used: set[int] = set()
    for s in stmts:
        used.update(ssa_uses(s.node))
    return used
