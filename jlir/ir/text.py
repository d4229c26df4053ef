"""`str()` of the model's values gives Julia's text; `repr()` keeps the structure.

    >>> str(f.stmt(3))           # 'Base.add_int(%2, 1)::Int64'   (what the printer prints for that statement)
    >>> str(f.return_type)       # 'Union{Nothing, Int64}'
    >>> repr(f.stmt(3))          # "Statement(node=Expr(head='call', …), type=TypeName(…), …)"
    >>> f.text(f.stmt(3))        # the same, spelled as the Julia that printed f (its Style): `Tuple{A,B}` in 1.5

The printer sits above this layer (`jlir.ir` imports nothing of it), so it
registers itself here (`register`, by `jlir.printer.text`, which `import jlir` loads) and
the `__str__` installed on every node, value, type and Statement class calls
it.  Without a registered printer `str` falls back to `repr`.  `str` prints
as the newest Julia does (the object does not know which Julia printed it);
`Function.text(x)` prints as that function's Julia.
"""
from __future__ import annotations

from jlir.ir import function, nodes, types, values
from jlir.ir.printhook import julia_text, register  # noqa: F401  (register: the printer's way in)


def _str(self) -> str:
    return julia_text(self)


def _install() -> None:
    """Give every model class of nodes, values and types (and Statement) Julia's text as its `str`."""
    for module in (nodes, values, types):
        for cls in vars(module).values():
            if isinstance(cls, type) and cls.__module__ == module.__name__ and hasattr(cls, "__dataclass_fields__"):
                cls.__str__ = _str
    function.Statement.__str__ = _str


_install()
