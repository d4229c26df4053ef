"""A structural diff of two prints of the same function(s), e.g. by two Julia versions (`jlir diff A B`).

    >>> d = diff_documents(jlir.parse_file("a.txt"), jlir.parse_file("b.txt"), "a.txt", "b.txt")
    >>> d.outcome                       # "identical", "equivalent" or "different"
    >>> print(render_text(d))
    >>> json.dumps(d.to_json())         # schema jlir-diff/1, keys documented in jlir.compare.model

Why structural: a textual diff of two IR prints drowns in renumbering (one
inserted statement shifts every later `%n`) and in spelling (Julia 1.6 prints
`Core.Const(1)` where 1.5 printed `Core.Compiler.Const(1, false)`).  Here
statements are paired by content (`align`), the SSA and block renumbering is
read off the pairs and checked on every operand (`judge`), and differences
that only the spelling makes (`canonical.RULES`) are reported as *style*, so
two prints come out `identical` (same text), `equivalent` (same IR:
differences of printing style, or of what is not compared) or `different`.

Modules: `canonical` (one spelling for every Julia version's), `align`
(statement pairing), `judge` (renumbering and verdicts), `functions` and
`documents` (pairing functions, comparing their parts: `blocks`, `header`),
`model` (the result dataclasses and their JSON), `text` (the report).
"""
from __future__ import annotations

from jlir.compare.documents import diff_documents
from jlir.compare.functions import diff_functions
from jlir.compare.model import (SCHEMA, BlockDiff, DiffError, DocumentDiff, DocumentSide, EdgeChange, FunctionDiff,
                                FunctionSide, StatementDiff, StatementSide, StyleNote, ValueDiff, VariableDiff,
                                summary_line)
from jlir.compare.text import render_text

__all__ = ["SCHEMA", "DiffError", "diff_documents", "diff_functions", "render_text", "summary_line", "DocumentDiff",
           "FunctionDiff", "StatementDiff", "StatementSide", "BlockDiff", "EdgeChange", "ValueDiff", "VariableDiff",
           "StyleNote", "FunctionSide", "DocumentSide"]
