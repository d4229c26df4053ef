"""Loading the grammar: its text, the LALR table Lark builds from it (cached on disk), and the parser objects.

One Lark instance per process (`lark_parser`), shared by every
StatementParser: building the table is the slow part of startup, so Lark's
analysed grammar is cached in `cache_dir()`, keyed by the grammar text and
the Lark and Python versions.
"""
from __future__ import annotations

import hashlib
import sys
from functools import lru_cache
from importlib import resources
from pathlib import Path

from lark import Lark
from lark import __version__ as lark_version

from jlir.syntax.statement.callbacks import _Build
from jlir.syntax.statement.compiled import cache_dir
from jlir.syntax.statement.driver import LALRDriver
from jlir.syntax.statement.lexer import JuliaIRLexer


def grammar_text() -> str:
    """The grammar, from the source tree's `grammar/` or the installed package's copy."""
    source = Path(__file__).resolve().parents[3] / "grammar" / "julia_ir.lark"
    if source.is_file():
        return source.read_text(encoding="utf-8")
    return resources.files("jlir.grammar").joinpath("julia_ir.lark").read_text(encoding="utf-8")


def _table_cache(text: str) -> str | bool:
    """The file for Lark's analysed grammar (its LALR table), named by the grammar text's hash and the Lark and
    Python versions; False (no cache) when the folder cannot be made.  Lark checks the same hash inside the
    file, so a stale or damaged file is rebuilt, and a file it cannot write is skipped silently."""
    key = hashlib.sha256(f"{text}\0{lark_version}\0{sys.version_info[:2]}".encode()).hexdigest()[:20]
    folder = cache_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return str(folder / f"julia_ir-{key}.lark-table")


@lru_cache(maxsize=1)
def lark_parser() -> tuple[Lark, _Build, LALRDriver]:
    build = _Build()
    text = grammar_text()
    lark = Lark(text, parser="lalr", lexer=JuliaIRLexer, start=["stmt", "type"], strict=True,
                transformer=build, maybe_placeholders=True, cache=_table_cache(text))
    return lark, build, LALRDriver(lark)
