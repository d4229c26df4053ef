"""Files jlir can rebuild, kept between runs: where they live (`cache_dir`), and the statement lexer's regular
expressions compiled once per Python (`compile_cached`).

Why: the lexer's two token patterns hold Julia's identifier characters (`jlir.semantics.idchars`, hundreds of
Unicode ranges) in about a hundred character classes, and CPython's `re` parses and optimises each class again
(`re._parser.parse`, `re._compiler._code` → `_optimize_charset`): about 0.4 s of CPU at every start of jlir, half
of the command's start-up, paid again by every `-j` run and every `jlir` a script calls.  What `re.compile` builds
from a pattern is a list of opcodes handed to `_sre.compile` (Lib/re/_compiler.py, `compile`); that list is what
is kept here, in a file named by the pattern, the flags, the Python version and `_sre.MAGIC` (the opcodes'
version), and handed to `_sre.compile` directly the next time.  `_sre.compile` checks the opcodes it is given
(Modules/_sre/sre.c, `_validate`), so a damaged file is an error caught here; any failure (another Python, no
writable folder, a changed private API) falls back to `re.compile`, which gives the same pattern object.
"""
from __future__ import annotations

import hashlib
import marshal
import os
import re
import sys
import tempfile
from pathlib import Path


def cache_dir() -> Path:
    """Where jlir keeps files it can rebuild: `$JLIR_CACHE_DIR`, else `$XDG_CACHE_HOME/jlir` (`~/.cache/jlir`)."""
    if os.environ.get("JLIR_CACHE_DIR"):
        return Path(os.environ["JLIR_CACHE_DIR"])
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "jlir"


def compile_cached(pattern: str, flags: int = 0) -> re.Pattern:
    """`re.compile(pattern, flags)`, its opcodes read from (or written to) `cache_dir()` (see the module doc)."""
    try:
        import _sre
        from re import _compiler, _parser
    except ImportError:  # not CPython, or its private modules moved
        return re.compile(pattern, flags)
    key = f"{pattern}\0{flags}\0{sys.version}\0{_sre.MAGIC}\0{sys.implementation.cache_tag}"
    path = cache_dir() / f"regex-{hashlib.sha256(key.encode()).hexdigest()[:20]}.bin"
    try:
        parts = marshal.loads(path.read_bytes())
        return _built(_sre, pattern, parts)
    except Exception:  # missing, damaged or from elsewhere: compiled afresh below
        pass
    try:
        tree = _parser.parse(pattern, flags)
        groupindex = dict(tree.state.groupdict)
        indexgroup = [None] * tree.state.groups
        for name, i in groupindex.items():
            indexgroup[i] = name
        code = [int(op) for op in _compiler._code(tree, flags)]  # opcodes are int subclasses: plain ints marshal
        parts = (pattern, flags | tree.state.flags, code, tree.state.groups - 1, groupindex, tuple(indexgroup))
        compiled = _built(_sre, pattern, parts)
    except Exception:
        return re.compile(pattern, flags)
    _write(path, marshal.dumps(parts))
    return compiled


def _built(_sre, pattern: str, parts) -> re.Pattern:
    """The pattern object from its parts; a file written for another pattern (a hash collision, a copied file) is
    refused before its opcodes are used."""
    text, flags, code, groups, groupindex, indexgroup = parts
    if text != pattern:
        raise ValueError("the cached opcodes are another pattern's")
    return _sre.compile(pattern, flags, code, groups, groupindex, indexgroup)


def _write(path: Path, data: bytes) -> None:
    """Written whole or not at all (a temporary file renamed over the name); a folder it cannot write is skipped."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".regex-", suffix=".tmp")
    except OSError:
        return
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass
