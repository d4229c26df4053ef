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

import dataclasses
import re

from jlir.ir import values as V
from jlir.ir import walk

BLOCK_BASE = 1_000_000
# the digits of `%12` (not `a%12`, `%%12`, `#%12`) and of `#4` (not `a#4`, `#4#`, `#4x`): the sign stays in the text
# (the leading `(?<=[%#])` only lets the scan skip ahead to a sign)
_NUMBER = re.compile(r"(?<=[%#])(?:(?<=%)(?<![\w%#]%)|(?<=#)(?<![\w#]#)(?=[0-9]{1,18}(?![\w#])))([0-9]{1,18})(?![0-9])")
# A body longer than this is read as itself: templates pay off on the short bodies real dumps repeat, and a
# template of a huge one (a call with 100,000 arguments) would hold a Python int per number (memory on huge inputs).
LONG_BODY = 4096
# A text longer than this is memoised from its second occurrence on (`worth_keeping`): its key would cost as much as
# the text, and a long text is seldom repeated (each of a function's 100-deep types; memory on huge inputs).
LONG_TEXT_MEMO = 256
_SEP = "\x00"  # joins the key's pieces: bodies holding a NUL are not templated, so keys are unambiguous


def template(body: str):
    """(key, pieces) for a body that can be templated, else None.

    `pieces` alternates the text between numbers and the numbers' digits (`re.split` output); `key`
    identifies the shape: the texts between the numbers, joined by NUL.
    """
    if '"' in body or "'" in body or "%-" in body or "#-" in body or _SEP in body or "unless " in body \
            or len(body) > LONG_BODY:
        return None
    pieces = _NUMBER.split(body)
    if len(pieces) == 1:
        return None
    return _SEP.join(pieces[0::2]), pieces


def second_sighting(seen: set, key: str) -> bool:
    """Whether template `key` was met before (it is now): a template is compiled on its second use.

    A body whose template never repeats (each line of a function of distinct statements,
    `Base.add_int(%6, 7)::Int64`) is then read as itself and leaves only its key's hash behind, not a
    compiled template (its parse and filler closures, ~1.5 KB a line; memory on huge inputs).  A hash collision
    only compiles a template one use early."""
    h = hash(key)
    if h in seen:
        return True
    seen.add(h)
    return False


def worth_keeping(seen: set, text: str) -> bool:
    """Whether a memo should keep `text`: a short one always, a long one from its second occurrence on."""
    return len(text) <= LONG_TEXT_MEMO or second_sighting(seen, text)


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
    """A function of the numbers that gives `v` with every placeholder filled; None when `v` has none.

    Walks any model value through `jlir.ir.walk.fields` (types included) and rebuilds only the parts that hold
    a placeholder: an SSA value `%-k`, a block number `-(BLOCK_BASE + k)` in a field the class declares among
    its TARGETS, a slot named like a block (`#201`).  A class the walk does not know raises `walk.UnknownKind`.
    """
    cls = type(v)
    if cls is V.SSAValue:
        if v.id >= 0:
            return None
        k = _index(v.id)
        return lambda nums: _SSA[nums[k]] if nums[k] < _SMALL else V.SSAValue(nums[k])
    if cls is tuple:
        return _tuple_filler(v)
    if cls in _PLAIN:
        return None
    if cls is V.SlotNumber:
        if v.name and v.name.startswith("#-"):  # a slot named like a block, `#201`
            k, sid = _index(int(v.name[1:])), v.id
            return lambda nums: V.SlotNumber("#" + str(nums[k]), sid)
        return None
    plan = _PLANS.get(cls)
    if plan is None:
        plan = _PLANS[cls] = _plan(cls, v)
    if not plan:
        return None
    values = walk.fields(v)
    live = []
    for i, is_target in plan:
        f = _target_filler(values[i]) if is_target else compile_filler(values[i])
        if f is not None:
            live.append((i, f))
    return _rebuild_filler(cls, values, live)


_PLAIN = frozenset({int, str, bool, float, type(None)})
# Field types (as the model's dataclasses declare them) that hold plain data only: no value, so no placeholder
# unless the field is a block target.
_PLAIN_FIELDS = frozenset({"int", "str", "bool", "float", "str | None", "int | None", "tuple[str, ...]",
                           "tuple[int, ...]"})
_PLANS: dict[type, tuple] = {}  # class → ((field index, is a TARGETS field), …) of the fields that may hold one


def _plan(cls: type, v) -> tuple:
    """The fields of `cls` a placeholder can be in, read off its declaration; UnknownKind if the walk does not
    know `cls`."""
    walk.fields(v)  # raises walk.UnknownKind on a class the walk does not know
    return tuple((i, f.name in cls.TARGETS) for i, f in enumerate(dataclasses.fields(cls))
                 if f.name in cls.TARGETS or f.type not in _PLAIN_FIELDS)


def _target_filler(x):
    """The filler of a TARGETS field: a block number, or a tuple of them (a φ's edges)."""
    if type(x) is tuple:
        if all(e >= 0 for e in x):
            return None
        return lambda nums: tuple(_int(e, nums) for e in x)
    if x >= 0:
        return None
    k = _index(x)
    return lambda nums: nums[k]


def _rebuild_filler(cls, values: tuple, live: list):
    """`cls` rebuilt from `values` with the fields in `live` ((index, filler), …) filled; None when none is."""
    if not live:
        return None
    if len(live) == 1:
        (i, f), = live
        before, after = values[:i], values[i + 1:]
        return lambda nums: cls(*before, f(nums), *after)

    def fill_fields(nums):
        out = list(values)
        for i, f in live:
            out[i] = f(nums)
        return cls(*out)
    return fill_fields


def _tuple_filler(items: tuple):
    fillers = [(i, f) for i, x in enumerate(items) if type(x) not in _PLAIN and (f := compile_filler(x)) is not None]
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
