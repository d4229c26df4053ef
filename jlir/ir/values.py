"""Operands of IR statements: the values Julia's IR refers to.

Every value is a frozen, slotted dataclass, so values hash, compare by content
and can be shared freely between statements (the parser interns them).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar


@dataclass(frozen=True, slots=True)
class SSAValue:
    """`%id`: the result of statement `id` (ids of pending new nodes follow the statements)."""
    OPERANDS: ClassVar[tuple] = ()
    TARGETS: ClassVar[tuple] = ()
    TERMINATOR: ClassVar[bool] = False
    TYPE_SUFFIX: ClassVar[bool] = True
    PURE: ClassVar[bool] = True
    id: int


@dataclass(frozen=True, slots=True)
class Argument:
    """`_n`: argument `n` of the function (`_1` is the function itself), printed where no names are known."""
    OPERANDS: ClassVar[tuple] = ()
    TARGETS: ClassVar[tuple] = ()
    TERMINATOR: ClassVar[bool] = False
    TYPE_SUFFIX: ClassVar[bool] = True
    PURE: ClassVar[bool] = True
    n: int


@dataclass(frozen=True, slots=True)
class NamedArgument:
    """`%%x`: an argument shown by its name, as 0.7-DEV's `show_ir(…; argnames)` printed it in `@code_warntype`
    (`print_ssa` prints `%%` and `argnames[n]`).  The text names the argument but not its number, so the model
    keeps the name; a later Julia prints such an argument by name, bare (`x`)."""
    OPERANDS: ClassVar[tuple] = ()
    TARGETS: ClassVar[tuple] = ()
    TERMINATOR: ClassVar[bool] = False
    TYPE_SUFFIX: ClassVar[bool] = True
    PURE: ClassVar[bool] = True
    name: str


@dataclass(frozen=True, slots=True)
class SlotNumber:
    """A local or argument slot.

    Julia prints a slot by name (`x`), by name and number when names clash
    (`x@_3`), by number when the name is empty (`@_4`) or absent (`_3` in
    lowered code).  A bare name is ambiguous in the printed text: Julia also
    prints function and type constants by their bare name (`(isa)(%1, Int64)`),
    so `name` alone does not prove the value is a slot.
    """
    OPERANDS: ClassVar[tuple] = ()
    TARGETS: ClassVar[tuple] = ()
    TERMINATOR: ClassVar[bool] = False
    TYPE_SUFFIX: ClassVar[bool] = True
    PURE: ClassVar[bool] = False  # reading an undefined slot throws UndefVarError
    name: str | None
    id: int | None = None


@dataclass(frozen=True, slots=True)
class GlobalRef:
    """`Mod.name`; `module` is None for an operator Julia printed infix, which drops the module."""
    OPERANDS: ClassVar[tuple] = ()
    TARGETS: ClassVar[tuple] = ()
    TERMINATOR: ClassVar[bool] = False
    TYPE_SUFFIX: ClassVar[bool] = True
    PURE: ClassVar[bool] = False
    module: str | None
    name: str


@dataclass(frozen=True, slots=True)
class Symbol:
    """A raw Symbol (`:x` in the shown arguments of an `Expr`); in a statement it prints as a bare name."""
    OPERANDS: ClassVar[tuple] = ()
    TARGETS: ClassVar[tuple] = ()
    TERMINATOR: ClassVar[bool] = False
    TYPE_SUFFIX: ClassVar[bool] = True
    PURE: ClassVar[bool] = True
    name: str


@dataclass(frozen=True, slots=True)
class Literal:
    """A constant printed in Julia's `show` form: `1`, `0x01`, `1.0f0`, `NaN`, `'a'`, `"s\\n"`, `true`, `nothing`.

    `text` is exactly what Julia printed (float and integer formatting is
    Julia's, not Python's); `kind` says which family it belongs to, so
    analyses can evaluate it with `value`.
    """
    OPERANDS: ClassVar[tuple] = ()
    TARGETS: ClassVar[tuple] = ()
    TERMINATOR: ClassVar[bool] = False
    TYPE_SUFFIX: ClassVar[bool] = True
    PURE: ClassVar[bool] = True
    text: str
    kind: str  # one of LITERAL_KINDS

    @property
    def value(self):
        """The Python value of the literal, where one exists (None otherwise)."""
        from jlir.ir.literals import literal_value
        return literal_value(self)

    # `text` is stored compactly (below): equality and hashing read the stored form, which is one-to-one with it
    def __eq__(self, other):
        if other.__class__ is not Literal:
            return NotImplemented
        return self.kind == other.kind and _TEXT_SLOT.__get__(self) == _TEXT_SLOT.__get__(other)

    def __hash__(self):
        return hash((_TEXT_SLOT.__get__(self), self.kind))


_TEXT_SLOT = Literal.text  # the slot `dataclass(slots=True)` made for `text`


def _stored_text(self) -> str:
    t = _TEXT_SLOT.__get__(self)
    return t if t.__class__ is str else str(t)


def _store_text(self, text: str) -> None:
    # A decimal integer's text as Julia prints it (no sign, no leading zero, at most 18 digits) is kept as its `int`:
    # 32 bytes, or none for the shared small ints, where its `str` costs 56 and the `Literal` 48 (a call of 100,000
    # distinct integer arguments; memory on huge inputs).  `text` gives the same string back: str(int(t)) == t for these.
    if text.__class__ is not str:  # (an int here would read back as its text: a JSON `"text": 5` is refused)
        if not isinstance(text, str):
            raise TypeError(f"a Literal's text is a str, not {type(text).__name__}")
        text = str(text)
    elif 0 < len(text) < 19 and text.isdigit() and text.isascii() and (text[0] != "0" or len(text) == 1):
        text = int(text)
    _TEXT_SLOT.__set__(self, text)


Literal.text = property(_stored_text, _store_text, doc="exactly what Julia printed")


LITERAL_KINDS = ("int", "float", "bool", "char", "string", "nothing", "symbol")


@dataclass(frozen=True, slots=True)
class QuoteNode:
    """`:y` for a quoted Symbol, `$(QuoteNode(v))` otherwise.

    `interpolated`: the constant as AD tools' IR shows it on Julia 1.10+, `$(v)` (`$(Dual(Main.g, NoTangent()))`);
    a constant all the same (Mooncake's docs: "constants … appear directly in the code, here as QuoteNodes")."""
    OPERANDS: ClassVar[tuple] = ()
    TARGETS: ClassVar[tuple] = ()
    TERMINATOR: ClassVar[bool] = False
    TYPE_SUFFIX: ClassVar[bool] = False
    PURE: ClassVar[bool] = True
    value: object
    interpolated: bool = False


@dataclass(frozen=True, slots=True)
class Splat:
    """`x...` inside a call or tuple."""
    OPERANDS: ClassVar[tuple] = ("value",)
    TARGETS: ClassVar[tuple] = ()
    TERMINATOR: ClassVar[bool] = False
    TYPE_SUFFIX: ClassVar[bool] = True
    PURE: ClassVar[bool] = True
    value: object


@dataclass(frozen=True, slots=True)
class TypedSlot:
    """`x::T` inside an expression (Julia ≤1.10 TypedSlot, and annotated values)."""
    OPERANDS: ClassVar[tuple] = ("value",)
    TARGETS: ClassVar[tuple] = ()
    TERMINATOR: ClassVar[bool] = False
    TYPE_SUFFIX: ClassVar[bool] = True
    PURE: ClassVar[bool] = False  # `x::T` reads a slot, which may be undefined
    value: object
    type: object


NOTHING = Literal("nothing", "nothing")
TRUE = Literal("true", "bool")
FALSE = Literal("false", "bool")
