"""Statements whose value Julia 1.5.3 printed over several lines are read, kept verbatim and printed back
(`jlir.syntax.rows.multiline`).

The prints are Julia's own, after inlining and `type_lift` (`scripts/check/oracle.jl`'s stages, with Julia's
`ir.cfg`, dominators, `verify_ir` verdict and `compact!` print of each):
- `VersionNumber(::String)` (`tests/data/oracle/fixed-classes-1.5.3.jsonl.gz`, a Base instance of the oracle's
  records): `Base.VERSION_REGEX` in a `Const`, its pattern written over several lines under the `x` flag and
  shown raw (`r"^` … `$"ix, false)`);
- `env_get(key) = get(ENV, key, "")` (`tests/data/multiline/env-get-1.5.3.jsonl.gz`, printed under a minimal
  environment: see tests/data/README.md): `ENV` in a `Const`, one `NAME=value` line per variable, then the
  `Const`'s `, false)` on a line of its own.
"""
from __future__ import annotations

import gzip
import json
import warnings
from pathlib import Path

import pytest

import jlir
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.oracle.checks import check_compact, check_idoms, check_inlined_cfg, check_verify
from jlir.oracle.run import instance_types
from jlir.syntax.errors import ParseError
from jlir.syntax.lenient.multiline import MULTILINE
from jlir.syntax.rows.multiline import value_end

DATA = Path(__file__).resolve().parents[1] / "data"
REGEX = (DATA / "oracle" / "fixed-classes-1.5.3.jsonl.gz", "Type{VersionNumber},String")
ENV = (DATA / "multiline" / "env-get-1.5.3.jsonl.gz", "env_get")


def _record(source) -> dict:
    path, fragment = source
    with gzip.open(path, "rt", encoding="utf-8") as f:
        return next(r for r in map(json.loads, f) if fragment in r["target"])


def _stage(source, name: str) -> dict:
    return next(s for s in _record(source)["stages"] if s["name"] == name)


def _julia_statements(stage: dict) -> int:
    """How many statements Julia's IR holds: where the last block of its `ir.cfg` ends."""
    return stage["julia"]["cfg"]["blocks"][-1]["stmts"][1]


PRINTS = [(REGEX, "inlining", "text"), (REGEX, "inlining", "compact"), (REGEX, "type_lift", "text"),
          (REGEX, "type_lift", "compact"), (ENV, "inlining", "text")]


@pytest.mark.parametrize("source, name, key", PRINTS)
def test_a_print_with_a_value_over_several_lines_reads_and_prints_back_byte_for_byte(source, name, key):
    text = _stage(source, name)[key]
    doc = jlir.parse(text)
    assert jlir.format(doc) == text
    assert jlir.format(jlir.from_json(jlir.to_json(doc))) == text


@pytest.mark.parametrize("source, name", [(REGEX, "inlining"), (ENV, "inlining")])
def test_lenient_reading_repairs_nothing_in_a_value_over_several_lines(source, name):
    """The regex's pattern lines hold `# …` comments and leave brackets open, `ENV`'s lines are no rows: Julia's
    print, which no paste repair (appended comment, hard wrap) may touch."""
    text = _stage(source, name)["text"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        doc = jlir.parse(text, lenient=True)
    assert jlir.format(doc) == text


@pytest.mark.parametrize("source, name", [(REGEX, "inlining"), (REGEX, "type_lift"), (ENV, "inlining")])
def test_the_value_going_on_over_several_lines_is_one_statement_as_in_julias_ir(source, name):
    stage = _stage(source, name)
    fn = jlir.functions(jlir.parse(stage["text"]))[0]
    assert len(fn.stmts) == _julia_statements(stage)


def test_a_regex_over_several_lines_is_kept_as_its_literal_text():
    text = _stage(REGEX, "inlining")["text"]
    lines = text.split("\n")
    first = next(k for k, line in enumerate(lines) if line.endswith('Const(r"^'))
    last = next(k for k in range(first, len(lines)) if lines[k].startswith('$"ix'))
    fn = jlir.functions(jlir.parse(text))[0]
    regex = next(s for s in fn.stmts if "VERSION_REGEX" in repr(s.node))
    literal = regex.type.args[0]
    assert type(literal) is V.Literal and literal.kind == "string"
    assert literal.text == "\n".join(['r"^'] + lines[first + 1:last] + ['$"ix'])


def test_env_over_several_lines_is_kept_as_its_shown_text():
    text = _stage(ENV, "inlining")["text"]
    lines = text.split("\n")
    first = next(k for k, line in enumerate(lines) if "Const(LD_LIBRARY_PATH=" in line)
    last = lines.index(", false)")
    fn = jlir.functions(jlir.parse(text))[0]
    env = fn.stmts[2].type
    assert env.head == T.TypeName(("Core", "Compiler", "Const")) and env.args[1] == V.Literal("false", "bool")
    shown = env.args[0]
    assert type(shown) is T.TypeOpaque
    assert shown.text == "\n".join([lines[first].split("Const(", 1)[1]] + lines[first + 1:last] + [""])
    assert "HOME=/root\n" in shown.text


@pytest.mark.parametrize("source, name, compacted", [(REGEX, "inlining", False), (REGEX, "type_lift", True),
                                                     (ENV, "inlining", False)])
def test_the_oracles_checks_on_those_prints_agree_with_julia(source, name, compacted):
    record = _record(source)
    stage = next(s for s in record["stages"] if s["name"] == name)
    fn = jlir.functions(jlir.parse(stage["text"]))[0]
    assert check_inlined_cfg(fn, stage["julia"], compacted).verdict == "equal"
    assert check_idoms(fn, stage["julia"]).verdict == "equal"
    assert check_verify(fn, stage["julia"]).verdict == "equal"
    assert check_compact(stage["text"], stage["compact"], instance_types(record)).verdict == "equal"


def test_a_regex_whose_closing_line_was_lost_keeps_its_located_error():
    """The real print with the regex's closing line cut out, as a paste may lose it: nothing ends the
    pattern before the next row, so nothing is joined and the reason names the value."""
    lines = _stage(REGEX, "inlining")["text"].split("\n")
    cut = [line for line in lines if not line.startswith('$"ix')]
    with pytest.raises(ParseError) as e:
        jlir.parse("\n".join(cut))
    assert e.value.message == MULTILINE and e.value.line == 13 and e.value.text.startswith("    v?")


def test_env_holding_a_line_that_is_no_variable_keeps_its_located_error():
    """The real print with a line that is no `NAME=value` put among `ENV`'s (as a value holding a line break
    shows): where the value ends is not marked, so it is refused as such."""
    lines = _stage(ENV, "inlining")["text"].split("\n")
    k = lines.index("HOME=/root")
    lines.insert(k + 1, "  a value's second line")
    with pytest.raises(ParseError) as e:
        jlir.parse("\n".join(lines))
    assert e.value.message == MULTILINE and e.value.line == 4


def test_what_ends_a_value_over_several_lines():
    rows = ['  │   %3 = Base.VERSION_REGEX::Core.Compiler.Const(r"^', "  a", '$"ix, false)',
            "  └──      return %3"]
    assert value_end(rows, 0, len(rows)) == 2
    # a pattern line that looks like a row: a paste that lost the closing quote, not joined
    assert value_end([rows[0], "  │   %4 = f()", '$"ix, false)'], 0, 3) == 0
    # a String's `show` escapes its line breaks: a string left open is a broken line
    assert value_end(['  │   %3 = f("^', '$", false)'], 0, 2) == 0
    env = ["  │        nothing::Core.Compiler.Const(A=1", "B=x, (y)", ", true)", "  └──      return 1"]
    assert value_end(env, 0, len(env)) == 2
    # `ENV`'s own last line is missing: not joined
    assert value_end(env[:2] + env[3:], 0, 3) == 0
    # a row broken by a paste goes on in a line that is no row, but no value of Julia's is open
    assert value_end(["  │   %3 = Base.f(%1,", "  %2)::Int64"], 0, 2) == 0
