"""Prints Julia 1.5.3 makes that jlir refuses, refused for the true reason (`jlir.syntax.lenient.multiline`).

The records are Julia's own stage prints (`tests/data/oracle/fixed-classes-1.5.3.jsonl.gz`): `VersionNumber(::String)`
after inlining and after `type_lift` holds `Base.VERSION_REGEX` shown raw, its pattern's line breaks included;
`Base.banner`'s after slot2reg holds `Base.text_colors`, a `Dict` shown cut short with `…`.  (The prints holding
`ENV` are not committed: they hold this machine's environment.)"""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

import jlir
from jlir.syntax.errors import ParseError
from jlir.syntax.lenient.multiline import ELIDED, MULTILINE, _goes_on

DATA = Path(__file__).resolve().parents[1] / "data" / "oracle" / "fixed-classes-1.5.3.jsonl.gz"


def _stage(fragment: str, name: str) -> str:
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        record = next(r for r in map(json.loads, f) if fragment in r["target"])
    return next(s["text"] for s in record["stages"] if s["name"] == name)


@pytest.mark.parametrize("name, line", [("inlining", 13), ("type_lift", 7)])
def test_a_regex_shown_over_several_lines_is_refused_as_such(name, line):
    text = _stage("Type{VersionNumber},String", name)
    with pytest.raises(ParseError) as e:
        jlir.parse(text)
    assert e.value.message == MULTILINE and e.value.line == line
    assert text.split("\n")[line - 2].endswith('Base.VERSION_REGEX::Core.Compiler.Const(r"^')


def test_a_value_shown_cut_short_is_refused_as_such():
    with pytest.raises(ParseError) as e:
        jlir.parse(_stage("Base.banner", "slot2reg"))
    assert e.value.message == ELIDED and "…" in e.value.text


def test_what_marks_a_value_going_on_over_the_next_line():
    assert _goes_on('    │    %12  = Base.VERSION_REGEX::Core.Compiler.Const(r"^', "    v?")
    assert not _goes_on('    │    %12  = Base.f("^', "    v?")                # a String's show escapes newlines
    assert _goes_on("    │           nothing::Core.Compiler.Const(HOME=/root", "SHLVL=1")   # ENV's show
    assert not _goes_on("    │    %3 = Base.f(%1,", "  %2)::Int64")               # a paste's hard wrap
