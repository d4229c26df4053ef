"""The statement parser: statement bodies and types to model values.

`StatementParser` parses a body as it is given (the document's
`jlir.syntax.rows.statements.StatementReader` memoises statements and fills
repeated shapes from their templates) and memoises types: real dumps repeat
them enormously (`Int64`, `Bool`), and a cache hit costs one dict lookup.  The grammar and its
table come from jlir.syntax.statement.tables, the reduce callbacks from
jlir.syntax.statement.callbacks, the print-back check of types from jlir.syntax.statement.shown.
"""
from __future__ import annotations

import re

from lark.exceptions import UnexpectedInput

from jlir.ir import types as T
from jlir.ir import values as V
from jlir.syntax.statement.driver import DriverError
from jlir.syntax.errors import Refused
from jlir.syntax.statement.constvalues import cut_values, fill_placeholders
from jlir.syntax.statement.lexer import LexError, iter_tokens, tokenize
from jlir.syntax.statement.shown import reprints as _reprints, shown_printers as _shown_printers
from jlir.syntax.statement.tables import lark_parser
from jlir.syntax.statement.templates import worth_keeping

# How deep brackets may nest in one statement or type (`$(QuoteNode(…))` contents count with their statement).
# Julia's printed IR nests at most 13 deep over every Base method of 1.5.3; the model, its printer, its walks and
# its JSON are recursive, so a deeper text is refused with a located error rather than read into a model that
# cannot be printed back (what `parse` accepts, `format` must print back).
MAX_NESTING = 100
# The model's own nesting (values, and the tuples holding their operands) a body may reach: two levels a bracket.
MAX_MODEL_DEPTH = 2 * MAX_NESTING + 20
# A body longer than this is parsed as its tokens come (jlir.syntax.statement.lexer.iter_tokens), without the memo.
LONG_TEXT = 8192
_OPENERS = frozenset({"LPAR", "LBRACE", "LSQB", "EXPR_OPEN", "NEW_OPEN", "SPLATNEW_OPEN"})
_CLOSERS = frozenset({"RPAR", "RBRACE", "RSQB"})
_PUNCTUATION = frozenset({"LPAR", "RPAR", "LBRACE", "RBRACE", "LSQB", "RSQB", "COMMA", "SEMI"})

_PLAIN_VALUE = re.compile(r':?[A-Za-z_][A-Za-z_0-9]*(?:\.[A-Za-z_][A-Za-z_0-9]*)*|-?[0-9]+(?:\.[0-9]+)?|"[^"\\$]*"')
_CONST_RX = re.compile(r"((?:Core\.Compiler|Core|Base\.Compiler)\.Const)\((.*?)(?:, (true|false))?\)$", re.S)


class BodyError(Exception):
    """A body the grammar cannot read: `column` (0-based) into the body and the expected token names."""

    def __init__(self, message: str, column: int, expected: tuple[str, ...] = ()):
        super().__init__(message)
        self.column = column
        self.expected = expected

    def __reduce__(self):  # across a process pool's pipe (the default pickles only the message)
        return (type(self), (str(self), self.column, self.expected))


class StatementParser:
    """Parses statement bodies and types (types memoised).

    `parse_stmt(body)` and `parse_type(text)` return model values or raise
    BodyError.  The caches live as long as the parser: one parser per
    document keeps memory proportional to the input.
    """

    def __init__(self):
        self._lark, self._build, self._driver = lark_parser()
        self.use_lark_driver = False  # True: Lark's own loop (the reference jlir's driver is tested against)
        self._seen: set[int] = set()  # hashes of the long types met once (templates.worth_keeping)
        self._types: dict[str, object] = {}
        self._verdicts: dict[str, bool] = {}  # `reads`: whether a `Const`'s value reads by itself
        self._programs: dict[tuple, list] = {}  # token types → the driver's recorded parse
        self._shown = None  # the printers `_reprints` checks types with (made once per document)
        self._depth = 0  # the nesting of the bodies being parsed around this one (`$(QuoteNode(…))` contents)

    def _printers(self):
        """This parser's `_shown_printers` (made on first use, dropped by `clear`)."""
        if self._shown is None:
            self._shown = _shown_printers()
        return self._shown

    def clear(self) -> None:
        """Forget every memoised type and parse."""
        self._shown = None
        self._build.shared.clear()
        self._seen.clear()
        self._types.clear()
        self._verdicts.clear()
        self._programs.clear()

    def parse_stmt(self, body: str):
        """The node of a statement body (not memoised: the document's StatementReader keeps its statements)."""
        return self._parse(body, "stmt")

    def parse_type(self, text: str):
        try:
            return self._types[text]
        except KeyError:
            pass
        try:
            value = self._parse(text, "type")
            if not _reprints(value, text, printers=self._printers()):
                raise BodyError("a type that does not print back", 0)
        except NestingError:
            raise
        except BodyError:
            value = self._const_with_shown_value(text)
            if value is None:
                value = self._with_shown_values(text)
            if value is None:
                raise
        if worth_keeping(self._seen, text):
            self._types[text] = value
        return value

    def _const_with_shown_value(self, text: str):
        """`Core.Const(v)` / `Core.Compiler.Const(v, false)` whose `v` is `show` output of any value
        (a `Dict`, an IO object, quoted code): the value is kept as `parse_shown` reads it."""
        m = _CONST_RX.match(text)
        if m is None:
            return None
        head = T.TypeName(tuple(m.group(1).split(".")))
        flag = m.group(3)
        args = (self.parse_shown(m.group(2)),) + ((V.TRUE if flag == "true" else V.FALSE,) if flag else ())
        return T.TypeCall(head, args)

    def _with_shown_values(self, text: str):
        """`text` read with each `Const` value inside it that does not read by itself kept verbatim
        (jlir.syntax.statement.constvalues); None when there is none, or the rest does not read and print back."""
        cut, table = cut_values(text, self.reads)
        if not table:
            return None
        try:
            value = fill_placeholders(self._parse(cut, "type"), table)
        except BodyError:
            return None
        return value if _reprints(value, text, printers=self._printers()) else None

    def reads(self, text: str) -> bool:
        """Whether a `Const`'s value `text` reads as the argument it is (an operator function stands alone there:
        `Const(+, false)`) and prints back; memoised."""
        if _PLAIN_VALUE.fullmatch(text):  # a name, a path, a symbol, a decimal number, a plain string: as itself
            return True
        verdict = self._verdicts.get(text)
        if verdict is None:
            wrapped = f"Core.Const({text})"
            try:
                verdict = _reprints(self._parse(wrapped, "type"), wrapped, printers=self._printers())
            except NestingError:
                raise
            except BodyError:
                verdict = False
            if worth_keeping(self._seen, text):
                self._verdicts[text] = verdict
        return verdict

    def parse_shown(self, text: str):
        """The content of `$(QuoteNode(…))`: a shown value, or `TypeOpaque` for show output no grammar covers.

        `show` output is open-ended (quoted surface Julia like `:(ind += 1)`, any type's own `show`),
        and the grammar reads only part of it: a content is kept structured only when it prints back
        to the same text whatever the Julia version, verbatim otherwise.
        """
        try:
            value = self.parse_type(text)
        except NestingError:
            raise
        except BodyError:
            return self._types.setdefault(text, T.TypeOpaque(text))
        if not _reprints(value, text, every_style=True, printers=self._printers()):
            value = self._types[text] = T.TypeOpaque(text)
        return value

    def parse_quoted(self, text: str):
        """`:(text)`, quoted code: `show` prints any Expr so (`show_unquoted_quote_expr`, base/show.jl), surface
        Julia of every head (`[1 2; 3 4]`, `x -> …`, `#= file:1 =#`), of which IR statements (`:(%3)`,
        `:(goto %7)`) are a part.  The content is read as a statement where it is one and prints back, and kept
        verbatim otherwise: a `TypeQuote` either way."""
        try:
            inner = self._parse(text, "stmt")
        except NestingError:
            raise
        except BodyError:
            return T.TypeQuote(T.TypeOpaque(text))
        value = T.TypeQuote(inner)
        if _reprints(value, f":({text})", every_style=True, printers=self._printers()):
            return value
        # A typed slot read (`:(t@_6::Const(Tuple{Bool,String}, false))`, a foreigncall's argument) is a value
        # of the IR, not quoted code: its type is spelled by the dump's Julia, as every statement type is.
        if _typed_slot(inner) and _reprints(value, f":({text})", printers=self._printers()):
            return value
        return T.TypeQuote(T.TypeOpaque(text))

    def _nesting_checked(self, tokens, outer_depth: int):
        """`tokens` as they come, with the nesting they reach kept in `_depth` (for the `$(QuoteNode(…))` contents
        parsed meanwhile); BodyError at the first bracket deeper than MAX_NESTING."""
        depth = outer_depth
        shared: dict[str, object] = {}  # one token object per punctuation kind: a list's values keep its commas
        for t in tokens:
            kind = t.type
            if kind in _PUNCTUATION:  # the shared token shows the current position (the one an error reports)
                first = shared.setdefault(kind, t)
                first.start_pos, t = t.start_pos, first
            if kind in _OPENERS:
                depth += 1
                if depth > MAX_NESTING:
                    raise _nesting_error(t.start_pos or 0)
                self._depth = depth
            elif kind in _CAPTURED_CONTENTS and depth + _content_depth(t) > MAX_NESTING:
                raise _nesting_error(t.start_pos or 0)
            elif kind in _CLOSERS:
                depth -= 1
                self._depth = depth
            yield t

    def _parse(self, text: str, start: str):
        build = self._build
        build.parse_shown = self.parse_shown
        build.parse_quoted = self.parse_quoted
        outer, build._parenthesized = build._parenthesized, set()  # parses nest (QuoteNode contents)
        outer_depth = self._depth
        try:
            if self.use_lark_driver:
                _check_nesting(tokenize(text), MAX_NESTING - outer_depth)
                return self._lark.parse(text, start=start)
            if len(text) > LONG_TEXT:
                # parsed as its tokens come, never all held (a token costs ~100 bytes), and not memoised (its key and
                # record would cost as much): a body this long is a call with thousands of arguments, not repeated
                return _check_model_depth(self._driver.parse(self._nesting_checked(iter_tokens(text, end=True),
                                                                                    outer_depth), start))
            tokens = tokenize(text, end=True)
            if text.count("(") + text.count("{") + text.count("[") + text.count(":(") + outer_depth > MAX_NESTING:
                self._depth = outer_depth + _check_nesting(tokens, MAX_NESTING - outer_depth)
            value = self._driver.parse(tokens, start, self._programs)
            if len(tokens) > MAX_NESTING:  # only so many tokens can nest a value deeper than the limit
                _check_model_depth(value)
            return value
        except LexError as e:
            raise BodyError(str(e), e.pos) from None
        except Refused as e:
            raise BodyError(str(e), e.column) from None
        except DriverError as e:
            if e.token.type == "$END":
                raise BodyError("unexpected end of statement", len(text), e.expected) from None
            raise BodyError(f"unexpected {e.token.type} {str(e.token)!r}", e.token.start_pos or 0,
                            e.expected) from None
        except UnexpectedInput as e:
            token = getattr(e, "token", None)
            expected = tuple(sorted(getattr(e, "expected", None) or getattr(e, "allowed", None) or ()))
            if token is None or token.type == "$END":
                raise BodyError("unexpected end of statement", len(text), expected) from None
            column = (token.start_pos or 0)
            raise BodyError(f"unexpected {token.type} {str(token)!r}", column, expected) from None
        finally:
            build._parenthesized = outer
            self._depth = outer_depth


class NestingError(BodyError):
    """A body nested deeper than jlir reads: final, never read again another way (as a shown value's text)."""


def _check_model_depth(value):
    """`value`, or NestingError when the model it is nests deeper than MAX_MODEL_DEPTH: brackets are counted as
    they come, but operators nest too (`x = x = …`, `- - x`, `x ^ x ^ …`, `x - x - …`, `T where T where …`), and the
    model's printer, walks and JSON recurse.  Measured without recursion, only on bodies with many tokens, walking
    one iterator per level (memory as deep as the model, not as wide: a call may have 100,000 arguments)."""
    stack = [iter((value,))]
    while stack:
        for v in stack[-1]:
            cls = type(v)
            if cls is tuple:
                children = v
            elif hasattr(cls, "__dataclass_fields__"):
                children = [getattr(v, f) for f in cls.__slots__]
            else:
                continue
            if children:
                if len(stack) >= MAX_MODEL_DEPTH:
                    raise NestingError(f"operators and values nest deeper than {MAX_MODEL_DEPTH} levels (Julia's "
                                       "printed IR nests at most a few dozen): jlir refuses what it could not print "
                                       "back", 0)
                stack.append(iter(children))
                break
        else:
            stack.pop()
    return value


def _nesting_error(column: int) -> BodyError:
    return NestingError(f"brackets nest deeper than {MAX_NESTING} levels (Julia's printed IR nests at most a dozen or "
                     "so): jlir refuses what it could not print back", column)


def _check_nesting(tokens, limit: int) -> int:
    """The deepest bracket nesting of `tokens`; BodyError at the first bracket deeper than `limit`."""
    depth = deepest = 0
    for t in tokens:
        kind = t.type
        if kind in _OPENERS:
            depth += 1
            if depth > limit:
                raise _nesting_error(t.start_pos or 0)
            deepest = max(deepest, depth)
        elif kind in _CLOSERS:
            depth -= 1
        elif kind in _CAPTURED_CONTENTS:  # `$(QuoteNode(…))`, `:(…)`: read apart later, nested all the same
            inner = _content_depth(t)
            if depth + inner > limit:
                raise _nesting_error(t.start_pos or 0)
            deepest = max(deepest, depth + inner)
    return deepest


_CAPTURED_CONTENTS = frozenset({"QN_CONTENT", "VI_CONTENT", "QUOTE_CONTENT", "MATRIX"})


def _content_depth(text: str) -> int:
    """How deep the brackets of a captured content nest, its own bracket counted (strings skipped)."""
    depth = deepest = 0
    k, n = 0, len(text)
    while k < n:
        c = text[k]
        if c in "([{":
            depth += 1
            deepest = max(deepest, depth)
        elif c in ")]}":
            depth -= 1
        elif c == '"':
            k += 1
            while k < n and text[k] != '"':
                k += 2 if text[k] == "\\" else 1
        k += 1
    return deepest + 1


def _typed_slot(v) -> bool:
    """`x::T` of a slot: `show` of a TypedSlot (Julia ≤1.10), quoted where an Expr's argument holds it."""
    return type(v) is V.TypedSlot and type(v.value) in (V.SlotNumber, V.Argument)
