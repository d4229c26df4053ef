"""The imports a source file makes, read with `ast` (nothing is imported to find them), for the structure tests."""
from __future__ import annotations

import ast
from pathlib import Path


def import_statements(path: Path) -> list[tuple[str, tuple[str, ...], int, bool]]:
    """(module named, names taken from it, line, at module level) for every absolute import of a file, those inside
    functions and conditions included: `import a.b` names `a.b` and takes nothing, `from a.b import c, d` names
    `a.b` and takes `c` and `d` (each a member of `a.b` or a module `a.b.c`)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = {id(n) for n in tree.body}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(a.name, (), node.lineno, id(node) in top) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.append((node.module, tuple(a.name for a in node.names), node.lineno, id(node) in top))
    return out
