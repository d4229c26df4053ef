"""String and Char literals as Julia prints them (`escape_string`), read back to their values."""
from __future__ import annotations

import warnings

from jlir.ir.literals import literal_value
from jlir.ir.values import Literal


def test_julias_escape_for_esc_is_the_escape_character():
    """Julia 1.5 shows "\\x1b[1m" as `"\\e[1m"`; Python has no `\\e`, so it used to stay a backslash and an e."""
    assert literal_value(Literal(r'"\e[1mx"', "string")) == "\x1b[1mx"
    assert literal_value(Literal(r'"a\\e"', "string")) == "a\\e"   # an escaped backslash, then a plain e
    assert literal_value(Literal(r'"\$x"', "string")) == "$x"


def test_an_escape_julia_never_prints_stays_as_written_without_a_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert literal_value(Literal(r'"\d"', "string")) == "\\d"
