"""Statement templates: a statement body with its SSA and block numbers taken out.

Real IR repeats the same statement shapes with different numbers
(`Base.add_int(%3, 1)`, `Base.add_int(%17, 1)`, `goto #4 if not %12`), so the
parser memoises on the template (`Base.add_int(%-1, 1)`) and puts the numbers
back into the parsed value.  On Base's IR this parses five times fewer bodies.

Placeholders are numbers no printed IR has: SSA `%-k` and block `#-(BLOCK_BASE+k)`.
Bodies with strings or chars keep their text (a `%1` inside `"…"` is not an SSA
value), and so do bodies with negative numbers already.

`template` cuts a body at its numbers with one `re.split`; the pieces between
the numbers, joined, are the template's key.  `compile_filler` turns a parsed
template into a function of the numbers that rebuilds only the parts holding a
placeholder (everything else is shared with the template).
"""
from __future__ import annotations

import re

from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V

BLOCK_BASE = 1_000_000
# the digits of `%12` (not `a%12`, `%%12`, `#%12`) and of `#4` (not `a#4`, `#4#`, `#4x`): the sign stays in the text
# (the leading `(?<=[%#])` only lets the scan skip ahead to a sign)
_NUMBER = re.compile(r"(?<=[%#])(?:(?<=%)(?<![\w%#]%)|(?<=#)(?<![\w#]#)(?=\d+(?![\w#])))(\d+)")
_SEP = "\x00"  # joins the key's pieces: bodies holding a NUL are not templated, so keys are unambiguous


def template(body: str):
    """(key, pieces) for a body that can be templated, else None.

    `pieces` alternates the text between numbers and the numbers' digits (`re.split` output); `key`
    identifies the shape: the texts between the numbers, joined by NUL.
    """
    if '"' in body or "'" in body or "%-" in body or "#-" in body or _SEP in body or "unless " in body:
        return None
    pieces = _NUMBER.split(body)
    if len(pieces) == 1:
        return None
    return _SEP.join(pieces[0::2]), pieces


def template_text(pieces: list[str]) -> str:
    """The body with placeholders for its numbers (`%-1`, `#-1000002`, …), which the grammar parses."""
    out = [pieces[0]]
    for k in range(1, len(pieces), 2):
        n = (k + 1) // 2
        out.append(f"-{n}" if pieces[k - 1].endswith("%") else f"-{BLOCK_BASE + n}")
        out.append(pieces[k + 1])
    return "".join(out)


def numbers(pieces: list[str]) -> list[int]:
    """The numbers of a templated body, in order: number k fills placeholder k."""
    return list(map(int, pieces[1::2]))


# Shared SSA values for the ids most statements use (like Python's small ints): no object built per use.
_SMALL = 2048
_SSA = tuple(V.SSAValue(i) for i in range(_SMALL))


def _index(x: int) -> int:
    """The index into the numbers of a placeholder `x < 0`."""
    return -x - 1 - (BLOCK_BASE if x <= -BLOCK_BASE else 0)


def _int(x: int, nums) -> int:
    return x if x >= 0 else nums[_index(x)]


def compile_filler(v):
    """A function of the numbers that gives `v` with every placeholder filled; None when `v` has none."""
    cls = type(v)
    if cls is V.SSAValue:
        if v.id >= 0:
            return None
        k = _index(v.id)
        return lambda nums: _SSA[nums[k]] if nums[k] < _SMALL else V.SSAValue(nums[k])
    if cls is N.Expr:
        args = compile_filler(v.args)
        if args is None:
            return None
        head = v.head
        return lambda nums: N.Expr(head, args(nums))
    if cls is tuple:
        return _tuple_filler(v)
    if cls is N.GotoNode:
        if v.label >= 0:
            return None
        k = _index(v.label)
        return lambda nums: N.GotoNode(nums[k])
    if cls is N.GotoIfNot:
        cond, dest = compile_filler(v.cond), v.dest
        if cond is None and dest >= 0:
            return None
        return lambda nums: N.GotoIfNot(v.cond if cond is None else cond(nums), _int(dest, nums))
    if cls is N.PhiNode:
        edges, values = v.edges, compile_filler(v.values)
        if values is None and all(e >= 0 for e in edges):
            return None
        return lambda nums: N.PhiNode(tuple(_int(e, nums) for e in edges),
                                      v.values if values is None else values(nums))
    if cls is N.EnterNode:
        scope, dest = compile_filler(v.scope), v.catch_dest
        if scope is None and dest >= 0:
            return None
        return lambda nums: N.EnterNode(_int(dest, nums), v.scope if scope is None else scope(nums))
    if cls is V.SlotNumber:
        if v.name and v.name.startswith("#-"):  # a slot named like a block, `#201`
            k, sid = _index(int(v.name[1:])), v.id
            return lambda nums: V.SlotNumber("#" + str(nums[k]), sid)
        return None
    if cls in _LEAVES or v is None:
        return None
    # every other node and value: rebuild from its fields when one of them holds a placeholder
    fields = [getattr(v, f) for f in cls.__slots__]
    fillers = [compile_filler(f) for f in fields]
    if all(f is None for f in fillers):
        return None
    parts = list(zip(fields, fillers))
    return lambda nums: cls(*[x if f is None else f(nums) for x, f in parts])


def _tuple_filler(items: tuple):
    fillers = [(i, f) for i, x in enumerate(items) if (f := compile_filler(x)) is not None]
    if not fillers:
        return None
    if len(fillers) == 1:
        (i, f), = fillers
        before, after = items[:i], items[i + 1:]
        return lambda nums: before + (f(nums),) + after

    def fill_tuple(nums):
        out = list(items)
        for i, f in fillers:
            out[i] = f(nums)
        return tuple(out)
    return fill_tuple


def fill(v, nums):
    """`v` with every placeholder replaced by its number (`compile_filler` once, then call, where it repeats)."""
    f = compile_filler(v)
    return v if f is None else f(nums)


_LEAVES = frozenset({V.Literal, V.GlobalRef, V.Argument, V.Symbol, T.TypeName, T.TypeOpaque, T.TypeComment, int,
                     str, bool})
