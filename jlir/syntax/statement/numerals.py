"""Slots whose names read as something else: numbers (`253`, made by a macro: `Symbol("253")`), which a print
shows bare, and `_9` (`tryparse_internal`'s locals `_0`, `_9`), which reads as argument 9.

1.5's `show` prints a slot by its name (`sourceinfo_slotnames`, never quoted), so `(253 = 0)`,
`Core.NewvarNode(:(253))` and `$(Expr(:isdefined, :(253)))` name the slot `253`: a literal is never assigned,
declared or asked whether it is defined.  Its reads print as the integer `253` would; a function that has a slot
so named reads that slot there (the integer would be no value of the slot), which is the one reading the print
allows of both: `numeral_slot_reads`.

A slot-form print names every slot (`sourceinfo_slotnames`: a slot without a name shows `@_9`), so a slot-form
`_9` is a slot named `_9`; the reader takes `_9` for argument 9, which is right in an IRCode print.  An argument
is never assigned or declared, so `(_9 = …)` and `Core.NewvarNode(:(_9))` show the print to be such a slot form,
and every `_9` of it is that slot.
"""
from __future__ import annotations

from dataclasses import replace

from jlir.ir import nodes as N
from jlir.ir import values as V
from jlir.ir import walk

__all__ = ["numeral_slot_reads"]


def _names(stmts) -> tuple[frozenset, frozenset]:
    """(the numeral slots' names, the numbers `n` of the slots named `_n`) a function assigns or declares."""
    names, underscored = set(), set()
    for s in stmts:
        n = s.node
        if type(n) is N.Expr and n.head == "=" and n.args:
            n = n.args[0]
        elif type(n) is N.NewvarNode:
            n = n.slot
            if type(n) is V.SlotNumber and n.name is None and n.id is not None:
                underscored.add(n.id)   # `:(_9)`, which the reader takes for slot 9 (`:(@_9)` has the name "")
                continue
        else:
            continue
        if type(n) is V.SlotNumber and n.id is None and n.name and n.name.isdigit():
            names.add(n.name)   # `Core.NewvarNode(:(253))` (`jlir.syntax.statement.shown.unquote_shown`)
        elif type(n) is V.Literal and n.kind == "int" and n.text.isdigit():
            names.add(n.text)   # `(253 = 0)`: no literal is assigned to
        elif type(n) is V.Argument:
            underscored.add(n.n)
    return frozenset(names), frozenset(underscored)


def numeral_slot_reads(stmts):
    """`stmts` with every read of a numeral slot (the integer literal of its name) that slot, and every `_n` of a
    slot form that assigns or declares one the slot named `_n`."""
    names, underscored = _names(stmts)
    if not names and not underscored:
        return stmts

    def f(v):
        if type(v) is V.Literal and v.kind == "int" and v.text in names:
            return V.SlotNumber(v.text)
        if type(v) is V.Argument and v.n in underscored or \
                type(v) is V.SlotNumber and v.name is None and v.id in underscored:
            return V.SlotNumber(f"_{v.n if type(v) is V.Argument else v.id}")
        return v
    out = []
    for s in stmts:
        node = f(s.node)
        if type(node) is N.NewvarNode:   # (its slot is no operand of the walk)
            slot = f(node.slot)
            node = node if slot is node.slot else N.NewvarNode(slot)
        node = walk.map_values(node, f) if walk.is_known(node) else node
        out.append(s if node is s.node else replace(s, node=node))
    return out
