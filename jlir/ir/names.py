"""Julia identifiers: which names print bare and which need `var"…"`."""
from __future__ import annotations

import re

# Math symbols Julia accepts in identifiers (its `is_wc_cat_id_start` whitelist: `∂`, `∇`, `∑`, `∞`, `∫`, …),
# beside letters; a character class body, for the reader's identifier patterns too.
ID_SYMBOLS = "∂∅∆∇∎∏∐∑∞∟∫-∳⅀-⅄∿⊾⊿⊤⊥⋀-⋃◸-◿"
_IDENTIFIER = re.compile(f"(?:[^\\W\\d]|_|[{ID_SYMBOLS}])[\\w!′´{ID_SYMBOLS}]*$")
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
