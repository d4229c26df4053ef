"""Located parse errors: file, line, column, the offending line with a caret, and what was expected."""
from __future__ import annotations

from jlir.ir.errors import JlirError

import re

_TOKEN_NAMES = {
    "SSA": "an SSA value (%N)", "SLOTNUM": "a slot (_N, x@_N)", "BLOCK": "a block (#N)", "UNDEF": "'#undef'",
    "NAME": "a name", "PATH": "a qualified name", "OPREF": "a qualified operator (Base.:+)",
    "INT": "an integer", "FLOAT": "a float", "STRING": "a string", "CHAR": "a character", "SYMBOL": "a symbol (:x)",
    "BOOL": "true/false", "NOTHING": "'nothing'", "COMMENT": "a #= comment =#", "VALUE_NOTE": "a value note",
    "OP_BOUND": "a type variable's bound ('<:')", "OP_ASSIGN": "'='", "OP_PAIR": "'=>'", "OP_COMP": "a comparison operator", "OP_PIPE": "'|>'",
    "OP_COLON": "':'", "OP_PLUS": "an operator like '+'", "OP_SHIFT": "an operator like '<<'",
    "OP_TIMES": "an operator like '*'", "OP_RATIONAL": "'//'", "OP_POWER": "'^'", "OP_UNARY": "a unary operator",
    "DECL": "'::'", "DOTS": "'...'", "ELISION": "'…' (an elided array)", "LPAR": "'('", "RPAR": "')'", "LBRACE": "'{'", "RBRACE": "'}'",
    "LSQB": "'['", "RSQB": "']'", "COMMA": "','", "SEMI": "';'",
    "QUOTE_OPEN": "':('", "EXPR_OPEN": "'$(Expr('", "QN_OPEN": "'$(QuoteNode('", "NEW_OPEN": "'%new('",
    "SPLATNEW_OPEN": "'%splatnew('", "KW_GOTO": "'goto'", "KW_IF_NOT": "'if not'", "KW_RETURN": "'return'",
    "KW_UNREACHABLE": "'unreachable'", "KW_INVOKE": "'invoke'", "KW_ENTER": "'enter'",
    "KW_WITH_SCOPE": "'with scope'", "KW_PHI": "'φ'", "KW_PHIC": "'φᶜ'", "KW_UPSILON": "'ϒ'", "KW_PI": "'π'",
    "KW_WHERE": "'where'", "$END": "end of statement",
}

_RANK = {name: i for i, name in enumerate(["$END", "SSA", "SLOTNUM", "NAME", "PATH", "BLOCK", "RPAR", "COMMA"])}
_RANK.update({name: i + len(_RANK) for i, name in enumerate(n for n in _TOKEN_NAMES if n not in _RANK)})
_RAIL_CHARS = "─┄│└┌"

# Control characters in the shown line would garble a terminal: show them as their Unicode pictures (one column each).
_VISIBLE = {c: 0x2400 + c for c in range(0x20) if c != 0x09} | {0x09: " ", 0x7F: 0x2421}


class ParseError(JlirError):
    """Text that is not Julia IR as jlir knows it.

    `line` and `column` are 1-based; `text` is the offending line; `expected`
    names what would have been accepted there.
    """

    def __init__(self, message: str, *, file: str = "<input>", line: int = 1, column: int = 1,
                 text: str = "", expected: tuple[str, ...] = ()):
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.text = text
        self.expected = expected
        self.advice = ""  # what else would read the text (set by lenient.diagnose: `--lenient reads it`)

    def render(self) -> str:
        """The error as a compiler would print it, with the line and a caret under the column."""
        shown = self.text
        col = self.column
        if len(shown) > 200:  # keep huge lines readable: a window around the column
            start = max(0, col - 100)
            shown = ("…" if start else "") + shown[start:start + 200] + "…"
            col = col - start + (1 if start else 0)
        shown = shown.translate(_VISIBLE)
        out = [f"{self.file}:{self.line}:{self.column}: error: {self.message}", f"  {shown}", "  " + " " * (col - 1) + "^"]
        if self.expected:
            # the most telling alternatives first (SSA values, names, literals), in `_TOKEN_NAMES` order
            order = sorted(dict.fromkeys(self.expected), key=lambda e: _RANK.get(e, len(_RANK)))
            names = [_TOKEN_NAMES.get(e, e) for e in order[:12]]
            out.append("  expected: " + ", ".join(names) + (", …" if len(order) > 12 else ""))
        hint = None if self.advice else self.hint()  # a diagnosed cause replaces the guess from the line
        if hint:
            out.append("  note: " + hint)
        if self.advice:
            out.append("  hint: " + self.advice)
        return "\n".join(out)

    def hint(self) -> str | None:
        """A likely cause, where the offending text makes one obvious."""
        at = self.text[self.column - 1:self.column + 1] if 0 < self.column <= len(self.text) else ""
        if at[:1] == "%" and not at[1:2].isdigit() and not self.text.startswith("%new(", self.column - 1):
            return "`%` must be followed by a statement number: `%N`"
        if "\u2500" <= at[:1] <= "\u257f" and at[:1] not in _RAIL_CHARS:
            return f"`{at[:1]}` is not one of the box-drawing characters Julia's IR printer uses ({' '.join(_RAIL_CHARS)})"
        return _bracket_hint(self.text) if len(self.text) <= 10_000 else None

    def __str__(self) -> str:
        return self.render()


class Refused(Exception):
    """Text the grammar reads but the model cannot hold (so it would not print back): `column` is 0-based."""

    def __init__(self, message: str, column: int):
        super().__init__(message)
        self.column = column


_STRINGS = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+"?|\'(?:[^\'\\]|\\.)\'')


def _bracket_hint(line: str) -> str | None:
    """`(`, `{`, `[` that the line opens and does not close, or closes without opening (strings ignored)."""
    code = _STRINGS.sub('""', line)
    for o, c in ("()", "{}", "[]"):
        opened, closed = code.count(o), code.count(c)
        if opened > closed:
            return f"unbalanced brackets: the line opens {opened} '{o}' but closes {closed}: a '{c}' is missing"
        if closed > opened:
            return f"unbalanced brackets: the line closes {closed} '{c}' but opens {opened}: a '{c}' is extra"
    return None


def _locate(data: bytes, offset: int) -> tuple[int, int, str]:
    """1-based line and column (in characters) of byte `offset`, and that line decoded leniently."""
    line_start = data.rfind(b"\n", 0, offset) + 1
    line_end = data.find(b"\n", offset)
    if line_end < 0:
        line_end = len(data)
    lineno = data.count(b"\n", 0, line_start) + 1
    column = len(data[line_start:offset].decode("utf-8", errors="replace")) + 1
    return lineno, column, data[line_start:line_end].decode("utf-8", errors="replace")


def decode_source(data: bytes, file: str = "<input>") -> str:
    """The UTF-8 text of `data`, or a located ParseError for binary data (a NUL byte) or invalid UTF-8."""
    nul = data.find(b"\x00")
    if nul >= 0:  # text never holds NUL: call it binary even where invalid UTF-8 comes first
        line, column, shown = _locate(data, nul)
        raise ParseError("binary data (a NUL byte): this is not Julia IR text", file=file, line=line,
                         column=column, text=shown)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        line, column, shown = _locate(data, e.start)
        raise ParseError(f"not UTF-8 text (byte 0x{data[e.start]:02x} at offset {e.start}: {e.reason}): "
                         "this is not Julia IR text", file=file, line=line, column=column, text=shown) from None
