"""Located parse errors: file, line, column, the offending line with a caret, and what was expected."""
from __future__ import annotations

_TOKEN_NAMES = {
    "SSA": "an SSA value (%N)", "BLOCK": "a block (#N)", "NAME": "a name", "PATH": "a qualified name",
    "LPAR": "'('", "RPAR": "')'", "LBRACE": "'{'", "RBRACE": "'}'", "LSQB": "'['", "RSQB": "']'", "COMMA": "','",
    "INT": "an integer", "FLOAT": "a float", "STRING": "a string", "DECL": "'::'", "OP_PAIR": "'=>'",
    "KW_IF_NOT": "'if not'", "KW_WHERE": "'where'", "$END": "end of statement",
}


# Control characters in the shown line would garble a terminal: show them as their Unicode pictures (one column each).
_VISIBLE = {c: 0x2400 + c for c in range(0x20) if c != 0x09} | {0x09: " ", 0x7F: 0x2421}


class ParseError(Exception):
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
            names = [_TOKEN_NAMES.get(e, e) for e in self.expected[:12]]
            out.append("  expected: " + ", ".join(names) + (", …" if len(self.expected) > 12 else ""))
        return "\n".join(out)

    def __str__(self) -> str:
        return self.render()


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
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        if nul < 0 or nul > e.start:
            line, column, shown = _locate(data, e.start)
            raise ParseError(f"not UTF-8 text (byte 0x{data[e.start]:02x} at offset {e.start}: {e.reason}): "
                             "this is not Julia IR text", file=file, line=line, column=column,
                             text=shown) from None
        text = None
    if nul >= 0:
        line, column, shown = _locate(data, nul)
        raise ParseError("binary data (a NUL byte): this is not Julia IR text", file=file, line=line,
                         column=column, text=shown)
    return text
