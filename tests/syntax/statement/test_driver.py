"""jlir's lean LALR driver builds the same values as Lark's own parse loop.

`LALRDriver` (jlir/syntax/statement/driver.py) runs Lark's LALR table with every reduction
resolved in advance; Lark's own loop (`StatementParser.use_lark_driver = True`)
is the reference.  For each typed and lowered Julia 1.5.3 fixture, every text
that reaches the grammar (statement bodies, their templates, types, QuoteNode
contents) is parsed by both, and both must give equal values, or the same error;
the lean driver parses each text twice, the second time replaying the parse it
recorded for that sequence of token types.
"""
from __future__ import annotations

import pytest

import jlir
from conftest import FIXTURES
from jlir.syntax.statement.grammar import BodyError, StatementParser

FILES = sorted(FIXTURES.glob("julia-1.5.3/*.typed.txt")) + sorted(FIXTURES.glob("julia-1.5.3/*.lowered.txt"))


def texts_read(path) -> list[tuple[str, str]]:
    """(start symbol, text) for every body and type the parser reads in `path`, whole or as a template."""
    seen: dict[tuple[str, str], None] = {}
    real_parse, real_stmt, real_type = StatementParser._parse, StatementParser.parse_stmt, StatementParser.parse_type

    def record_parse(self, text, start):
        seen[(start, text)] = None
        return real_parse(self, text, start)

    def record_stmt(self, body):
        seen[("stmt", body)] = None
        return real_stmt(self, body)

    def record_type(self, text):
        seen[("type", text)] = None
        return real_type(self, text)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(StatementParser, "_parse", record_parse)
        mp.setattr(StatementParser, "parse_stmt", record_stmt)
        mp.setattr(StatementParser, "parse_type", record_type)
        jlir.parse(path.read_text(encoding="utf-8"), path.name)
    return list(seen)


def outcome(parser: StatementParser, start: str, text: str):
    try:
        value = parser._parse(text, start)
    except BodyError as e:
        return ("error", str(e), e.column, e.expected)
    return ("value", type(value), value)


def test_the_sample_is_not_empty():
    assert len(FILES) >= 40


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_lean_driver_and_larks_loop_build_equal_values(path):
    lean, reference = StatementParser(), StatementParser()
    reference.use_lark_driver = True
    texts = texts_read(path)
    assert texts
    for start, text in texts:
        want = outcome(reference, start, text)
        assert outcome(lean, start, text) == want, (start, text)
        assert outcome(lean, start, text) == want, ("replayed", start, text)  # the recorded parse, replayed


def test_both_drivers_report_the_same_error():
    lean, reference = StatementParser(), StatementParser()
    reference.use_lark_driver = True
    for start, text in [("stmt", "Base.add_int(%1,"), ("stmt", "goto #3 if"), ("type", "Tuple{Int64"),
                        ("stmt", "φ (#1 => )"), ("type", "Union{}}")]:
        got = outcome(lean, start, text)
        assert got[0] == "error"
        assert got == outcome(reference, start, text)
