"""Prints Julia 1.5.3 makes that jlir refuses, refused for the true reason (`jlir.syntax.lenient.multiline`).

The record is Julia's own stage print (`tests/data/oracle/fixed-classes-1.5.3.jsonl.gz`): `Base.banner`'s after
slot2reg holds `Base.text_colors`, a `Dict` shown cut short with `…`, which is read with its elision.  (The values shown over several lines whose
end is marked, a regex's pattern and `ENV`, are read: tests/syntax/test_reading_multiline_values.py.)"""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

import jlir
from jlir.syntax.errors import ParseError
from jlir.syntax.lenient.multiline import ELIDED, _goes_on

DATA = Path(__file__).resolve().parents[2] / "data" / "oracle" / "fixed-classes-1.5.3.jsonl.gz"


def _stage(fragment: str, name: str) -> str:
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        record = next(r for r in map(json.loads, f) if fragment in r["target"])
    return next(s["text"] for s in record["stages"] if s["name"] == name)


def test_a_dict_shown_cut_short_reads_and_prints_back():
    # `show(::AbstractDict)` under `:limit` prints `…` after the 10th pair (base/dict.jl): the print is read with
    # the elision in its place (tests/syntax/test_reading_stdlib_values.py), not refused
    text = _stage("Base.banner", "slot2reg")
    assert "…), false)" in text and jlir.format(jlir.parse(text)) == text


def test_an_elision_no_show_prints_there_is_refused_as_a_value_cut_short():
    text = "CodeInfo(\n1 ─ %1 = Main.f(1  …  2)::Int64\n└──      return %1\n) => Int64\n"
    with pytest.raises(ParseError) as e:
        jlir.parse(text)
    assert e.value.message == ELIDED and "…" in e.value.text


def test_what_marks_a_value_going_on_over_the_next_line():
    assert _goes_on('    │    %12  = Base.VERSION_REGEX::Core.Compiler.Const(r"^', "    v?")
    assert not _goes_on('    │    %12  = Base.f("^', "    v?")                # a String's show escapes newlines
    assert _goes_on("    │           nothing::Core.Compiler.Const(HOME=/root", "SHLVL=1")   # ENV's show
    assert not _goes_on("    │    %3 = Base.f(%1,", "  %2)::Int64")               # a paste's hard wrap
