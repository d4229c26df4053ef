"""The lexer's patterns compiled once per Python and kept in jlir's cache folder (`jlir.syntax.statement.compiled`):
the pattern read back behaves as `re.compile`'s, a damaged or foreign file is compiled afresh, a folder that cannot
be written costs nothing but the time, and the lexer's patterns are the same text in every process (else no run
would find the previous run's file)."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from jlir.syntax.statement import compiled
from jlir.syntax.statement.compiled import compile_cached

ROOT = Path(__file__).resolve().parents[3]
PATTERN = r"(?P<NAME_0>[A-Za-z_][\w′]*)|(?P<INT_1>-?[0-9]+)|(?P<OP_2>[-+*/<>=]+)|(?P<SPACE_3>\s+)"
SAMPLE = "x′ = a + 12 - b_2 <= -7"


def _tokens(rx) -> list:
    return [(m.lastgroup, m.group()) for m in rx.finditer(SAMPLE)]


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("JLIR_CACHE_DIR", str(tmp_path))
    return tmp_path


def test_a_pattern_read_back_from_the_cache_matches_as_re_compiles_it(cache, monkeypatch):
    first, reference = compile_cached(PATTERN), re.compile(PATTERN)
    assert len(list(cache.glob("regex-*.bin"))) == 1
    from re import _parser
    monkeypatch.setattr(_parser, "parse", lambda *a: pytest.fail("compiled again, not read from the cache"))
    again = compile_cached(PATTERN)
    for rx in (first, again):
        assert (rx.pattern, rx.groups, rx.groupindex, rx.flags) == (reference.pattern, reference.groups,
                                                                    reference.groupindex, reference.flags)
        assert _tokens(rx) == _tokens(reference)


@pytest.mark.parametrize("damage", ["garbage", "truncated", "another pattern's"])
def test_a_damaged_or_foreign_cache_file_is_compiled_afresh(cache, damage):
    compile_cached(PATTERN)
    (path,) = cache.glob("regex-*.bin")
    if damage == "garbage":
        path.write_bytes(b"\x00not marshal data")
    elif damage == "truncated":
        path.write_bytes(path.read_bytes()[:40])
    else:
        compile_cached(r"(?P<A_0>a)|(?P<B_1>b)")
        other = next(p for p in cache.glob("regex-*.bin") if p != path)
        path.write_bytes(other.read_bytes())
    rx = compile_cached(PATTERN)
    assert _tokens(rx) == _tokens(re.compile(PATTERN))
    assert compile_cached(PATTERN).groupindex == re.compile(PATTERN).groupindex


def test_a_folder_that_cannot_be_written_still_gives_the_pattern(tmp_path, monkeypatch):
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("JLIR_CACHE_DIR", str(blocked / "jlir"))
    assert _tokens(compile_cached(PATTERN)) == _tokens(re.compile(PATTERN))
    assert not list(tmp_path.glob("**/*.tmp"))


def test_the_cache_folder_is_jlirs_one_folder(monkeypatch, tmp_path):
    monkeypatch.delenv("JLIR_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert compiled.cache_dir() == tmp_path / "jlir"


def test_the_lexers_patterns_are_the_same_text_in_every_process():
    """Python randomises the order of a set of strings per process: an operator alternation built from one changed
    the pattern's text (and so its cache file's name) at every run."""
    probe = ("import hashlib; from jlir.syntax.statement import lexer as L; "
             "print(hashlib.sha256(''.join(r.pattern for r in (L._OPERAND_RX, L._OPERATOR_RX, L._IDENT_OPERAND_RX, "
             "L._IDENT_OPERATOR_RX)).encode()).hexdigest())")
    digests = {subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True,
                              env=dict(os.environ, PYTHONPATH=str(ROOT), PYTHONHASHSEED=seed)).stdout
               for seed in ("1", "2", "3")}
    assert len(digests) == 1
