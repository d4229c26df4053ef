"""Writes jlir/semantics/idchars.py: the non-ASCII characters Julia takes inside identifiers beyond Python's `\\w`.

Julia 1.5's `jl_id_char` / `is_wc_cat_id_start` (src/flisp/julia_extensions.c) take letters and digits (Python's
`\\w` has them), currency symbols (Sc), other symbols (So) but arrows, U+FFFC/FFFD, U+233F and U+00A6, and after
the first character also combining marks (Mn, Mc, Me), modifier symbols (Sk), the primes U+2032–2037 and U+2057,
and the super- and subscript `+-=()`.  The box-drawing and block characters (U+2500–259F, So) are left out: they
are the IR printer's rails, never a name in its output.  Run: `python3 scripts/gen/gen_idchars.py`.
"""
import unicodedata
from pathlib import Path


def _ranges(pred):
    out, start = [], None
    for cp in range(0xA1, 0x110000):
        if pred(cp) and start is None:
            start = cp
        elif not pred(cp) and start is not None:
            out.append((start, cp - 1))
            start = None
    return out


def _start(cp):
    cat = unicodedata.category(chr(cp))
    return cat == "Sc" or (cat == "So" and not 0x2190 <= cp <= 0x21FF and cp not in (0xFFFC, 0xFFFD, 0x233F, 0xA6)
                           and not 0x2500 <= cp <= 0x259F)


def _after(cp):
    cat = unicodedata.category(chr(cp))
    return (cat in ("Mn", "Mc", "Me", "Sk") or 0x2032 <= cp <= 0x2037 or cp == 0x2057 or 0x207A <= cp <= 0x207E
            or 0x208A <= cp <= 0x208E)


def _table(name, ranges):
    rows = [", ".join(f"(0x{a:X}, 0x{b:X})" for a, b in ranges[i:i + 6]) for i in range(0, len(ranges), 6)]
    return f"{name} = (\n" + "".join(f"    {r},\n" for r in rows) + ")\n"


def main():
    text = ('"""Non-ASCII identifier characters beyond Python\'s `\\\\w` (written by scripts/gen/gen_idchars.py from\n'
            f'Unicode {unicodedata.unidata_version}; that script says which of Julia\'s rules it follows)."""\n\n'
            + _table("START_RANGES", _ranges(_start)) + "\n" + _table("AFTER_RANGES", _ranges(_after)) + "\n\n"
            "def char_class(ranges) -> str:\n"
            '    """The body of a regex character class holding `ranges`."""\n'
            '    return "".join(chr(a) if a == b else f"{chr(a)}-{chr(b)}" for a, b in ranges)\n\n\n'
            "ID_START_MORE = char_class(START_RANGES)\n"
            "ID_AFTER_MORE = ID_START_MORE + char_class(AFTER_RANGES)\n")
    Path(__file__).resolve().parents[2].joinpath("jlir", "semantics", "idchars.py").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
