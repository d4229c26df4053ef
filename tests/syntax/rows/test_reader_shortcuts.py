"""The reader's shortcuts give what the long way gives: lines read by offset (`jlir.syntax.rows.context.Lines`) are
`text.split("\\n")`, a repeated dump is its first reading, the style rules kept for a document are enough."""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import jlir
from jlir.syntax.rows.context import Lines, span

TEXTS = st.text(alphabet="ab│─ \r\n\t", max_size=80)


@settings(max_examples=300, deadline=None)
@given(TEXTS)
def test_lines_are_the_split_text(text):
    lines, split = Lines(text), text.split("\n")
    assert len(lines) == len(split)
    assert list(lines) == split
    assert [lines[k] for k in range(len(split))] == split
    assert [lines[k] for k in range(-len(split), 0)] == split


@settings(max_examples=300, deadline=None)
@given(TEXTS, st.integers(-5, 30), st.integers(-5, 30))
def test_slices_and_spans_are_those_of_the_split_text(text, a, b):
    lines, split = Lines(text), text.split("\n")
    assert lines[a:b] == split[a:b]
    assert lines[a:b:2] == split[a:b:2]
    if 0 <= a <= b <= len(split):
        assert lines.span(a, b) == "\n".join(split[a:b]) == span(split, a, b)


@settings(max_examples=200, deadline=None)
@given(TEXTS)
def test_each_offset_is_found_on_its_line(text):
    lines = Lines(text)
    for offset in range(len(text) + 1):
        k = lines.index_at(offset)
        assert lines.start(k) <= offset < lines.start(k + 1)
        assert text[lines.start(k):].startswith(lines[k])


@settings(max_examples=300, deadline=None)
@given(TEXTS, st.lists(st.tuples(st.integers(-12, 12), st.text(alphabet="xy│ ", max_size=5)), max_size=6),
       st.integers(-3, 14), st.integers(-3, 14))
def test_replaced_lines_are_read_in_place_of_the_original(text, edits, a, b):
    lines, split = Lines(text), text.split("\n")
    for k, line in edits:
        if -len(split) <= k < len(split):
            lines[k] = split[k] = line
        else:
            with pytest.raises(IndexError):
                lines[k] = line
    assert list(lines) == split
    assert lines[a:b] == split[a:b]
    if 0 <= a <= b <= len(split):
        assert lines.span(a, b) == "\n".join(split[a:b])


def test_a_line_out_of_range_is_an_index_error():
    lines = Lines("a\nb")
    for k in (2, -3):
        with pytest.raises(IndexError):
            lines[k]


@pytest.mark.parametrize("text,line,message", [
    ("CodeInfo(\n1 ─ %1 = Base.add_int(x, 1)::Int64\n└──      return %1\n) => Int64\n\nCodeInfo(\n1 ─ %1 = x\n",
     8, "the dump's closing `)` line is missing"),
    ("CodeInfo(\n1 ─ %1 = x\n│   %2 = x\n)x\n) => Int64\n\nCodeInfo(\n1 ─ %1 = x", 4, "expected a block rail"),
    ("CodeInfo(\n1 ─ %1 = x\n└──      return %1\n", 4, "the dump's closing `)` line is missing"),
])
def test_the_closing_line_found_in_the_text_locates_errors_as_line_by_line(text, line, message):
    """(the line jlir gave before it found the closing `)` line by a search of the text; a dump that ends
    without it is said to have lost it, as a paste does)"""
    with pytest.raises(jlir.ParseError, match=re.escape(message)) as e:
        jlir.parse(text)
    assert e.value.line == line


def test_style_rules_dropped_for_the_document_change_no_dump_style():
    """`rules_for` keeps every rule that can match a dump of the document: each fixture and corpus dump gets the
    style the full rule list gives it."""
    from conftest import CORPUS, ir_fixture_files
    from jlir.syntax.rows.detect import detect_style, rules_for
    checked = 0
    for path in ir_fixture_files() + sorted(CORPUS.glob("*.txt")):
        text = path.read_bytes().decode("utf-8", errors="replace")
        for dump in text.split("\n\n"):
            for codeinfo in (False, True):
                assert detect_style(dump, codeinfo=codeinfo, rules=rules_for(text, codeinfo)) \
                    == detect_style(dump, codeinfo=codeinfo), (path.name, dump[:80])
                checked += 1
    assert checked > 1000


def test_a_repeated_dump_is_read_once_and_prints_back():
    one = "CodeInfo(\n1 ─ %1 = Base.add_int(x, 1)::Int64\n└──      return %1\n) => Int64\n"
    other = one.replace("x, 1", "x, 2")
    text = "\n".join([one, other, one])
    doc = jlir.parse(text)
    assert doc.items[0] is doc.items[2] and doc.items[1] is not doc.items[0]
    assert jlir.format(doc) == text
