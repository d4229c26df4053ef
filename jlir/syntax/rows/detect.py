"""Which Julia versions printed a dump: evidence in the text narrows a `Style`.

Each rule is a regex and the version range its presence proves.  The rules
are data; `detect_style` applies the ones that match, strongest first, and
ignores a rule that contradicts what earlier ones established (hand-edited
dumps can mix features).
"""
from __future__ import annotations

import re

from jlir.ir.style import DEV_0_7, NEWEST, OLDEST, Style

_R = re.compile

_SPACED_CURLY = _R(r"\{[^{}()]*, [^{}()]*\}")


def _search_spaced_curly(text: str) -> bool:
    """Whether `text` has `(?<![\\w.])(?!Union\\{)\\w+\\{[^{}()]*, [^{}()]*\\}` (`Tuple{A, B}`, not `Union{A, B}`
    or `Base.Dict{A, B}`): each `{…, …}` is found from its brace, then the word before it is checked."""
    for m in _SPACED_CURLY.finditer(text):
        k = j = m.start()
        while j and (text[j - 1].isalnum() or text[j - 1] == "_"):  # `\w`
            j -= 1
        if j < k and (j == 0 or text[j - 1] != ".") and text[j:k] != "Union":
            return True
    return False


_UNSPACED_COMMA = re.compile(r"[\w\])\"}],[\w{:]")


def _search_unspaced_curly(text: str) -> bool:
    """Whether a comma without a space stands inside braces open on its line (`Tuple{Int64,Int64}`, also after a
    nested `{…}`: `Tuple{CartesianIndex{N} where N,Int64}`); a call's arguments without a space are no printer's."""
    for m in _UNSPACED_COMMA.finditer(text):
        start = text.rfind("\n", 0, m.start()) + 1
        line = text[start:m.start() + 1]  # up to the character before the comma: a `}` there closes its brace
        if line.count("{") > line.count("}"):
            return True
    return False


def _after_rail(word: str):
    """A search for `[│└─┄] +word *$` (a statement that is just `word`; blanks after it are not part of the
    statement, so `return ` is the same evidence as `return`) that finds `word` at a line end first."""
    rx = _R(re.escape(word) + " *$", re.M)

    def search(text: str) -> bool:
        for m in rx.finditer(text):
            j = k = m.start()
            while k and text[k - 1] == " ":
                k -= 1
            if k < j and k and text[k - 1] in "│└─┄":
                return True
        return False
    return search


# (literal, pattern, lo, hi): finding `pattern` in the dump proves the version is in lo..hi.  `literal` is a
# substring every match contains (or a tuple of them, one of which it contains): a dump without it is skipped
# with a fast `in` test instead of a regex scan.  `pattern` is a regex, or a function doing its search faster;
# patterns start with a literal where they can (lookbehinds after it), which lets `re` skip ahead to it.
EVIDENCE = [
    ("Core.Compiler.", _R(r"Core\.Compiler\.(?:Const|PartialStruct|Argument)\("), OLDEST, (1, 5)),
    (("Core.Const(", "Core.PartialStruct(", "Core.Argument("),
     _R(r"(?<![\w.])Core\.(?:Const|PartialStruct|Argument)\("), (1, 6), NEWEST),
    ("Base.Compiler.", _R(r"Base\.Compiler\."), (1, 12), NEWEST),
    (" enter #", _R(r" enter #[0-9]+"), (1, 11), NEWEST),
    ("$(Expr(:enter, #", _R(r"\$\(Expr\(:enter, #"), OLDEST, (1, 10)),
    ("$(Expr(:leave, :(", _R(r"\$\(Expr\(:leave, :\("), (1, 11), NEWEST),
    ("@NamedTuple{", _R(r"@NamedTuple\{"), (1, 10), NEWEST),
    ("MaybeUndef(", _R(r"MaybeUndef\("), OLDEST, (1, 9)),
    ("MethodInstance for ", _R(r"^MethodInstance for ", re.M), (1, 7), NEWEST),
    ("  from ", _R(r"^  from .* @ \S", re.M), (1, 9), NEWEST),
    ("  from ", _R(r"^  from .* in \S+ at ", re.M), (1, 7), (1, 8)),
    ("Variables", _R(r"^Variables$", re.M), (1, 2), (1, 6)),
    ("CFG with ", _R(r"^CFG with [0-9]+ blocks:", re.M), (1, 9), NEWEST),
    ("\t=>\t", _R(r"^[0-9]+\t=>\t", re.M), OLDEST, (1, 8)),
    ("within `", _R(r"within `[^`'\n]*`$", re.M), (1, 7), NEWEST),
    ("within `", _R(r"within `[^`'\n]*'$", re.M), OLDEST, (1, 6)),
    ("-element Array{", _R(r"^[0-9]+-element Array\{"), OLDEST, (1, 5)),
    ("-element Vector{", _R(r"^[0-9]+-element Vector\{"), (1, 6), NEWEST),
    ("$(Expr(:unreachable))", _R(r"\$\(Expr\(:unreachable\)\)"), OLDEST, (1, 5)),
    # `Tuple{Int64,Int64}`: DataType parameters without a space
    # (inside braces: a call's arguments without a space are no printer's, and would not print back so)
    (",", _search_unspaced_curly, OLDEST, (1, 5)),
    (", ", _search_spaced_curly, (1, 6), NEWEST),  # `Tuple{A, B}`
    ("@_", _R(r"@_(?<![\w\"]@_)[0-9]"), (1, 2), NEWEST),  # `(?<![\w"])@_[0-9]`
    ('var"', _R(r'var"'), (1, 3), NEWEST),
    ('getfield(Main, Symbol("', _R(r'getfield\(Main, Symbol\("'), OLDEST, (1, 2)),
]

# 0.7-DEV's printer (base/compiler/ssair/show.jl before 0.7.0): arguments `%%2` / `%%x` (`print_ssa`), block
# numbers without `#` (`goto 6`, `goto 3 if not %2`, φ edges `4 => %3`, `$(Expr(:enter, 5))`).  No later Julia
# prints any of them, so one proves the dump is 0.7-DEV's, whatever else it holds: they are tried first.
DEV_EVIDENCE = [
    ("%%", _R(r"%%[\w#]")),
    ("goto ", _R(r"goto (?<![\w%#]goto )[0-9]")),  # the lookbehind after the literal: `re` skips to it
    ("φ (", _R(r"φ \([0-9]+ => ")),
    # (not a statement inference never reached, which 1.5 prints quoted: `Core.Compiler.Const(:($(Expr(:enter, 210))), false)`)
    ("$(Expr(:enter, ", _R(r"(?<!Const\(:\()\$\(Expr\(:enter, [0-9]")),
]
DEV_STYLE = Style(DEV_0_7, DEV_0_7)


def shows_dev_printing(text: str) -> bool:
    """Whether `text` holds one of 0.7-DEV's printing marks (`DEV_EVIDENCE`), which no later Julia prints."""
    return any(literal in text and rx.search(text) for literal, rx in DEV_EVIDENCE)

# Printed only in CodeInfo up to 1.5 (IRCode prints `unreachable` in every version).
CODEINFO_EVIDENCE = [
    ("return", _after_rail("return"), OLDEST, (1, 5)),  # `[│└─┄] +return$` (an IRCode prints `return nothing`)
    ("unreachable", _after_rail("unreachable"), (1, 6), NEWEST),  # `[│└─┄] +unreachable$`
    ("return nothing", _after_rail("return nothing"), (1, 6), NEWEST),  # `[│└─┄] +return nothing$`
]


def rules_for(document: str, codeinfo: bool) -> list:
    """The rules whose literal occurs somewhere in `document`: the only ones that can match a dump of it (a
    document's dumps share most of their features, so most rules are dropped once instead of on every dump)."""
    rules = EVIDENCE + CODEINFO_EVIDENCE if codeinfo else EVIDENCE
    return [rule for rule in rules if (rule[0] in document if rule[0].__class__ is str
                                       else any(x in document for x in rule[0]))]


def detect_style(text: str, *, codeinfo: bool = False, extra: tuple = (), rules: list | None = None) -> Style:
    """The style consistent with the evidence in `text`; `extra` adds (lo, hi) facts found by the layout.
    `rules`: the evidence rules to try (`rules_for` the document holding `text`), by default all of them."""
    return with_facts(text_style(text, codeinfo=codeinfo, rules=rules), extra)


def text_style(text: str, *, codeinfo: bool = False, rules: list | None = None) -> Style:
    """`detect_style` from the text's evidence alone: a dump's reader finds it before it reads the statements,
    and need not hold the dump's text while it does (memory on huge inputs); `with_facts` then adds the layout's."""
    if shows_dev_printing(text):
        return DEV_STYLE
    style = Style()
    if rules is None:
        rules = EVIDENCE + CODEINFO_EVIDENCE if codeinfo else EVIDENCE
    for literal, rx, lo, hi in rules:
        if (literal in text if literal.__class__ is str else any(x in text for x in literal)) \
                and (rx(text) if callable(rx) else rx.search(text)):
            style = style.narrowed(lo, hi)
    return _STYLES.setdefault((style.lo, style.hi), style)


def with_facts(style: Style, extra: tuple) -> Style:
    """`style` (from `text_style`) narrowed by the layout's (lo, hi) facts, after the text's evidence (evidence
    contradicting earlier evidence is ignored, so the order is `detect_style`'s); 0.7-DEV's style stays as it is."""
    if style is DEV_STYLE or not extra:
        return style
    for lo, hi in extra:
        style = style.narrowed(lo, hi)
    return _STYLES.setdefault((style.lo, style.hi), style)


_STYLES: dict = {}  # one Style object per version range (at most one per pair of Julia versions)
