"""Argument values as a user types them at Julia's REPL, for `jlir run --args` and `jlir html --run`.

The text is read by `jlir.cli.argtext` (Julia's syntax: `Int8(5)`, `0x05`, `-1.5f0`, `Int128(2)^100`, `'a'`,
`"text"`, `:sym`, `nothing`, `missing`, `(1, 2.0)`, `(a=1, b=2.0)`, `[1, 2, 3]`, `Int8[1, 2]`, `[1 2; 3 4]`,
`1:3`, `typemax(Int)`, `zeros(Int8, 3)` …) and evaluated here, never by `eval`: a literal means what it means in
Julia (`5` an Int64, `0x05` a UInt8, `1.5f0` a Float32); a call, an operator or a range runs Base's own method in
jlir's interpreter (its IR, Julia 1.5.3's, from the run's provider or the built-in Base methods), so `Int8(300)`
throws InexactError as Julia does and `2^64` wraps to 0.  Julia's parser rewrites `x^3` with a literal exponent
to `Base.literal_pow` (`2^-1` is 0.5), and so does this reader.  What it cannot evaluate is a `LiteralError`
with the column and the reason.
"""
from __future__ import annotations

import re

from jlir.cli.argtext import ArgumentSyntaxError, Node, parse_argument
from jlir.interp.promotion import promote_pair
from jlir.interp.runner import Context
from jlir.ir import values as V
from jlir.semantics.constants import literal
from jlir.semantics.convert import NUMBER_TYPES, convert_number
from jlir.semantics.splitting import split_top_level  # noqa: F401 - the one splitter of Julia literal text
from jlir.semantics.values import (JArray, JChar, JStruct, JSymbol, JType, JuliaException, NotInterpretable,
                                   typeof)


class LiteralError(ValueError):
    """An argument this reader cannot make a value of: `column` (0-based) in `text`, and why."""

    def __init__(self, text: str, column: int, reason: str):
        super().__init__(reason)
        self.text, self.column, self.reason = text, column, reason

    def located(self, where: str) -> str:
        """The message with the argument's text and a caret under the column (as the reader's errors show)."""
        return f"{where}, column {self.column + 1}: {self.reason}\n  {self.text}\n  {' ' * self.column}^"


_INT = re.compile(r"-?(?:0x[0-9a-fA-F_]+|0b[01_]+|0o[0-7_]+|\d[\d_]*)$")
_WORD_TYPES = {"Int": "Int64", "UInt": "UInt64"}
_TYPES = frozenset(NUMBER_TYPES) | {"Char", "String", "Symbol", "Nothing", "Missing", "Any", "Complex",
                                    "Rational"}
_NAMES = {"true": True, "false": False, "nothing": None, "missing": JStruct("Missing", (), (), False)}
_FLOAT_NAMES = frozenset({"Inf", "NaN", "Inf16", "NaN16", "Inf32", "NaN32", "Inf64", "NaN64"})
# Base functions a value may be made with (each run from Base's IR by the interpreter).
_FUNCTIONS = frozenset({"typemax", "typemin", "zero", "one", "zeros", "ones", "fill", "collect", "Complex",
                        "Rational", "complex", "float"})
_OPERATORS = {"+": "Base.+", "-": "Base.-", "*": "Base.*", "/": "Base./", "//": "Base.//", "^": "Base.^",
              "%": "Base.rem", "÷": "Base.div", "\\": "Base.\\"}
_IM = JStruct("Complex{Bool}", (False, True), ("re", "im"), False)


def argument(text: str, provider=None):
    """The Julia value `text` stands for; `LiteralError` (a ValueError) naming the column where it is not one.
    `provider`: where calls find Base's IR (default: the built-in Base methods)."""
    try:
        tree = parse_argument(text)
    except ArgumentSyntaxError as e:
        raise LiteralError(text, e.column, f"expected {e.expected}") from None
    return _Evaluator(text, provider).value(tree)


def bare_number(text: str) -> bool:
    """Whether `text` is a decimal number literal (`5`, `-1.5`): Julia gives it a type by its spelling only, so a
    method's declared argument type may stand in for it (`jlir run` of `f(::Int8)` with `--args 5`)."""
    return bool(re.fullmatch(r"\s*-?(?:\d[\d_]*(?:\.[\d_]*)?(?:[eE][-+]?\d+)?|\.\d[\d_]*(?:[eE][-+]?\d+)?)\s*", text))


def as_declared(value, declared: str, text: str):
    """A bare number literal as the declared argument type (`5` for `::Int8` is `Int8(5)`); a value that does not
    fit is a `LiteralError` (Julia's `convert` would throw InexactError)."""
    if declared not in NUMBER_TYPES or typeof(value) == declared:
        return value
    try:
        return convert_number(declared, value)
    except JuliaException as e:
        raise LiteralError(text, 0, f"{text.strip()} is not a {declared} ({e.type_name}), the type the IR gives "
                                    "this argument") from None


class _Evaluator:
    def __init__(self, text: str, provider):
        self.text = text
        self.provider = provider
        self.ctx = None

    def fail(self, node: Node, reason: str):
        raise LiteralError(self.text, node.col, reason)

    def call(self, node: Node, callee: str, args: list, *, value=None):
        """`callee(args…)` (or the value `value` called), run by the interpreter on Base's IR."""
        if self.ctx is None:
            from jlir.interp.builtin import BaseProvider
            self.ctx = Context(self.provider or BaseProvider(), 10_000, 10_000_000, timeout=30.0)
        try:
            return self.ctx.call_value(value, args) if value is not None else self.ctx.call(callee, None, args)
        except JuliaException as e:
            self.fail(node, f"{self.text[node.col:].strip()} throws {e.type_name} in Julia"
                            + (f": {e.message}" if e.message else ""))
        except NotInterpretable as e:
            self.fail(node, f"cannot evaluate this ({str(e).splitlines()[0]})")

    def value(self, node: Node):
        method = getattr(self, "_" + node.kind, None)
        if method is None:
            self.fail(node, f"a {node.kind} is not a value here")
        return method(node)

    def _num(self, node: Node):
        text = node.value
        try:
            return literal(V.Literal(text, "int" if _INT.match(text) else "float"))
        except NotInterpretable as e:
            self.fail(node, f"{text}: {'a BigInt, not a bits value' if 'BigInt' in str(e) else 'not a number'}")

    def _char(self, node: Node):
        if len(node.value) != 1:
            self.fail(node, "a character literal holds one character ('a'); text is written \"…\"")
        return JChar.of(node.value)

    def _str(self, node: Node):
        return node.value

    def _sym(self, node: Node):
        return JSymbol(node.value)

    def _name(self, node: Node):
        name = node.value
        if name in _NAMES:
            return _NAMES[name]
        if name in _FLOAT_NAMES:
            return literal(V.Literal(name, "float"))
        if name == "im":
            return _IM
        name = _WORD_TYPES.get(name, name)
        if name in _TYPES:
            return JType(name)
        self.fail(node, f"`{node.value}` is not a value jlir knows (a literal, true/false, nothing, missing, Inf, "
                        "NaN, im or a type name)")

    def _paren(self, node: Node):
        return self.value(node.args[0])

    def _tuple(self, node: Node):
        return tuple(self.value(a) for a in node.args)

    def _named(self, node: Node):
        names = [a.value for a in node.args]
        if len(set(names)) != len(names):
            self.fail(node, "a field named twice")
        values = tuple(self.value(a.args[0]) for a in node.args)
        shown = "(" + ", ".join(f":{n}" for n in names) + ("," if len(names) == 1 else "") + ")"
        return JStruct(f"NamedTuple{{{shown},{typeof(values)}}}", values, tuple(names), False)

    def _call(self, node: Node):
        name = _WORD_TYPES.get(node.value, node.value)
        args = [self.value(a) for a in node.args]
        if name == "Symbol":
            if len(args) != 1 or type(args[0]) is not str:
                self.fail(node, "Symbol(\"name\") takes one String")
            return JSymbol(args[0])
        if name in _TYPES and name not in ("Complex", "Rational"):
            return self.call(node, name, args, value=JType(name))
        if name in _FUNCTIONS:
            return self.call(node, f"Base.{name}", args)
        self.fail(node, f"`{node.value}(…)`: only a type's constructor (`Int8(5)`, `Char(97)`, `Symbol(\"s\")`) "
                        f"or {', '.join(sorted(_FUNCTIONS))} make a value here")

    def _unary(self, node: Node):
        x = self.value(node.args[0])
        return x if node.value == "+" else self.call(node, "Base.-", [x])

    def _binary(self, node: Node):
        if node.value == "^" and _literal_exponent(node.args[1]) is not None:
            return self._literal_pow(node, self.value(node.args[0]), _literal_exponent(node.args[1]))
        a, b = self.value(node.args[0]), self.value(node.args[1])
        return self.call(node, _OPERATORS[node.value], [a, b])

    def _literal_pow(self, node: Node, x, p: int):
        """`Base.literal_pow(^, x, Val(p))` (intfuncs.jl, 1.5): what Julia's parser makes of `x^p`, `p` a literal."""
        hw = typeof(x) in NUMBER_TYPES and typeof(x) != "Bool" or typeof(x).startswith(("Complex{", "Rational{"))
        floating = typeof(x) in ("Float16", "Float32", "Float64")
        if hw and 0 <= p <= 3:
            if p == 0:
                return self.call(node, "Base.one", [x])
            out = x
            for _ in range(p - 1):
                out = self.call(node, "Base.*", [out, x])
            return out
        if floating:
            return self.call(node, "Base.inv", [x]) if p == -1 else self.call(node, "Base.^", [x, p])
        if p < 0:
            return self._literal_pow(node, self.call(node, "Base.inv", [x]), -p)
        return self.call(node, "Base.^", [x, p])

    def _range(self, node: Node):
        return self.call(node, "Base.:", [self.value(a) for a in node.args])

    def _vect(self, node: Node):
        values = [self.value(a) for a in node.args]
        return JArray(self._eltype(node, values), self._converted(node, values))

    def _hcat(self, node: Node):
        values = self._scalars(node, node.args)
        return JArray(self._eltype(node, values), self._converted(node, values), (1, len(values)))

    def _vcat(self, node: Node):
        values = self._scalars(node, node.args)
        return JArray(self._eltype(node, values), self._converted(node, values))

    def _hvcat(self, node: Node):
        rows = [self._scalars(r, r.args) for r in node.args]
        if len({len(r) for r in rows}) != 1:
            self.fail(node, "rows of different lengths (Julia's hvcat throws ArgumentError)")
        flat = [x for r in rows for x in r]
        eltype = self._eltype(node, flat)
        m, n = len(rows), len(rows[0])
        column_major = [rows[i][j] for j in range(n) for i in range(m)]
        return JArray(eltype, self._converted(node, column_major, eltype), (m, n))

    def _scalars(self, node: Node, items) -> list:
        values = [self.value(a) for a in items]
        if any(type(v) is JArray for v in values):
            self.fail(node, "an array inside `[a b]` or `[a; b]` (Julia concatenates it: not modelled)")
        return values

    def _eltype(self, node: Node, values: list) -> str:
        """The element type: the literal's `T[…]`, else Julia's `promote_typeof` of the elements (`vect`)."""
        if node.value is not None:
            name = _WORD_TYPES.get(node.value, node.value)
            if name not in _TYPES:
                self.fail(node, f"`{node.value}[…]`: an element type jlir knows (a number type, Char, String, "
                                "Symbol, Any)")
            return name
        if not values:
            return "Any"
        types = [typeof(v) for v in values]
        P = types[0]
        for t in types[1:]:
            P = t if t == P else promote_pair(P, t)
            if P is None:
                self.fail(node, f"elements of types {', '.join(dict.fromkeys(types))} (Julia promotes them to a "
                                "type jlir does not model: write T[…], Any[…] for example)")
        return P

    def _converted(self, node: Node, values: list, eltype: str | None = None) -> list:
        eltype = eltype or self._eltype(node, values)
        if eltype == "Any":
            return values
        out = []
        for v in values:
            if typeof(v) == eltype:
                out.append(v)
            elif eltype in NUMBER_TYPES and typeof(v) in NUMBER_TYPES:
                out.append(self.call(node, eltype, [v], value=JType(eltype)))
            else:
                self.fail(node, f"a {typeof(v)} element in an array of {eltype} (Julia's convert: not modelled)")
        return out


def _literal_exponent(node: Node) -> int | None:
    """The exponent of `x^p` where `p` is an integer literal (`-1` included), else None."""
    if node.kind == "num" and re.fullmatch(r"-?\d[\d_]*", node.value):
        return int(node.value.replace("_", ""))
    if node.kind == "unary" and node.value == "-" and node.args[0].kind == "num" and \
            re.fullmatch(r"\d[\d_]*", node.args[0].value):
        return -int(node.args[0].value.replace("_", ""))
    return None
