"""The shape of the code base: imports point one way, modules and functions stay small, one traversal knows every kind.

These read the source with `ast` (nothing is imported to check an import),
so an arrow that points up fails here before it can become a cycle at run time.
"""
from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from support.imports import import_statements

PACKAGE = Path(__file__).resolve().parent.parent / "jlir"

# The layers, lowest first.  A module may import its own package and any package of a lower rank; packages of
# the same rank never import each other.  The root facade (`jlir/__init__.py`: parse, format) sits above the
# reader and the printer and below everything that builds on parsed IR.
RANKS = {
    "jlir.util": -1,
    "jlir.ir": 0,
    "jlir.json": 1,
    "jlir.geometry": 1, "jlir.semantics": 1, "jlir.lattice": 1,
    "jlir.printer": 2,
    "jlir.syntax": 3, "jlir.analysis": 3,
    "jlir": 4,
    "jlir.edit": 5, "jlir.batch": 5,
    "jlir.ssa": 6,
    "jlir.passes": 7,
    "jlir.interp": 8, "jlir.compare": 8,
    "jlir.live": 9,
    "jlir.snapshot": 10, "jlir.oracle": 10, "jlir.html": 10,
    "jlir.cli": 11, "jlir.__main__": 12,
}


def _module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _layer(module: str) -> str:
    """The layer a module belongs to: its package (`jlir.syntax.document.layout` → `jlir.syntax`), or the root."""
    parts = module.split(".")
    if len(parts) >= 2 and ".".join(parts[:2]) in RANKS:
        return ".".join(parts[:2])
    return "jlir"


def _imports(path: Path) -> list[tuple[str, int, bool]]:
    """(imported jlir module, line, at module level) for every import in a file, function-level ones included."""
    out = []
    for module, taken, line, top in import_statements(path):
        for name in [module] + [f"{module}.{t}" for t in taken]:
            if name == "jlir" or name.startswith("jlir."):
                out.append((name, line, top))
    return out


def _sources() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def _known_modules() -> set[str]:
    return {_module_name(p) for p in _sources()}


def _resolve(name: str, known: set[str]) -> str | None:
    """The module an import names (`from jlir.ir import nodes` names `jlir.ir.nodes`; `from m import f` names m)."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def test_every_package_has_a_rank():
    packages = {_layer(_module_name(p)) for p in _sources()}
    assert packages <= set(RANKS), f"packages without a layer in RANKS: {sorted(packages - set(RANKS))}"


def test_imports_point_one_way():
    known = _known_modules()
    upward = []
    for path in _sources():
        me = _module_name(path)
        mine = _layer(me)
        for name, line, _ in _imports(path):
            target = _resolve(name, known)
            if target is None or target == "jlir" and mine == "jlir":
                continue
            theirs = _layer(target)
            if theirs == mine:
                continue
            if RANKS[theirs] >= RANKS[mine]:
                upward.append(f"{path.relative_to(PACKAGE.parent)}:{line}: {me} ({mine}, rank {RANKS[mine]}) "
                              f"imports {target} ({theirs}, rank {RANKS[theirs]})")
    assert not upward, "imports that point up or sideways:\n" + "\n".join(upward)


def _import_graph(sources: list[Path], known: set[str]) -> dict[str, set[str]]:
    """module → the jlir modules it imports anywhere in its text (module level, functions, `if TYPE_CHECKING:`).

    A package's face (`__init__`) is a module like the others: `from jlir.live import protocol` in
    `jlir/live/x.py` names the face `jlir.live` (and `jlir.live.protocol`), so a face that imports `x` closes a
    circle with it."""
    graph = {m: set() for m in known}
    for path in sources:
        me = _module_name(path)
        for name, _, _ in _imports(path):
            target = _resolve(name, known)
            if target and target != me:
                graph[me].add(target)
    return graph


def _first_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of `graph` (its modules, the first repeated at the end), or None: iterative DFS with colours."""
    colour = dict.fromkeys(graph, 0)
    for root in sorted(graph):
        if colour[root]:
            continue
        stack = [(root, iter(sorted(graph[root])))]
        colour[root] = 1
        path = [root]
        while stack:
            node, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                colour[node] = 2
                stack.pop()
                path.pop()
            elif colour[nxt] == 1:
                return path[path.index(nxt):] + [nxt]
            elif colour[nxt] == 0:
                colour[nxt] = 1
                path.append(nxt)
                stack.append((nxt, iter(sorted(graph[nxt]))))
    return None


def test_no_import_cycle_between_modules():
    """Imports form no cycle, counting those inside functions and under `if TYPE_CHECKING:`: an import deferred
    into a function still makes the two modules depend on each other, it only hides the circle from Python."""
    cycle = _first_cycle(_import_graph(_sources(), _known_modules()))
    assert cycle is None, "import cycle: " + " → ".join(cycle)


def _planted(tmp_path, monkeypatch, files: dict[str, str]) -> list[Path]:
    """A `jlir` package of the given files (path under it → text) in `tmp_path`, read as this module reads jlir."""
    pkg = tmp_path / "jlir"
    for rel, text in files.items():
        (pkg / rel).parent.mkdir(parents=True, exist_ok=True)
        (pkg / rel).write_text(text, encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", pkg)
    return sorted(pkg.rglob("*.py"))


def test_an_import_deferred_into_a_function_closes_a_cycle(tmp_path, monkeypatch):
    sources = _planted(tmp_path, monkeypatch, {"__init__.py": "", "a.py": "from jlir.b import g\n",
                                               "b.py": "def g():\n    from jlir.a import f\n    return f\n"})
    assert _first_cycle(_import_graph(sources, {_module_name(p) for p in sources})) == ["jlir.a", "jlir.b", "jlir.a"]


def test_a_module_importing_its_own_package_face_closes_a_cycle_with_it(tmp_path, monkeypatch):
    sources = _planted(tmp_path, monkeypatch, {"__init__.py": "", "live/__init__.py": "from jlir.live.session import J\n",
                                               "live/session.py": "from jlir.live import protocol\nJ = 1\n",
                                               "live/protocol.py": ""})
    cycle = _first_cycle(_import_graph(sources, {_module_name(p) for p in sources}))
    assert cycle == ["jlir.live", "jlir.live.session", "jlir.live"]


# What transforms and the layers under the reader may never import, at any level: the reader, and the root face
# that reads (`jlir.parse`).  The ranks allow most of it already (the printer and the model sit below the reader);
# the transforms sit above it, and work on the model only (DESIGN: a pass's result is never read back).
NEVER_THE_READER = ("jlir.ir", "jlir.geometry", "jlir.printer", "jlir.analysis", "jlir.edit", "jlir.ssa",
                    "jlir.passes")


def _reader_imports(sources: list[Path], known: set[str]) -> list[str]:
    found = []
    for path in sources:
        me = _module_name(path)
        if not any(me == p or me.startswith(p + ".") for p in NEVER_THE_READER):
            continue
        for name, line, _ in _imports(path):
            target = _resolve(name, known)
            if target == "jlir" or target and target.startswith("jlir.syntax"):
                found.append(f"{path.relative_to(PACKAGE.parent)}:{line}: {me} imports {target}")
    return list(dict.fromkeys(found))  # `from m import f` names m twice (m, m.f)


def test_transforms_and_the_layers_under_the_reader_never_import_it():
    found = _reader_imports(_sources(), _known_modules())
    assert not found, "modules that import the reader:\n" + "\n".join(found)


def test_a_transform_importing_the_reader_in_a_function_is_found(tmp_path, monkeypatch):
    sources = _planted(tmp_path, monkeypatch, {
        "__init__.py": "", "syntax/__init__.py": "", "syntax/reading.py": "def read_document(text):\n    pass\n",
        "edit/__init__.py": "", "edit/shown.py": "def as_shown(fn):\n    from jlir.syntax.reading import read_document\n"})
    assert _reader_imports(sources, {_module_name(p) for p in sources}) == [
        "jlir/edit/shown.py:2: jlir.edit.shown imports jlir.syntax.reading"]


MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60


def test_modules_stay_under_400_lines():
    big = [f"{p.relative_to(PACKAGE.parent)}: {n} lines" for p in _sources()
           if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES]
    assert not big, "modules over 400 lines:\n" + "\n".join(big)


def test_functions_stay_under_60_lines():
    long = []
    for path in _sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                n = node.end_lineno - node.lineno + 1
                if n > MAX_FUNCTION_LINES:
                    long.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno} {node.name}: {n} lines")
    assert not long, "functions over 60 lines:\n" + "\n".join(long)


def test_the_ir_package_uses_the_standard_library_only():
    stdlib = set(sys.stdlib_module_names)
    foreign = []
    for path in sorted((PACKAGE / "ir").rglob("*.py")):
        foreign += [f"{path.name}: {n}" for n, _, _, _ in import_statements(path)
                    if n.split(".")[0] not in stdlib and not (n == "jlir" or n.startswith("jlir.ir"))]
    assert not foreign, "jlir.ir imports outside the standard library and itself:\n" + "\n".join(foreign)


# The model, and only the model: a module added to `jlir/ir/` must be added here on purpose (and said why it is
# the model); whatever merely rides on the model lives in the layer that uses it (docs/layers.md).
MODEL_MODULES = {
    "__init__",                                  # the package (empty: no face)
    "nodes", "values", "types",                  # the node kinds, the values they hold, the types printed after ::
    "function", "document", "items",             # a function, a document of dumps, the functions a document holds
    "cfg", "walk",                               # the one CFG; the one operand traversal
    "errors", "excerpt",                         # the root error the model raises; what an excerpt leaves unknown
    "style", "margin", "color", "unreadable",    # data a Function/Document holds: its Julia, a tool's margin, colours
    "text", "printhook", "views",                # `str()`/`_repr_html_` of the model, registered from above
    "literals",                                  # `Literal.value`
}


def _stray_model_modules(package: Path) -> list[str]:
    return sorted(p.stem for p in (package / "ir").glob("*.py") if p.stem not in MODEL_MODULES) + \
        sorted(str(p.relative_to(package / "ir")) for p in (package / "ir").iterdir() if p.is_dir()
               and p.name != "__pycache__")


def test_the_ir_package_holds_the_model_only():
    stray = _stray_model_modules(PACKAGE)
    assert not stray, f"modules in jlir/ir/ that are not listed as the model (MODEL_MODULES): {stray}"


def test_a_module_added_to_the_model_package_is_found(tmp_path, monkeypatch):
    _planted(tmp_path, monkeypatch, {"__init__.py": "", "ir/__init__.py": "", "ir/nodes.py": "",
                                     "ir/domsort_order.py": "from jlir.ir import nodes\n", "ir/extra/__init__.py": ""})
    assert _stray_model_modules(PACKAGE) == ["domsort_order", "extra"]


# One parallel path: processes and pools are `jlir.batch`'s alone (the CLI's `-j`, `run_document(jobs=…)`, the
# user's `map_files` all go through `batch.map_ordered`).
POOLS = ("multiprocessing", "concurrent.futures", "os.fork", "os.forkpty", "os.register_at_fork")
# A fork that only execs another program is not a second pool: Julia's process, started under jlir's guard.
EXEC_ONLY = {"jlir.live.guard"}


def _pool_uses(sources: list[Path]) -> list[str]:
    found = []
    for path in sources:
        if _module_name(path).startswith("jlir.batch") or _module_name(path) in EXEC_ONLY:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = [(module, line) for module, _, line, _ in import_statements(path)]
        names += [(module + "." + t, line) for module, taken, line, _ in import_statements(path) for t in taken]
        names += [(f"{n.value.id}.{n.attr}", n.lineno) for n in ast.walk(tree)
                  if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)]
        found += [f"{path.relative_to(PACKAGE.parent)}:{line}: {name}" for name, line in names
                  if any(name == p or name.startswith(p + ".") for p in POOLS)]
    return sorted(set(found))


def test_only_the_batch_package_starts_processes():
    found = _pool_uses(_sources())
    assert not found, "processes or pools outside jlir.batch (use jlir.batch.map_ordered):\n" + "\n".join(found)


def test_a_second_pool_is_found(tmp_path, monkeypatch):
    sources = _planted(tmp_path, monkeypatch, {
        "__init__.py": "", "batch/__init__.py": "import multiprocessing\n",
        "cli/__init__.py": "", "cli/jobs.py": "from concurrent.futures import ProcessPoolExecutor\n",
        "passes/__init__.py": "", "passes/registry.py": "import os\n\ndef run():\n    return os.fork()\n"})
    assert _pool_uses(sources) == ["jlir/cli/jobs.py:1: concurrent.futures",
                                   "jlir/cli/jobs.py:1: concurrent.futures.ProcessPoolExecutor",
                                   "jlir/passes/registry.py:4: os.fork"]

def test_the_printer_works_without_lark_installed(tmp_path):
    """The printer and the model never need the parser's dependency: a JSON document prints with Lark blocked."""
    import json

    import jlir
    doc = jlir.parse_file(PACKAGE.parent / "fixtures" / "julia-1.5.3" / "nested_loops.typed.txt")
    (tmp_path / "doc.json").write_text(json.dumps(jlir.to_json(doc)), encoding="utf-8")
    code = ("import sys, json\n"
            "class Block:\n"
            "    def find_spec(self, name, path=None, target=None):\n"
            "        if name == 'lark' or name.startswith('lark.'):\n"
            "            raise ImportError('lark is blocked for this test')\n"
            "sys.meta_path.insert(0, Block())\n"
            "import jlir\n"
            "doc = jlir.from_json(json.load(open(sys.argv[1], encoding='utf-8')))\n"
            "sys.stdout.write(jlir.format(doc))\n"
            "assert 'lark' not in sys.modules\n")
    env = dict(os.environ, PYTHONPATH=str(PACKAGE.parent))
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path / "doc.json")], capture_output=True, text=True,
                         env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout == (PACKAGE.parent / "fixtures" / "julia-1.5.3" / "nested_loops.typed.txt").read_text()


def test_every_package_ships():
    """pyproject lists its packages explicitly: a new folder left out would be missing from the wheel."""
    import tomllib
    config = tomllib.loads((PACKAGE.parent / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"]) - {"jlir.grammar"}
    present = {_module_name(p) for p in PACKAGE.rglob("__init__.py")}
    assert listed == present, f"missing from pyproject: {sorted(present - listed)}; gone: {sorted(listed - present)}"
