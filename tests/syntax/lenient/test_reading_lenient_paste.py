"""Lenient repairs for what pasting does, each named in a note: the return type wrapped onto its own line after
`) =>` (a real blog post, tests/data/round3/index.jsonl), appended comments holding `)` (on statement lines and
on the dump's frame lines), a lost closing `)` (in a statement line, or the dump's closing line), and a `# `
prefix on every line.  The pasted forms other than the blog's are made here from a real Julia 1.5.3 print
(fixtures/julia-1.5.3/while_swap.typed.txt) by the one change each test names: mutations, not prints."""
from __future__ import annotations

import warnings
from pathlib import Path

import pytest

import jlir
from jlir.syntax.lenient.reader import LenientNote

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "tests" / "data" / "round3"
JULIA = (ROOT / "fixtures/julia-1.5.3/while_swap.typed.txt").read_text(encoding="utf-8")


def lenient(text: str):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", LenientNote)
        doc = jlir.parse(text, "pasted.txt", lenient=True)
    return jlir.format(doc), [w.message.kind for w in caught if isinstance(w.message, LenientNote)]


def test_a_blog_posts_wrapped_return_type_is_joined_with_a_note():
    text = (DATA / "abap34-blog-1.11-wrapped-return-type.txt").read_text(encoding="utf-8")
    out, kinds = lenient(text)
    assert out == "CodeInfo(\n1 ─ %1 = Base.mul_int(2, x)::Int64\n└──      return %1\n) => Int64\n"
    assert kinds == ["prompt", "output", "prompt", "wraptype"]


def test_strict_reading_names_the_wrapped_return_type():
    text = JULIA.replace(") => Int64", ") =>\nInt64")
    with pytest.raises(jlir.ParseError) as e:
        jlir.parse(text)
    assert "wrapped onto its own line" in str(e.value) and "--lenient" in str(e.value)


@pytest.mark.parametrize("old, new", [
    ("%5 = (%4 === 0)::Bool", "%5 = (%4 === 0)::Bool  # b == 0)"),          # a `)` the comment does not open
    ("return %3", "return %3  # gcd(a, b) :)"),
    (") => Int64", ") => Int64  # returns gcd(a, b)"),                        # on the closing line
    ("CodeInfo(\n", "CodeInfo(  # from code_typed(gcd, (Int, Int))\n"),       # on the opening line
])
def test_an_appended_comment_holding_a_paren_is_stripped(old, new):
    out, kinds = lenient(JULIA.replace(old, new, 1))
    assert out == JULIA and kinds == ["comment"]


def test_a_statement_line_that_lost_its_closing_paren_gets_it_back_before_its_type():
    text = JULIA.replace("Base.flipsign_int(a@_2, a@_2)::Int64", "Base.flipsign_int(a@_2, a@_2::Int64")
    out, kinds = lenient(text)
    assert out == JULIA and kinds == ["closer"]


def test_a_lost_closing_line_is_restored_without_the_type_it_carried():
    out, kinds = lenient(JULIA.replace(") => Int64\n", ""))
    assert out == JULIA.replace(") => Int64\n", ")\n") and kinds == ["closing"]


@pytest.mark.parametrize("prefix", ["# ", "#"])
def test_a_comment_prefix_on_every_line_is_removed_then_read_strictly(prefix):
    text = "".join(prefix + line + "\n" for line in JULIA.rstrip("\n").split("\n"))
    out, kinds = lenient(text)
    assert out == JULIA and kinds == ["prefix"]


def test_julias_own_text_needs_no_repair():
    out, kinds = lenient(JULIA)
    assert out == JULIA and kinds == []
