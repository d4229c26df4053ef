"""Python values of printed Julia literals (for analyses and interpreters).

Kept apart from `values.py` so the value classes stay plain data.
"""
from __future__ import annotations

import ast
import math
import re
import warnings

_SPECIAL_FLOATS = {"NaN": math.nan, "Inf": math.inf, "-Inf": -math.inf,
                   "NaN32": math.nan, "Inf32": math.inf, "-Inf32": -math.inf,
                   "NaN16": math.nan, "Inf16": math.inf, "-Inf16": -math.inf}


# `\e` preceded by an even number of backslashes: Julia's escape for ESC (0x1b), as `escape_string` prints it.
_JULIA_ESC = re.compile(r"(?<!\\)((?:\\\\)*)\\e")


def literal_value(lit):
    """Evaluate a Literal's text as Julia would, where Python can represent it."""
    text, kind = lit.text, lit.kind
    if kind == "nothing":
        return None
    if kind == "bool":
        return text == "true"
    if kind == "int":
        t = text.replace("_", "")
        neg = t.startswith("-")
        t = t.lstrip("-")
        if t.startswith(("0x", "0b", "0o")):
            v = int(t, 0)
        else:
            v = int(t)
        return -v if neg else v
    if kind == "float":
        if text in _SPECIAL_FLOATS:
            return _SPECIAL_FLOATS[text]
        t = text
        if t.startswith("Float16(") and t.endswith(")"):
            t = t[8:-1]
        t = t.replace("f", "e")
        try:
            return float(t)
        except ValueError:
            return None
    if kind in ("string", "char"):
        body = text[1:-1]
        body = body.replace("\\$", "$")
        body = _JULIA_ESC.sub(lambda m: m.group(1) + "\\x1b", body)  # Julia's `\e` (ESC); Python has no `\e`
        try:
            with warnings.catch_warnings():  # an escape Julia would not print (`\d`) stays as written
                warnings.simplefilter("ignore")
                return ast.literal_eval('"' + body.replace('"', '\\"').replace('\\\\"', '\\"') + '"')
        except (ValueError, SyntaxError):
            return body
    return None
