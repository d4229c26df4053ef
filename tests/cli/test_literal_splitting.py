"""One top-level splitter (`jlir.semantics.splitting.split_top_level`) serves `jlir run --args` literals (`,`) and the
`# run:` lines of fixture cases (`;`, jlir.live.caseruns): brackets, strings and chars are kept whole."""
from __future__ import annotations

from jlir.cli.literals import argument, split_top_level
from jlir.semantics.values import JChar, JSymbol
from jlir.live import caseruns as case_runs


def test_separators_inside_brackets_strings_and_chars_do_not_split():
    assert split_top_level('1, (2, 3), [4, 5], "a, b", \',\'', ",") == ["1", " (2, 3)", " [4, 5]", ' "a, b"', " ','"]
    assert split_top_level('f(1; x=2); g("a;b"); h(\';\')', ";") == ["f(1; x=2)", ' g("a;b")', " h(';')"]


def test_an_adjoint_quote_is_not_a_char_literal():
    assert split_top_level("a', b", ",") == ["a'", " b"]
    assert split_top_level("f(x)'; g(y)", ";") == ["f(x)'", " g(y)"]


def test_run_lines_split_as_before():
    assert case_runs.split_calls("mygcd(12, 18); mygcd(0, 5)") == ["mygcd(12, 18)", "mygcd(0, 5)"]
    assert case_runs.split_calls('f("x;y", [1; 2]);  ; g()') == ['f("x;y", [1; 2])', "g()"]


def test_argument_literals_of_every_kind():
    assert argument('"abc"') == "abc" and argument(":x") == JSymbol("x") and argument("'c'") == JChar.of("c")
    assert argument("nothing") is None and argument("(1, 2.0)") == (1, 2.0) and argument("(1,)") == (1,)
    assert argument('("a, b", \',\')') == ("a, b", JChar.of(","))
    assert argument("[1, 2, 3]").items == [1, 2, 3]
