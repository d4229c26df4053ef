"""The functions a document holds, in the order its text shows them."""
from __future__ import annotations

from jlir.ir.function import Document, Function, VectorDisplay


def functions(doc: Document) -> list[Function]:
    """The functions of a document, vector elements included, in order."""
    return [f for item in doc.items for f in item_functions(item)]


def item_functions(item) -> list[Function]:
    """The functions of one of a document's items: itself, a vector display's elements, or none."""
    if isinstance(item, VectorDisplay):
        return [i for i in item.items if isinstance(i, Function)]
    return [item] if isinstance(item, Function) else []
