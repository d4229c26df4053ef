"""Which Julia versions printed a dump: evidence in the text narrows a `Style`.

Each rule is a regex and the version range its presence proves.  The rules
are data; `detect_style` applies the ones that match, strongest first, and
ignores a rule that contradicts what earlier ones established (hand-edited
dumps can mix features).
"""
from __future__ import annotations

import re

from jlir.ir.style import NEWEST, OLDEST, Style

_R = re.compile

# (pattern, lo, hi): finding `pattern` in the dump proves the version is in lo..hi.
EVIDENCE = [
    (_R(r"Core\.Compiler\.(?:Const|PartialStruct|Argument)\("), OLDEST, (1, 5)),
    (_R(r"(?<![\w.])Core\.(?:Const|PartialStruct|Argument)\("), (1, 6), NEWEST),
    (_R(r"Base\.Compiler\."), (1, 12), NEWEST),
    (_R(r" enter #\d+"), (1, 11), NEWEST),
    (_R(r"\$\(Expr\(:enter, #"), OLDEST, (1, 10)),
    (_R(r"\$\(Expr\(:leave, :\("), (1, 11), NEWEST),
    (_R(r"@NamedTuple\{"), (1, 10), NEWEST),
    (_R(r"MaybeUndef\("), OLDEST, (1, 9)),
    (_R(r"^MethodInstance for ", re.M), (1, 7), NEWEST),
    (_R(r"^  from .* @ \S", re.M), (1, 9), NEWEST),
    (_R(r"^  from .* in \S+ at ", re.M), (1, 7), (1, 8)),
    (_R(r"^Variables$", re.M), (1, 2), (1, 6)),
    (_R(r"^CFG with \d+ blocks:", re.M), (1, 9), NEWEST),
    (_R(r"^\d+\t=>\t", re.M), OLDEST, (1, 8)),
    (_R(r"within `[^`'\n]*`$", re.M), (1, 7), NEWEST),
    (_R(r"within `[^`'\n]*'$", re.M), OLDEST, (1, 6)),
    (_R(r"^\d+-element Array\{"), OLDEST, (1, 5)),
    (_R(r"^\d+-element Vector\{"), (1, 6), NEWEST),
    (_R(r"\$\(Expr\(:unreachable\)\)"), OLDEST, (1, 5)),
    (_R(r"[│└─┄] +return$", re.M), OLDEST, (1, 5)),
    (_R(r"[\w}\])\"],[\w{:]"), OLDEST, (1, 5)),  # `Tuple{Int64,Int64}`: DataType parameters without a space
    (_R(r"(?<![\w.])(?!Union\{)\w+\{[^{}()]*, [^{}()]*\}"), (1, 6), NEWEST),
    (_R(r"(?<![\w\"])@_\d"), (1, 2), NEWEST),
    (_R(r'var"'), (1, 3), NEWEST),
    (_R(r'getfield\(Main, Symbol\("'), OLDEST, (1, 2)),
]

# Printed only in CodeInfo up to 1.5 (IRCode prints `unreachable` in every version).
CODEINFO_EVIDENCE = [
    (_R(r"[│└─┄] +unreachable$", re.M), (1, 6), NEWEST),
    (_R(r"[│└─┄] +return nothing$", re.M), (1, 6), NEWEST),
]


def detect_style(text: str, *, codeinfo: bool = False, extra: tuple = ()) -> Style:
    """The style consistent with the evidence in `text`; `extra` adds (lo, hi) facts found by the layout."""
    style = Style()
    rules = EVIDENCE + (CODEINFO_EVIDENCE if codeinfo else [])
    for rx, lo, hi in rules:
        if rx.search(text):
            style = style.narrowed(lo, hi)
    for lo, hi in extra:
        style = style.narrowed(lo, hi)
    return style
