"""The C functions behind Base's character code, as Julia 1.5.3's runtime answers them: `utf8proc_category`,
`utf8proc_charwidth`, `utf8proc_tolower`/`toupper`/`totitle` (its utf8proc) and `jl_id_start_char`/`jl_id_char`
(src/flisp's julia_extensions.c), for every code point, from the table Julia itself writes
(`data/unicode-1.5.3.tsv.gz`, scripts/gen/gen_unicode_table.jl): Python's `unicodedata` follows another Unicode
version, and Julia's identifier rules are its own.
"""
from __future__ import annotations

import bisect
import gzip
from functools import lru_cache
from pathlib import Path

DATA = Path(__file__).parent / "data" / "unicode-1.5.3.tsv.gz"
FIELDS = ("category", "charwidth", "id_start", "id_char", "lower", "upper", "title")


@lru_cache(maxsize=1)
def _table() -> tuple[list, list]:
    """(first code point of each range, that range's answers), read once."""
    firsts, rows = [], []
    with gzip.open(DATA, "rt", encoding="ascii") as fh:
        for line in fh:
            first, _last, *values = line.split("\t")
            firsts.append(int(first, 16))
            rows.append(tuple(int(v) for v in values))
    return firsts, rows


def answer(field: str, code: int) -> int:
    """What the runtime's function `field` (one of `FIELDS`) answers for code point `code` (0 … 0x10ffff); the
    case mappings as the mapped code point."""
    if not 0 <= code <= 0x10FFFF:
        raise ValueError(f"code point {code:#x} out of range")
    firsts, rows = _table()
    k = FIELDS.index(field)
    v = rows[bisect.bisect_right(firsts, code) - 1][k]
    return code + v if field in ("lower", "upper", "title") else v
