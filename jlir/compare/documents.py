"""Diffing two documents: their functions (vector elements included) paired in order."""
from __future__ import annotations

import jlir
from jlir.compare.functions import diff_functions
from jlir.compare.model import DiffError, DocumentDiff, DocumentSide
from jlir.ir.function import CFGListing, Document, Function, StatementVector, VectorDisplay


def diff_documents(a: Document, b: Document, source_a: str = "A", source_b: str = "B") -> DocumentDiff:
    """Diff two documents: their functions (vector elements included) paired in order.

    Raises DiffError when a document holds no function (a CFG listing or a statement vector alone).
    """
    fa, fb = jlir.functions(a), jlir.functions(b)
    for doc, fs, name in ((a, fa, source_a), (b, fb, source_b)):
        if not fs:
            what = ", ".join(_other_items(doc)) or "nothing"
            raise DiffError(f"{name}: no function to compare (it holds {what}); jlir diff compares functions")
    pairs = tuple(diff_functions(x, y, i) for i, (x, y) in enumerate(zip(fa, fb), 1))
    identical = len(fa) == len(fb) and all(f.identical for f in pairs) and jlir.format(a) == jlir.format(b)
    n = len(pairs)
    return DocumentDiff(_document_side(a, fa, source_a), _document_side(b, fb, source_b), identical, pairs,
                        tuple(range(n + 1, len(fa) + 1)), tuple(range(n + 1, len(fb) + 1)))


def _other_items(doc: Document) -> tuple[str, ...]:
    """What a document holds besides functions, which the diff leaves out (said in the header)."""
    names = {CFGListing: "a CFG listing", StatementVector: "a statement vector"}
    return tuple(names.get(type(i), type(i).__name__) for i in doc.items
                 if not isinstance(i, (Function, VectorDisplay)))


def _document_side(doc: Document, fs: list[Function], source: str) -> DocumentSide:
    return DocumentSide(source, len(fs), tuple(dict.fromkeys(f.form for f in fs)),
                        tuple(dict.fromkeys(f.style for f in fs)), _other_items(doc))
