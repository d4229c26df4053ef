"""The arguments of a run (`jlir run --args`, `jlir html --run`): each text evaluated as Julia would
(`jlir.cli.literals`), then fitted to the type the IR states for that argument, where it states one.

A print states an argument's type in its `invoke` signatures (`invoke f(_2::Int8)`), in an annotation
(`_2::Int8`, `x::Int8`), in a `@code_warntype` `Variables` list, or in the heading above the dump (a
`# MethodInstance for f(::Int8)` line, a `jlir fetch` label `# f(::Int8) — typed — …`, `# f(Int8(1)) — …`).
Julia gives a bare number literal its type by its spelling only (`5` is an Int64), so a bare number the user
types takes the stated type (`--args 5` is `Int8(5)` for `f(::Int8)`, a located error where it does not fit);
a value of another concrete type than the stated one is refused: the IR was compiled for the stated type.
"""
from __future__ import annotations

from jlir.cli.heading import Heading
from jlir.cli.literals import LiteralError, argument, as_declared, bare_number
from jlir.interp.runner import shown_type
from jlir.ir import nodes as N
from jlir.ir import values as V
from jlir.ir import walk
from jlir.semantics.constants import type_text
from jlir.semantics.convert import NUMBER_TYPES

# Concrete types whose values the interpreter's `typeof` names exactly: a value of another type is not one.
_EXACT = frozenset(NUMBER_TYPES) | {"Char", "String", "Symbol", "Nothing", "Missing"}
_ALIASES = {"Int": "Int64", "UInt": "UInt64"}


class ArgumentsError(ValueError):
    """An argument that is not a value, or not of the type the IR states for it (the message is located)."""


def stated_types(fn, nargs: int, argnames=None, heading: Heading = Heading(), slot_types=None) -> list:
    """Each argument's type as the print or its heading states it (text, Julia 1.5's spelling), else None."""
    out: list = [None] * nargs
    for k, t in enumerate(heading.argtypes[:nargs]):
        if t is not None and "Vararg" not in t:
            out[k] = _canonical(t)
    if slot_types is not None:  # warntype's `Variables`: #self# first
        for k, t in enumerate(slot_types[1:nargs + 1]):
            out[k] = _canonical(t) if t else out[k]
    for s in fn.stmts:
        for k, t in _annotations(s.node, argnames):
            if 0 <= k < nargs and t not in (None, "?", "Any"):
                out[k] = t
    return out


def _annotations(node, argnames):
    """(argument index, type) of each operand the statement types: an `invoke`'s signature, a `x::T`."""
    todo = [node]
    while todo:
        n = todo.pop()
        if type(n) is N.Expr and n.head == "invoke" and n.args and type(n.args[0]) is N.MethodInstance:
            for a, t in zip(n.args[2:], n.args[0].arg_types):
                k = _argument_index(a, argnames)
                if k is not None:
                    yield k, type_text(t)
        if type(n) is V.TypedSlot:
            k = _argument_index(n.value, argnames)
            if k is not None:
                yield k, type_text(n.type)
        todo.extend(v for v in walk.operands(n) if type(v) in (N.Expr, V.TypedSlot))


def _argument_index(v, argnames) -> int | None:
    if type(v) is V.TypedSlot:
        v = v.value
    if type(v) is V.Argument:
        return v.n - 2
    if type(v) is V.SlotNumber:
        if v.id is not None:
            return v.id - 2
        if argnames and v.name in argnames:
            return list(argnames).index(v.name)
    return None


def _canonical(t: str) -> str:
    """A type's text as the interpreter's `typeof` spells it (`Int` → `Int64`, no space after a comma)."""
    t = t.strip().replace(", ", ",")
    return _ALIASES.get(t, t)


def run_values(texts, stated: list, provider=None, option: str = "--args") -> list:
    """The values of the argument texts, fitted to the stated types; `ArgumentsError` (located) otherwise."""
    out = []
    for k, text in enumerate(texts):
        where = f"{option} argument {k + 1}"
        try:
            v = argument(text, provider)
            t = stated[k] if k < len(stated) else None
            if t is not None and bare_number(text):
                v = as_declared(v, t, text)
        except LiteralError as e:
            raise ArgumentsError(e.located(where)) from None
        if t in _EXACT and shown_type(v) != t:
            raise ArgumentsError(f"{where}: {text.strip()} is a {shown_type(v)}, but the IR's method takes a {t} "
                                 f"there (write {t}(…) or a {t} literal)")
        out.append(v)
    return out
