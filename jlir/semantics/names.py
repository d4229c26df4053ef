"""Julia identifiers: which names print bare and which need `var"…"`."""
from __future__ import annotations

import re

from jlir.semantics.idchars import ID_AFTER_MORE, ID_START_MORE

# Math symbols Julia accepts in identifiers (its `is_wc_cat_id_start` whitelist: `∂`, `∇`, `∑`, `∞`, `∫`, …),
# beside letters; a character class body, for the reader's identifier patterns too.
# With them, currency and other symbols, and after the first character combining marks, modifier symbols, primes
# (`x̂`, `a⁺`, `ẋ`: jlir.semantics.idchars says which, from Julia's `jl_id_char`).
ID_SYMBOLS = "∂∅∆∇∎∏∐∑∞∟∫-∳⅀-⅄∿⊾⊿⊤⊥⋀-⋃◸-◿" + ID_START_MORE
ID_AFTER = ID_SYMBOLS + ID_AFTER_MORE  # the non-ASCII characters a name may hold after its first
_IDENTIFIER = re.compile(f"(?:[^\\W\\d]|_|[{ID_SYMBOLS}])[\\w!′´{ID_AFTER}]*$")
KEYWORDS = frozenset("begin while if for try return break continue function macro quote let local global const "
                     "do struct module baremodule using import export end else elseif catch finally true false "
                     "abstract primitive mutable type".split())


def is_identifier(name: str) -> bool:
    """Julia's `Base.isidentifier`: a name that prints without `var"…"`."""
    return bool(_IDENTIFIER.match(name)) and name not in KEYWORDS


def is_symbol_word(name: str) -> bool:
    """A name that `show(::Symbol)` prints as `:name` (keywords included: `:end`)."""
    return bool(_IDENTIFIER.match(name))


def var_quoted(name: str) -> str:
    """`name` as it appears in a qualified type name: bare, or `var"#1#2"`."""
    return name if is_identifier(name) else f'var"{name}"'
