"""Slots whose names are numbers (`253`, made by a macro: `Symbol("253")`), which a print shows bare.

1.5's `show` prints a slot by its name (`sourceinfo_slotnames`, never quoted), so `(253 = 0)`,
`Core.NewvarNode(:(253))` and `$(Expr(:isdefined, :(253)))` name the slot `253`: a literal is never assigned,
declared or asked whether it is defined.  Its reads print as the integer `253` would; a function that has a slot
so named reads that slot there (the integer would be no value of the slot), which is the one reading the print
allows of both: `numeral_slot_reads`.
"""
from __future__ import annotations

from dataclasses import replace

from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ir import walk

__all__ = ["numeral_slot", "numeral_slot_reads"]


def numeral_slot(v):
    """`v` as a slot where its place can only hold one: a decimal literal or `:(253)`; else `v` itself."""
    if type(v) is T.TypeQuote:
        v = v.inner
    if type(v) is V.Literal and v.kind == "int" and v.text.isdigit():
        return V.SlotNumber(v.text)
    return v


def _names(stmts) -> frozenset:
    names = set()
    for s in stmts:
        n = s.node
        if type(n) is N.Expr and n.head == "=" and n.args:
            n = n.args[0]
        elif type(n) is N.NewvarNode:
            n = n.slot
        else:
            continue
        if type(n) is V.SlotNumber and n.id is None and n.name and n.name.isdigit():
            names.add(n.name)
    return frozenset(names)


def numeral_slot_reads(stmts):
    """`stmts` with every read of a numeral slot (the integer literal of its name) that slot."""
    names = _names(stmts)
    if not names:
        return stmts

    def f(v):
        return V.SlotNumber(v.text) if type(v) is V.Literal and v.kind == "int" and v.text in names else v
    out = []
    for s in stmts:
        node = f(s.node)
        node = walk.map_values(node, f) if walk.is_known(node) else node
        out.append(s if node is s.node else replace(s, node=node))
    return out
