"""The lexer that feeds Lark: one compiled regex per lexer state, no backtracking.

Julia's printed IR overloads characters by position: `-1` is a literal where an
operand is expected and `-` an operator after one; `:x` is a Symbol at the
start of an operand and `:` the range operator after one; `goto`, `return`,
`φ` are statement keywords only at the start of a statement.  So the lexer
has two states, *operand expected* and *operator expected*, and picks the
regex for the state it is in.  Lark's own lexer cannot switch on the
previous token this way, and this one is several times faster.
"""
from __future__ import annotations

import re
import sys

from lark import Token
from lark.lexer import Lexer

from jlir.semantics.names import ID_AFTER, ID_SYMBOLS
from jlir.syntax.statement.compiled import compile_cached
from jlir.syntax.statement.quotes import quoted_end
from jlir.syntax.statement.shownvalues import SHOWN_MIME, SHOWN_NUMBER, matrix_end
from jlir.semantics.operators import (PREC_ASSIGN, PREC_COLON, PREC_COMPARISON, PREC_PAIR, PREC_PIPE, PREC_PLUS,
                               PREC_POWER, PREC_RATIONAL, PREC_SHIFT, PREC_TIMES, PRECEDENCE, UNARY_OPS,
                               OP_SUFFIX_CHARS, WORD_OPS, base_operator)

IDENT = r'(?:(?:var|VAR)"[^"\\]*+(?:\\.[^"\\]*+)*+"|(?:[^\W\d]|#|[' + ID_SYMBOLS + r'])[\w!#′´' + ID_AFTER + r']*)'
_OPS = sorted({op for op in PRECEDENCE if op not in WORD_OPS} | UNARY_OPS, key=lambda op: (-len(op), op))
# Julia shows a symbol with `#` in it as `Symbol("#self#")`, never `:x#y` (no corpus dump has one), and jlir
# prints it so: `:x#y` is refused (its `#y` lexes apart) rather than read as a symbol it would print otherwise.
_SYMBOL_IDENT = IDENT.replace("|#|", "|").replace("[\\w!#", "[\\w!")
OPERATOR = "(?:" + "|".join(re.escape(o) for o in _OPS) + ")[" + OP_SUFFIX_CHARS + "]*"
NUMBER_FLOAT = (r'(?:(?:[0-9]+\.[0-9]*(?:[eEf][-+]?[0-9]+)?|\.[0-9]+(?:[eEf][-+]?[0-9]+)?|[0-9]+[eEf][-+]?[0-9]+)(?:im)?'
                r'|(?:NaN|Inf)(?:16|32)?(?![\w#]))')
NUMBER_INT = r'(?:0x[0-9a-fA-F]+|0b[01]+|0o[0-7]+|[0-9]+(?:im)?)(?![\w.])'

_COMMON = [
    ("WS", r" +"),
    ("EXPR_OPEN", r"\$\(Expr\("),
    ("QN_OPEN", r"\$\(QuoteNode\("),  # its content is captured whole: see `_quotenode_content`
    ("VI_OPEN", r"\$\((?!Expr\(|QuoteNode\()"),  # `$(Dual(Main.g, NoTangent()))`: a constant, captured whole too
    ("NEW_OPEN", r"%new\("),
    ("SPLATNEW_OPEN", r"%splatnew\("),
    ("ARGREF", r"%%(?:[0-9]{1,18}(?![0-9])|" + IDENT + ")"),  # 0.7-DEV's argument, by number or name: `%%2`, `%%x`
    ("SSA", r"%-?[0-9]{1,18}(?![0-9])"),
    # JuliaInterpreter's own `SSAValue` (src/types.jl: `show` prints `%J` and its id), in a frame's code
    ("JI_SSA", r"%J[0-9]{1,18}(?![0-9])"),
    # `%` then a digit is always an SSA value: `show` prints the binary `%` spaced (` % `), so a longer number is
    # refused here rather than read as `%` applied to an integer (`return%99999999999999999999`: an SSA number no Julia prints)
    ("SSA_LONG", r"%-?[0-9]{19,}"),
    ("SLOTNUM", IDENT + r"?@_[0-9]{1,18}(?![0-9])"),
    ("BLOCK", r"#-?[0-9]{1,18}(?![\w#])"),  # `#-k`: a placeholder of jlir.syntax.statement.templates
    ("UNDEF", r"#undef(?![\w#])|#UNDEF(?![\w#])"),
    ("COMMENT", r"#=.*?=#"),
    ("DOTS", r"\.\.\."),
    ("DECL", r"::"),
    # also an operator `show_sym` writes as `var"…"` (base/show.jl `show_globalref`): `Statistics.:var"'"`
    ("OPREF", IDENT + r"(?:\." + IDENT + r")*\.:(?:\((?:" + IDENT + "|" + OPERATOR + r"|[^()\s]+)\)|" + OPERATOR
     + r'|var"[^"\\]*+(?:\\.[^"\\]*+)*+")'),
]
_OPERATOR_ONLY = [
    # What `show` writes after some values: `Ptr{Nothing} @0x0000…`, `f (generic function with 3 methods)`.
    ("VALUE_NOTE", r"@0x[0-9a-fA-F]+|\(generic function with [0-9]+ methods?\)"),
]
_OPERAND_ONLY = [
    # an operator function shown as a value, by its module: `Core.Compiler.<=` (`show` of the function object)
    ("OPPATH", IDENT + r"(?:\." + IDENT + r")*\.(?:" + OPERATOR + r")(?=[,)])"),
    ("STRING", r'(?:(?!var")[A-Za-z_]\w*)?"[^"\\]*+(?:\\.[^"\\]*+)*+"[A-Za-z]*'),  # also `r"a+"i`, `b"…"`, `v"1.5"`
    ("CHAR", r"'(?:[^'\\]|\\.[^']*)'"),
    # `:(=)`, `:(::)`, `:...`, `:$`: symbols that print with a colon but are no callable operator
    ("SYMBOL", r":\((?:" + OPERATOR + r"|::|\.\.\.|\$|->|&&|\|\||\.)\)(?=[,)\s]|::|$)|:(?:\.\.\.|\.|\$|->|&&|\|\|)(?=[,)\s]|::|$)"),
    ("QUOTE_OPEN", r":\("),  # quoted code: its content is captured whole, as `$(QuoteNode(` 's is
    # `show` of a `:block` Expr at the start of a value: `quote`, a line break, its lines, `end` at the line's start
    ("QUOTE_BLOCK", r"quote(?=\n)"),
    ("SHOWN", SHOWN_NUMBER),
    ("SHOWN", SHOWN_MIME),
    ("FLOAT", "-?" + NUMBER_FLOAT),
    ("INT", "-?" + NUMBER_INT),
    ("SYMBOL", r":\.?(?:" + _SYMBOL_IDENT + "|" + OPERATOR + ")"),  # `:x`, `:+`, and dotted operators `:.<:`
]
_TAIL = [
    ("FLOAT", NUMBER_FLOAT),
    ("INT", NUMBER_INT),
    # also `Base.Cartesian.@ncall` (its first alternative is tried only where a `.@` or a `var"` name follows)
    ("PATH", r'(?=[\w!#′´.' + ID_AFTER + r']*+(?:(?<=\.)@|"))' + IDENT + r"(?:\." + IDENT + r")*\.@\w+|" + IDENT + r"(?:\." + IDENT + r")+"),
    ("NAME", IDENT + r"|@[A-Za-z_]\w*"),  # `@NamedTuple{…}` (1.10+), `@__MODULE__`
    ("OP", OPERATOR),
    ("PUNCT", r"[(){}\[\],;]"),
    ("ELISION", r"…"),  # a long array shown truncated: `[1, 2  …  35, 36]`
]


def _compile(rules):
    """One pattern of named alternatives; its opcodes kept between runs (`compiled.compile_cached`: compiling the
    identifier classes is half of jlir's start-up)."""
    return compile_cached("|".join(f"(?P<{name}_{i}>{rx})" for i, (name, rx) in enumerate(rules)))


def _types(rx) -> list:
    """Token type per group number of a `_compile`d regex (`m.lastindex` → type)."""
    by_index = {i: sys.intern(name.rsplit("_", 1)[0]) for name, i in rx.groupindex.items()}
    return [None] + [by_index[i] for i in range(1, rx.groups + 1)]


_OPERAND_RX = _compile(_COMMON + _OPERAND_ONLY + _TAIL)
_OPERATOR_RX = _compile(_COMMON + _OPERATOR_ONLY + _TAIL)
_OPERAND_TYPES, _OPERATOR_TYPES = _types(_OPERAND_RX), _types(_OPERATOR_RX)

# A token starting with an ASCII letter or `_` can only be one of these rules (no other rule's match starts with
# one), so such a position is matched against them alone, in their order.  Each alternative that fails on most
# names first checks, without backtracking, for the character it needs after the name: a lookahead every match
# of the rule satisfies, so the rule matches exactly where it did.
_IDENT_FIRST = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_")
_IDENT_GATES = {
    "SLOTNUM": r'(?=(?:var|VAR)"|[\w!#′´' + ID_AFTER + r']*+@)',        # `x@_3`
    "OPREF": r'(?=[\w!#′´.' + ID_AFTER + r']*+(?:(?<=\.):|"))',          # `Base.:+`
    "OPPATH": r'(?=[\w!#′´' + ID_AFTER + r']*+(?:\.[\w!#′´' + ID_AFTER + r']++)*+\.[^\w\s"@:(#.])',  # `Core.Compiler.<=`
    "STRING": r'(?=\w*+")',                              # `r"a+"`
    "SHOWN": r'(?=(?:NaN|Inf)(?:16|32)?[ +-]|MIME type )',  # `NaN + NaN*im`, `MIME type text/plain`
    "FLOAT": "",                                         # `NaN`, `Inf32`
    "QUOTE_BLOCK": "",                                   # `quote` then a line break
    "PATH": r'(?=(?:var|VAR)"|[\w!#′´' + ID_AFTER + r']*+\.)',          # `Base.add_int`
    "NAME": "",
}


# Most such tokens are plain names and paths: a name (`Int64`) or dotted path (`Base.add_int`) of plain
# components, not followed by `.`, `@` or `"` (nor starting `NaN`/`Inf`, nor `var"…"`), can match no rule before
# NAME or PATH, so these are tried first.
_PLAIN = r'(?!(?:NaN|Inf)(?:16|32)?(?![\w#]))(?!(?:var|VAR)")(?!quote\n)(?!MIME type )[A-Za-z_][\w!#′´' + ID_AFTER + r']*+'
_PLAIN_NAME = _PLAIN + r'(?![.@"])'
_PLAIN_PATH = _PLAIN + r'(?:\.(?:[^\W\d]|#)[\w!#′´' + ID_AFTER + r']*+)++(?![.@"])'


def _ident_rules(rules):
    return [("NAME", _PLAIN_NAME), ("PATH", _PLAIN_PATH)] + [(name, _IDENT_GATES[name] + f"(?:{rx})")
                                                             for name, rx in rules if name in _IDENT_GATES]


_IDENT_OPERAND_RX = _compile(_ident_rules(_COMMON + _OPERAND_ONLY + _TAIL))
_IDENT_OPERATOR_RX = _compile(_ident_rules(_COMMON + _OPERATOR_ONLY + _TAIL))
_IDENT_OPERAND_TYPES, _IDENT_OPERATOR_TYPES = _types(_IDENT_OPERAND_RX), _types(_IDENT_OPERATOR_RX)

_PUNCT = {"(": "LPAR", ")": "RPAR", "{": "LBRACE", "}": "RBRACE", "[": "LSQB", "]": "RSQB", ",": "COMMA", ";": "SEMI"}
_PREC_TOKEN = {PREC_ASSIGN: "OP_ASSIGN", PREC_PAIR: "OP_PAIR", PREC_COMPARISON: "OP_COMP", PREC_PIPE: "OP_PIPE",
               PREC_COLON: "OP_COLON", PREC_PLUS: "OP_PLUS", PREC_SHIFT: "OP_SHIFT", PREC_TIMES: "OP_TIMES",
               PREC_RATIONAL: "OP_RATIONAL", PREC_POWER: "OP_POWER"}
_KEYWORDS = {"goto": "KW_GOTO", "return": "KW_RETURN", "unreachable": "KW_UNREACHABLE", "invoke": "KW_INVOKE",
             "enter": "KW_ENTER", "φ": "KW_PHI", "φᶜ": "KW_PHIC", "ϒ": "KW_UPSILON", "π": "KW_PI",
             "unless": "KW_UNLESS", "global": "KW_DECLARE", "local": "KW_DECLARE", "const": "KW_DECLARE"}
_LITERAL_NAMES = {"true": "BOOL", "false": "BOOL", "nothing": "NOTHING"}
# Tokens after which an operator (not an operand) is expected.
_OPERAND_END = frozenset({"SSA", "JI_SSA", "SHOWN", "ARGREF", "SLOTNUM", "BLOCK", "UNDEF", "STRING", "CHAR", "FLOAT", "INT", "SYMBOL", "PATH", "OPPATH",
                          "NAME", "OPREF", "RPAR", "RBRACE", "RSQB", "BOOL", "NOTHING", "DOTS", "COMMENT",
                          "VALUE_NOTE"})
# Keywords are recognised at the start of a statement: first token, or right after `:(`.
_STATEMENT_START = frozenset({None, "QUOTE_OPEN"})


_QUOTE_SPECIAL = re.compile(r'["()\[\]{}]|#=|(?<![\w)\]}\'])\'')


_CAPTURED = {"QN_OPEN": ("QN_CONTENT", "))"), "VI_OPEN": ("VI_CONTENT", ")"),  # token → (content token, closers)
             "QUOTE_OPEN": ("QUOTE_CONTENT", ")")}
# `show_block` (base/show.jl) indents a quote's lines past the column its `quote` stands at; shown as a value in IR
# (a `Const`, a `$(QuoteNode(…))`), that column is 0, so the block's own `end` is the first line starting `end`.
_QUOTE_END = re.compile(r"\nend(?![\w!])")


def _quotenode_content(text: str, pos: int) -> int:
    """End of the content of `$(QuoteNode(` starting at `pos`: the index of its closing `)`, or -1.

    The content is whatever `show` printed (a constant, quoted Julia code,
    an exception message), so it is scanned for balanced brackets, skipping
    strings, chars and `#= … =#` comments, and handed to the grammar whole.
    """
    depth = 1
    while True:
        m = _QUOTE_SPECIAL.search(text, pos)
        if m is None:
            return -1
        c, pos = m.group(), m.end()
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
            if depth == 0:
                return m.start() if c == ")" else -1
        elif c == "#=":
            end = text.find("=#", pos)
            if end < 0:
                return -1
            pos = end + 2
        else:  # a string or a char: skip to its closing quote
            pos = quoted_end(text, pos, c)
            if pos < 0:
                return -1


class LexError(Exception):
    """A character the lexer cannot start a token with, at `pos`."""

    def __init__(self, text: str, pos: int, message: str = ""):
        super().__init__(message or f"unexpected character {text[pos]!r}")
        self.text = text
        self.pos = pos


def _op_token(op: str) -> str:
    prec = PRECEDENCE.get(base_operator(op))
    if prec is None:
        return "OP_UNARY"
    return _PREC_TOKEN[prec]


_new_token = str.__new__

# Characters that start only a PUNCT token, whatever the state (no operator, name or number starts with one);
# `(` also starts `(generic function with …)` after an operand, so it takes the regex there.
_PUNCT_ONLY = {c: kind for c, kind in _PUNCT.items() if c != "("}


def _token(kind: str, value: str, start: int) -> Token:
    """A Lark `Token` with the fields the grammar's callbacks and the errors read (`type`, `value`, `start_pos`):
    Lark's constructor also fills line and column fields, and costs three times as much."""
    t = _new_token(Token, value)
    t.type = kind
    t.value = value
    t.start_pos = start
    return t


# ` if not ` and ` with scope ` are the only multi-word keywords; `unless %5 goto %16` (`show` of a ≤1.5
# `Expr(:gotoifnot)`) has `goto` after an operand.
_WORDS_AFTER_SPACE = (("KW_IF_NOT", "if not", True), ("KW_WITH_SCOPE", "with scope", True),
                      ("KW_GOTO", "goto", False), ("KW_WHERE", "where", True))
_REFINED = frozenset({"NAME", "OP", "PUNCT"})


# `show(::TypeVar)` (base/show.jl) writes a bound unspaced, `T<:Real`, where a call of `<:` is spaced (`a <: b`):
# after `where` and its variable's name, an unspaced `<:`/`>:` is the variable's bound (OP_BOUND), so that a slot
# typed by a bounded UnionAll (`t::Type{var"#s1"} where var"#s1"<:Tuple`) reads as the type it is.
_BOUNDS = frozenset({"<:", ">:"})
# The operator tokens that start an operand (`-x`, `!x`); before `(`, any other operator is a callee.
_PREFIX_OPS = frozenset({"OP_PLUS", "OP_UNARY"})


def _word_after_space(text: str, pos: int, expecting_operand: bool):
    """(token type, word) of a keyword that starts at `pos` after a run of spaces, or None (the spaces are dropped)."""
    for kind, word, anywhere in _WORDS_AFTER_SPACE:
        if text.startswith(word + " ", pos) and (anywhere or not expecting_operand):
            return kind, word
    return None


def _refine(kind: str, value: str, prev, text: str, pos: int, expecting_operand: bool, after_where_var: bool) -> str:
    """The grammar's token type for a NAME (keyword, literal, word operator), OP or PUNCT match ending at `pos`
    (`after_where_var`: it starts right after a `where`'s type variable, where `<:` is the variable's bound)."""
    if kind == "NAME":
        if prev in _STATEMENT_START and value in _KEYWORDS and (pos == len(text) or text[pos] in " (") \
                and (value != "unless" or " goto " in text[pos:]):
            return _KEYWORDS[value]
        if value in _LITERAL_NAMES:
            return _LITERAL_NAMES[value]
        if value in WORD_OPS and not expecting_operand:
            return "OP_COMP"
        return kind
    if kind == "OP":
        if after_where_var and value in _BOUNDS:
            return "OP_BOUND"
        if value == "=":
            return "OP_ASSIGN"
        kind = _op_token(value)
        if expecting_operand and kind == "OP_ASSIGN" and value in UNARY_OPS:
            return "OP_UNARY"  # `~x`; infix, `~` is of assignment's precedence (`(a ~ b)::W`)
        if expecting_operand and kind not in _PREFIX_OPS and text.startswith("(", pos):
            return "OP_CALL"  # `/(a, b, c)`: Julia's `show_call` of an operator it shows neither infix nor prefix
        return kind
    return _PUNCT[value]


# (first character can start an identifier, an operand is expected) → (regex match, token type per group)
_MATCHERS = {(True, True): (_IDENT_OPERAND_RX.match, _IDENT_OPERAND_TYPES),
             (True, False): (_IDENT_OPERATOR_RX.match, _IDENT_OPERATOR_TYPES),
             (False, True): (_OPERAND_RX.match, _OPERAND_TYPES),
             (False, False): (_OPERATOR_RX.match, _OPERATOR_TYPES)}


def _kept_whole(kind: str, text: str, start: int, pos: int) -> tuple[Token, int]:
    """(token, where it ends) for a token of `_WHOLE` matched from `start` to `pos`: the content it opens, kept
    whole (read apart later: `parse_shown`, `parse_quoted`), or a LexError."""
    if kind == "SSA_LONG":
        raise LexError(text, start, "an SSA value's number has at most 18 digits")
    if kind == "QUOTE_BLOCK":  # `quote` … `end`: surface Julia, kept whole
        m = _QUOTE_END.search(text, pos)
        if m is None:
            raise LexError(text, start, "a `quote` block without its `end` line")
        return _token(kind, text[start:m.end()], start), m.end()
    content, closers = _CAPTURED[kind]  # `$(QuoteNode(…))`, `$(…)`, `:(…)`
    end_at = _quotenode_content(text, pos)
    if end_at < 0 or not text.startswith(closers, end_at) or end_at == pos and kind != "QN_OPEN":
        raise LexError(text, start)
    return _token(content, text[pos:end_at], start), end_at + len(closers)


_WHOLE = frozenset(_CAPTURED) | {"SSA_LONG", "QUOTE_BLOCK"}


def tokenize(text: str, end: bool = False) -> list[Token]:
    """Lark tokens for one statement body or type; `end`: finish with Lark's `$END` token."""
    return list(iter_tokens(text, end))


def iter_tokens(text: str, end: bool = False):
    """`tokenize`, one token at a time: a long body (a call with 100,000 arguments) is parsed as its tokens come,
    so that they are never all held at once (a token costs some 100 bytes; memory on huge inputs)."""
    pos, n = 0, len(text)
    prev = None
    bound_at = -1  # where a `where`'s type variable ends: a `<:` right there is its bound
    matchers, ident_first, punct_only = _MATCHERS, _IDENT_FIRST, _PUNCT_ONLY
    while pos < n:
        expecting_operand = prev not in _OPERAND_END
        c = text[pos]
        kind = punct_only.get(c)
        if c == "[" and expecting_operand and (end_at := matrix_end(text, pos)) > 0:
            yield _token("MATRIX", text[pos:end_at], pos)
            pos, prev = end_at, "RSQB"
            continue
        if kind is None and c == "(" and (expecting_operand or not text.startswith("(generic", pos)):
            kind = "LPAR"
        if kind is not None:  # one character, one token: no regex needed (and no call: this is the hot path)
            t = _new_token(Token, c)
            t.type = kind
            t.value = c
            t.start_pos = pos
            yield t
            pos += 1
            prev = kind
            continue
        if c == " ":
            pos += 1
            while pos < n and text[pos] == " ":
                pos += 1
            kind = "WS"
        else:
            match, types = matchers[c in ident_first, expecting_operand]
            m = match(text, pos)
            if m is None:
                raise LexError(text, pos)
            kind = types[m.lastindex]
            value = m.group()
            start, pos = pos, m.end()
        if kind == "WS":
            word = _word_after_space(text, pos, expecting_operand)
            if word is not None:
                kind, value = word
                yield _token(kind, value, pos)
                pos += len(value) + 1
                prev = kind
            continue
        if kind in _WHOLE:  # contents kept whole (`quote` … `end`, `$(QuoteNode(…))`, `:(…)`), or refused
            t, pos = _kept_whole(kind, text, start, pos)
            yield t
            prev = "RPAR"
            continue
        if kind in _REFINED:
            kind = _refine(kind, value, prev, text, pos, expecting_operand, start == bound_at)
        yield _token(kind, value, start)
        if prev == "KW_WHERE" and kind == "NAME":
            bound_at = pos
        prev = kind
    if end:
        yield _token("$END", "", n)


class JuliaIRLexer(Lexer):
    """Adapter that lets Lark's LALR parser pull tokens from `tokenize`."""

    def __init__(self, lexer_conf):
        pass

    def lex(self, data):
        for t in tokenize(data):  # Lark's own loop reads every position field
            yield Token(t.type, t.value, start_pos=t.start_pos, column=t.start_pos + 1)
