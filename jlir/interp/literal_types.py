"""The types of an optimized print's number literals, asked of a Julia that compiled the same code.

The optimizer puts the values it folds into the code (`ssa_substitute!` and `compact!` in Julia 1.5.3's
compiler/ssair): an `Int32(1)` passed on becomes the literal `1`, and the IR printer shows an integer by `show`,
which writes every signed integer type alike (and 1.5 a Float16 zero as `0.0`).  Where the print's context does
not decide a literal's type (a dynamic call's argument, what `setfield!` stores into a `Core.Box`, a returned
literal in an IRCode print), the CodeInfo's own objects do: a live Julia lists them (`Julia.literal_info`,
jlir/live/julia/literals.jl), with its print of the same method instance.  Its answer applies only where that
print is the code being run, statement for statement (the same Julia may infer a method instance otherwise in
another session, and a callee dump may be of another instance): else nothing is known and the run refuses as
before.
"""
from __future__ import annotations

from functools import lru_cache

from jlir.semantics import hints
from jlir.semantics.constants import literal
from jlir.semantics.values import JFloat, JInt

__all__ = ["LiteralTypes", "type_of", "tuple_type"]


class LiteralTypes:
    """The literal types of one function's print, fetched once when a run first needs one (`type_of`).

    `fetch()` gives `(print, rows)` or None (a provider's `literal_types`); `fn` is the function run, whose print
    must be Julia's; `reference`: the typed print to compare instead (an IRCode print's own CodeInfo's)."""

    def __init__(self, fetch, fn=None, reference: str | None = None):
        self._fetch, self._fn, self._reference = fetch, fn, reference
        self._table: dict | None = None

    def _load(self) -> dict:
        if self._table is None:
            self._table = {}
            got = self._fetch()
            if got is not None and self._same_code(got[0]):
                self._table = table(got[1])
        return self._table

    def _same_code(self, text: str) -> bool:
        from jlir.ir.errors import JlirError
        theirs = _printed(text)
        if theirs is None:
            return False
        if self._reference is not None:
            return theirs == _printed(self._reference)
        try:
            return self._fn is not None and theirs == _formatted(self._fn)
        except JlirError:
            return False

    def type_of(self, i: int, v) -> str | None:
        """The type of literal `v` of statement `i` (a decimal integer or a float zero), or None where Julia's
        answer does not say (one statement holding the same value as two types says nothing of either)."""
        if not (hints.is_ambiguous(v) or hints.is_float_zero(v)):
            return None
        return self._load().get(key(i, v))

    def tuple_type(self, i: int) -> str | None:
        """The type of the one tuple (or named tuple) constant of statement `i` (`return (3, 5)`), or None."""
        return self._load().get((i, "tuple", ""))


@lru_cache(maxsize=4096)
def _printed(text: str) -> str | None:
    """The first function of `text` as jlir prints it, or None where it does not read: the one comparison of
    Julia's print with the code run.  Cached by text, as a run (and every run after it in the process) asks
    again for each callee it compiles, and reading the print cost more than compiling the callee."""
    import jlir
    from jlir.ir.errors import JlirError
    try:
        return jlir.format(jlir.functions(jlir.parse(text))[0])
    except (JlirError, IndexError):
        return None


_FORMATTED: dict = {}  # id(fn) → (fn, its print): the entry holds fn, so its id is not reused while cached


def _formatted(fn) -> str:
    """`jlir.format(fn)`, kept for the function objects a provider hands out again and again (bounded)."""
    hit = _FORMATTED.get(id(fn))
    if hit is not None and hit[0] is fn:
        return hit[1]
    import jlir
    text = jlir.format(fn)
    if len(_FORMATTED) >= 4096:
        _FORMATTED.clear()
    _FORMATTED[id(fn)] = (fn, text)
    return text


def type_of(literals, i: int, v) -> str | None:
    """The type Julia gave literal `v` of statement `i` (`literals`, a `LiteralTypes` or None: not asked)."""
    return None if literals is None else literals.type_of(i, v)


def tuple_type(literals, i: int) -> str | None:
    """The type Julia gave the tuple constant of statement `i` (`literals`: a `LiteralTypes`, or None)."""
    return None if literals is None else literals.tuple_type(i)


def key(i: int, v) -> tuple:
    """`(statement, kind, value)` as `table` keys Julia's rows; a literal past Int64's range is read as a boxed
    `JInt` (an Int128), whose number is the key."""
    value = literal(v)
    if type(value) in (JInt, JFloat):
        value = value.value
    return (i, "float", repr(float(value))) if type(value) is float else (i, "int", str(int(value)))


def table(rows) -> dict:
    """{(statement, kind, value): type} of `Julia.literal_info`'s rows, a value shown as two types left out."""
    out: dict = {}
    for i, kind, value, typ in rows:
        k = (i, kind, value)
        out[k] = typ if out.get(k, typ) == typ else None
    return {k: t for k, t in out.items() if t is not None}
