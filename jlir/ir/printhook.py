"""The printer `str()` of the model calls: registered from above, since `jlir.ir` imports nothing of the printer.

Its own module so that `Function.text` (jlir.ir.function) reaches it without importing `jlir.ir.text`, which
installs `__str__` on the classes of jlir.ir.function and so imports it.
"""
from __future__ import annotations

from typing import Callable

_printer: Callable | None = None


def register(printer: Callable) -> None:
    """`printer(x, style)` → Julia's text of a node, value, type or Statement (style None: the newest Julia)."""
    global _printer
    _printer = printer


def julia_text(x, style=None) -> str:
    if _printer is None:
        return repr(x)
    return _printer(x, style)
