"""`requires-python` in pyproject.toml states the truth: jlir needs Python 3.11, and nothing newer.

3.11 is needed because the lexer's patterns use possessive quantifiers (`*+`, `++`), which `re` reads from 3.11
on (3.10 says `re.error: multiple repeat`); they keep the lexer linear on long names.  Nothing newer may be
needed: every module must be valid 3.11 syntax (checked here), and CI (.ci/run) runs the suite on a 3.11
interpreter, the lowest version claimed.
"""
from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

import jlir.syntax.statement.lexer as lexer

ROOT = Path(__file__).resolve().parent.parent


def claimed_lowest() -> tuple[int, int]:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    m = re.search(r'^requires-python = ">=(\d+)\.(\d+)"$', text, re.M)
    assert m, "pyproject.toml states requires-python as >=X.Y"
    return int(m.group(1)), int(m.group(2))


def test_the_claim_is_python_3_11():
    assert claimed_lowest() == (3, 11)


def test_this_interpreter_meets_the_claim():
    assert sys.version_info[:2] >= claimed_lowest()


def test_every_module_is_valid_syntax_of_the_lowest_version():
    lowest = claimed_lowest()
    files = sorted((ROOT / "jlir").rglob("*.py")) + sorted((ROOT / "scripts").rglob("*.py"))
    for path in files:
        ast.parse(path.read_text(encoding="utf-8"), str(path), feature_version=lowest)
    assert len(files) > 100


def test_the_lexer_needs_3_11_possessive_quantifiers():
    """Why not 3.10: the lexer's own patterns (if they stop using `*+`/`++`, the claim could be lowered)."""
    source = Path(lexer.__file__).read_text(encoding="utf-8")
    assert "]*+" in source or ")++" in source, "the lexer has no possessive quantifier any more"
