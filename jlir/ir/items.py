"""The functions a document holds, in the order its text shows them."""
from __future__ import annotations

from jlir.ir.function import Document, Function, VectorDisplay


def functions(doc: Document) -> list[Function]:
    """The functions of a document, vector elements included, in order."""
    out = []
    for item in doc.items:
        if isinstance(item, VectorDisplay):
            out.extend(i for i in item.items if isinstance(i, Function))
        elif isinstance(item, Function):
            out.append(item)
    return out
