"""Diffing two documents: their functions (vector elements included) paired by name when both documents name
every function (fetch labels, `MethodInstance for` lines: `jlir.compare.names`), else in order."""
from __future__ import annotations

import jlir
from jlir.util.gcpause import gc_paused
from dataclasses import replace
from typing import Callable

from jlir.compare.functions import diff_functions
from jlir.compare.names import function_names, pair_by_name
from jlir.compare.model import DiffError, DocumentDiff, DocumentSide
from jlir.ir.function import CFGListing, Document, Function, StatementVector, VectorDisplay


def diff_documents(a: Document, b: Document, source_a: str = "A", source_b: str = "B",
                   progress: Callable[[], None] | None = None) -> DocumentDiff:
    """Diff two documents: their functions (vector elements included) paired by name where both documents name
    them all, else in order.

    `progress`, if given, is called after each pair of functions (the CLI's progress counter).
    Raises DiffError when a document holds no function (a CFG listing or a statement vector alone).
    """
    fa, fb = jlir.functions(a), jlir.functions(b)
    for doc, fs, name in ((a, fa, source_a), (b, fb, source_b)):
        if not fs:
            what = ", ".join(_other_items(doc)) or "nothing"
            raise DiffError(f"{name}: no function to compare (it holds {what}); jlir diff compares functions")
    names_a, names_b = function_names(a), function_names(b)
    by_name = pair_by_name(names_a, names_b)
    if by_name is None:
        order = [(i, i) for i in range(min(len(fa), len(fb)))]
    else:
        order = by_name
    pairs = []
    with gc_paused():  # the diff builds many small acyclic objects: collections would walk both models each time
        for i, j in order:
            pairs.append(replace(diff_functions(fa[i], fb[j], i + 1),
                                 name=names_a[i] if by_name is not None else None))
            if progress is not None:
                progress()
    pairs = tuple(pairs)
    identical = len(fa) == len(fb) and all(f.identical for f in pairs) and (a == b or jlir.format(a) == jlir.format(b))
    paired_a, paired_b = {i for i, _ in order}, {j for _, j in order}
    return DocumentDiff(_document_side(a, fa, source_a), _document_side(b, fb, source_b), identical, pairs,
                        tuple(i + 1 for i in range(len(fa)) if i not in paired_a),
                        tuple(j + 1 for j in range(len(fb)) if j not in paired_b))


def _other_items(doc: Document) -> tuple[str, ...]:
    """What a document holds besides functions, which the diff leaves out (said in the header)."""
    names = {CFGListing: "a CFG listing", StatementVector: "a statement vector"}
    return tuple(names.get(type(i), type(i).__name__) for i in doc.items
                 if not isinstance(i, (Function, VectorDisplay)))


def _document_side(doc: Document, fs: list[Function], source: str) -> DocumentSide:
    return DocumentSide(source, len(fs), tuple(dict.fromkeys(f.form for f in fs)),
                        tuple(dict.fromkeys(f.style for f in fs)), _other_items(doc))
