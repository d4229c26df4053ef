"""Julia's text of one node, value, type or Statement: what `str()` of the model gives.

`jlir.ir` imports nothing of the printer, so `jlir.ir.text` installs a `__str__` that calls a registered
printer; importing this module registers it (the `jlir` package does on import).
"""
from __future__ import annotations

from jlir.ir import text as _model_text


def julia_text(x, style=None) -> str:
    """Julia's text of a node, value, type or Statement, as `style`'s Julia prints it (None: the newest)."""
    # (imported on first use: `import jlir` does not load the whole printer)
    from jlir.ir.function import Statement
    from jlir.ir.style import Style
    from jlir.ir.types import Shown
    from jlir.printer.exprs import ExprPrinter
    from jlir.printer.forms import format_function
    printer = ExprPrinter(style if style is not None else Style())
    printer.nested_codeinfo = format_function  # a statement holding a CodeInfo (`$(Expr(:thunk, CodeInfo(…)))`)
    if isinstance(x, Statement):
        return printer.statement_line(x, True)[3]
    if isinstance(x, Shown):
        return printer.type(x)
    return printer.unquoted(x)


_model_text.register(julia_text)
