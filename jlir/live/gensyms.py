"""A dump's closures named as the live Julia names them, for `jlir run --julia … --defs FILE` and the oracle's
interpreter row on generated programs (`jlir.oracle.programs`).

Lowering names a closure's type after counters (`var"#3751#3752"`, its slot `#3751`) that depend on everything
lowered before it in that session, so a dump made in one session names its closures otherwise than the Julia
`--defs` is evaluated in, and the closure's method is not found there.  The same function printed in the same form
by the live Julia differs from the dump only in those numbers: where it does (every other character equal, each
block reference `#3` equal), each number of the dump is mapped to the live one at the same place, and the dump's
text renamed so (`#3751` → `#1`).  Which function it is: `--name`, the dump's heading, or each function the
`--defs` source defines by name, tried in turn; where none prints alike, the dump is left as it is.
"""
from __future__ import annotations

import re

_GENSYM = re.compile(r"(#\d+)")
_DEFINED = re.compile(r"^\s*(?:function\s+)?([A-Za-z_][\w!]*)\s*\([^)]*\)\s*(?:where.*)?(?:=(?!=)|$)", re.M)
_FORMS = {"lowered": ("lowered", "lowered-source"), "slot": ("typed-unoptimized", "warntype"),
          "typed": ("typed", "typed-source", "ircode", "ircode-noline")}


def defined_names(source: str) -> list[str]:
    """The function names a Julia source defines at the start of a line (`function f(`, `f(x) = …`), in order."""
    return list(dict.fromkeys(m.group(1) for m in _DEFINED.finditer(source)))


def number_map(ours: str, theirs: str) -> dict | None:
    """{dump's `#N` → live `#M`} where the two texts differ only in such numbers, consistently, and never in a
    block reference (`goto #3`, a φ's `#2 =>`); else None."""
    pairs = number_pairs(ours, theirs)
    return None if pairs is None else {x: y for x, y in pairs.items() if x != y}


def number_pairs(ours: str, theirs: str) -> dict | None:
    """`number_map` with the numbers that stay the same kept (`#N` → `#N`): every number the texts share."""
    a, b = _GENSYM.split(ours), _GENSYM.split(theirs)
    if len(a) != len(b) or a[0::2] != b[0::2]:
        return None
    out: dict = {}
    for k in range(1, len(a), 2):
        x, y = a[k], b[k]
        if (_block_ref(a[k - 1], a[k + 1]) and x != y) or out.setdefault(x, y) != y:
            return None
    return out


def renamed(text: str, mapping: dict) -> str:
    return _GENSYM.sub(lambda m: mapping.get(m.group(1), m.group(1)), text)


# A name holding lowering's numbers, with the module that qualifies it: `Base.:(var"#62#63")`, `Base.var"#62#63"`,
# `Main.:(var"#5#6")`, `var"#kw#81"`, `#kw#81`, a slot's `#165`.
_NAMED = re.compile(r'(?:([A-Za-z_]\w*)\.(?::\()?)?(?:var"([^"]*)"|(#[^\s,;(){}\[\]:"]*))')


def own_numbers(text: str) -> set[str]:
    """The `#N` of the names in `text` that are Main's (unqualified or `Main.`): another module's closures
    (`Base.var"#62#63"`) are numbered by that module, the same in every session."""
    out: set = set()
    for m in _NAMED.finditer(text):
        if m.group(1) in (None, "Main") and not _bare_block_ref(text, m):
            out.update(_GENSYM.findall(m.group(2) or m.group(3) or ""))
    return out


def own_renamed(text: str, mapping: dict) -> str:
    """`renamed`, in Main's names only (`own_numbers`); a block reference (`goto #3`, `#2 =>`) is no name."""
    def one(m):
        if m.group(1) not in (None, "Main") or _bare_block_ref(text, m):
            return m.group(0)
        return renamed(m.group(0), mapping)
    return _NAMED.sub(one, text)


def _bare_block_ref(text: str, m) -> bool:
    return bool(m.group(3)) and m.group(3)[1:].isdigit() and _block_ref(text[:m.start()], text[m.end():])


def _block_ref(before: str, after: str) -> bool:
    """Whether a `#N` between `before` and `after` is a block's number, no name: `goto #3`, a φ's `#2 =>`,
    `Expr(:enter, #16)`."""
    return before.endswith(("goto ", ":enter, ")) or after.startswith(" =>")


def _forms(fn) -> tuple:
    from jlir.edit import is_slot_form
    from jlir.ir.function import Form
    if fn.form is Form.LOWERED:
        return _FORMS["lowered"]
    return _FORMS["slot"] if is_slot_form(fn) else _FORMS["typed"]


def live_named(fn, jl, names, arg_types) -> object:
    """`fn` with its closure numbers as the live Julia `jl` has them (see the module's text), or `fn` itself."""
    import jlir
    from jlir.ir.errors import JlirError
    from jlir.live.errors import LiveError
    from jlir.live.provider import julia_type
    ours = jlir.format(fn)
    if not _GENSYM.search(ours.replace("goto #", "")):
        return fn
    signature = ", ".join("::" + julia_type(t) for t in arg_types)
    for name in names:
        for form in _forms(fn):
            try:
                text, _ = jl.render(f"{name}({signature})", form)
            except (LiveError, ValueError):
                continue
            try:
                theirs = jlir.format(jlir.functions(jlir.parse(text))[0])
            except (JlirError, IndexError):  # a print jlir cannot read is no match
                continue
            mapping = number_map(ours, theirs)
            if mapping is not None:
                return jlir.functions(jlir.parse(renamed(ours, mapping)))[0] if mapping else fn
    return fn
