"""Constants `show` prints with operators or blanks in them, which the lexer reads whole (one `SHOWN` token, or a
matrix's `MATRIX`, kept as the text `show` printed: `jlir.syntax.statement.lexer`)."""

# A number `show` prints in parts: `show(io, ::Rational)` (base/rational.jl) writes numerator, `//`, denominator
# unspaced, `show(io, ::Complex)` (base/complex.jl) the real part, ` + ` or ` - ` (`+`/`-` under `:compact`), the
# imaginary part's magnitude, `*` unless it is an integer or a finite float, and `im`.  A call of `//` or `*`
# prints spaced (`show_unquoted`'s binary operators, base/show.jl), so `0//1` and `NaN*im` are values, read whole:
# a Complex spaced and without its `*` (`1.0 + 2.0im`) is read as the call it prints like, and prints back alike.
_SHOWN_INT = r'(?:0x[0-9a-fA-F]+|0b[01]+|0o[0-7]+|[0-9]+)'
_SHOWN_REAL = (r'(?:' + _SHOWN_INT + '//' + _SHOWN_INT + r'|(?:[0-9]+\.[0-9]*|\.[0-9]+)(?:[eEf][-+]?[0-9]+)?'
               r'|[0-9]+[eEf][-+]?[0-9]+|(?:NaN|Inf)(?:16|32)?|' + _SHOWN_INT + ')')
SHOWN_NUMBER = ('-?' + _SHOWN_REAL + r'(?: [-+] ' + _SHOWN_REAL + r'\*im|[-+]' + _SHOWN_REAL + r'\*?im)(?![\w.])'
                '|-?' + _SHOWN_INT + '//' + _SHOWN_INT + r'(?![\w.]|\*?im)')
# `show(io, ::MIME)` (base/multimedia.jl): `MIME type ` and the type's string (`MIME type text/plain`), read whole.
SHOWN_MIME = r'MIME type [^\s,()\[\]{}]+'


_MATRIX_DEPTH = 100  # the reader's bracket limit (jlir.syntax.statement.grammar.MAX_NESTING)


def matrix_end(text: str, pos: int) -> int:
    """Where a matrix constant `[1 2; 3 4]` opened at `pos` ends (after its `]`), or -1 when the bracket opens
    something else.  `show` of an `AbstractMatrix` (`_show_nonempty`, base/arrayshow.jl) writes its rows apart
    with `; ` and a row's elements apart with a space; a vector's elements are apart with `, ` (and a long one's
    elision with `  …  `).  So a `;`, or a space after an element and before the next, at the bracket's own
    level marks a matrix, kept as the text `show` printed."""
    depth, k, n, matrix = 0, pos, len(text), False
    while k < n:
        c = text[k]
        if c in "([{":
            depth += 1
            if depth > _MATRIX_DEPTH:  # deeper than any constant: the reader's nesting limit refuses it
                return -1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                return k + 1 if matrix and c == "]" else -1
        elif c == '"' or c == "'" and text[k - 1] not in ")]}_'" and not text[k - 1].isalnum():
            k += 1
            while k < n and text[k] != c:
                k += 2 if text[k] == "\\" else 1
        elif depth == 1 and (c == ";" or c == " " and text[k - 1] not in ", …" and text[k + 1:k + 2] not in (" ", "…")):
            matrix = True
        elif c == "\n":
            return -1
        k += 1
    return -1


__all__ = ["SHOWN_MIME", "SHOWN_NUMBER", "matrix_end"]
