"""Located parse errors: file, line, column, the offending line with a caret, and what was expected."""
from __future__ import annotations

_TOKEN_NAMES = {
    "SSA": "an SSA value (%N)", "BLOCK": "a block (#N)", "NAME": "a name", "PATH": "a qualified name",
    "LPAR": "'('", "RPAR": "')'", "LBRACE": "'{'", "RBRACE": "'}'", "LSQB": "'['", "RSQB": "']'", "COMMA": "','",
    "INT": "an integer", "FLOAT": "a float", "STRING": "a string", "DECL": "'::'", "OP_PAIR": "'=>'",
    "KW_IF_NOT": "'if not'", "KW_WHERE": "'where'", "$END": "end of statement",
}


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
        shown = shown.replace("\t", " ")
        out = [f"{self.file}:{self.line}:{self.column}: error: {self.message}", f"  {shown}", "  " + " " * (col - 1) + "^"]
        if self.expected:
            names = [_TOKEN_NAMES.get(e, e) for e in self.expected[:12]]
            out.append("  expected: " + ", ".join(names) + (", …" if len(self.expected) > 12 else ""))
        return "\n".join(out)

    def __str__(self) -> str:
        return self.render()
