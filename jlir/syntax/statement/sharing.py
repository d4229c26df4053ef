"""One model object per distinct name while a document is read, instead of one per use (memory on huge inputs).

The model's values are frozen, so equal values can be one object.  A dump
names the same few types, functions and arguments again and again (`Int64`, `Base.add_int`,
`_2`, `Tuple` a hundred times in a deeply nested type); built once per use, each
costs a TypeName or GlobalRef, a tuple and its strings (~150 bytes), more than
the text that named it.  The tables are keyed by the name's text, emptied with
the parser's memo tables at the end of a document, and stop growing at
`LIMIT` entries, so input of only distinct names costs at most a bounded table.
"""
from __future__ import annotations

import sys

from jlir.ir import types as T
from jlir.ir import values as V

LIMIT = 1 << 14
# The kinds of value the tables share.  A parenthesised one (`(x)(1)`, a call, where `x(1)` is a shown constant) is
# told apart by its identity, so the reader gives it an object of its own (`_Build.paren`).
SHARED_KINDS = frozenset({V.GlobalRef, T.TypeName, V.Argument, V.SlotNumber})


class Shared:
    """Tables of shared values by text: `type_names` (TypeName), `globalrefs` (GlobalRef of a qualified name),
    `operators` (GlobalRef(None, op) of an infix or prefix operator), `names` (an Argument `_2` or a SlotNumber
    `x` of a bare name)."""
    __slots__ = ("type_names", "globalrefs", "operators", "names")

    def __init__(self):
        self.type_names: dict[str, object] = {}
        self.globalrefs: dict[str, object] = {}
        self.operators: dict[str, object] = {}
        self.names: dict[str, object] = {}

    def clear(self) -> None:
        self.type_names.clear()
        self.globalrefs.clear()
        self.operators.clear()
        self.names.clear()

    def operator(self, name: str) -> V.GlobalRef:
        """`GlobalRef(None, name)`, shared."""
        ref = self.operators.get(name)
        if ref is None:
            ref = keep(self.operators, name, V.GlobalRef(None, name))
        return ref


def keep(table: dict, key: str, value):
    """`value`, remembered under `key` while `table` has room."""
    if len(table) < LIMIT:
        table[key] = value
    return value


def split_globalref(text: str) -> V.GlobalRef:
    """`Base.add_int` → GlobalRef("Base", "add_int"); `Base.:(==)` and `Base.:+` → name `==`, `+`."""
    if ".:" in text:
        module, _, name = text.partition(".:")
        if name.startswith("(") and name.endswith(")"):
            name = name[1:-1]
    else:
        module, _, name = text.rpartition(".")
    if name.startswith('var"') and name.endswith('"'):
        name = name[4:-1]
    return V.GlobalRef(sys.intern(module), name)  # (a dump's few modules: one string each, not one per use)
