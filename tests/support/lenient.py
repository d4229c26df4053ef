"""Reading a real dump leniently in a test: its text, the document, and the notes the lenient reader gave."""
from __future__ import annotations

import warnings
from pathlib import Path

from jlir.syntax.reading import read_document


def read_leniently(path: Path):
    """`(text, document, notes)` of the file at `path`, read with `lenient=True`."""
    text = path.read_text(encoding="utf-8")
    with warnings.catch_warnings(record=True) as notes:
        warnings.simplefilter("always")
        doc = read_document(text, path.name, lenient=True)
    return text, doc, [str(n.message) for n in notes]
