"""The tests' own shape: they mirror the package (`tests/<package>/test_<what>.py`, the reader's tests by stage
folder), and the conftest's tables of slow and sampled tests name tests that exist.

Read with `ast` and the file system, like tests/test_structure.py: a folder or a test moved without the rest
following fails here, not as a test that silently left (or joined) the quick loop."""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "jlir"
TESTS = PACKAGE.parent / "tests"


def _unknown_marked_tests(tests: Path, keys) -> list[str]:
    """The (file under tests/, test function) keys that name no test function: a test moved or renamed and left
    behind in the conftest's tables would silently leave the quick loop or join it."""
    missing = []
    for rel, name in sorted(set(keys)):
        path = tests / rel
        defined = {n.name for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                   if isinstance(n, ast.FunctionDef)} if path.is_file() else set()
        if name not in defined:
            missing.append(f"{rel}::{name}")
    return missing


def test_every_test_the_conftest_samples_or_marks_slow_exists():
    import conftest
    keys = list(conftest.SLOW) + list(conftest.SAMPLED) + list(conftest.DEFAULT_STRIDE)
    missing = _unknown_marked_tests(TESTS, keys)
    assert not missing, "tests/conftest.py names tests that are not there:\n" + "\n".join(missing)


def test_a_test_moved_away_from_its_conftest_entry_is_found(tmp_path):
    (tmp_path / "html").mkdir()
    (tmp_path / "html" / "test_render.py").write_text("def test_dot():\n    pass\n", encoding="utf-8")
    keys = [("html/test_render.py", "test_dot"), ("analysis/test_graphs.py", "test_dot"),
            ("html/test_render.py", "test_mermaid")]
    assert _unknown_marked_tests(tmp_path, keys) == ["analysis/test_graphs.py::test_dot",
                                                     "html/test_render.py::test_mermaid"]

# Folders of tests/ that hold no package's tests: shared helpers, data, snapshots.
NOT_A_PACKAGE = {"support", "data", "__snapshots__"}


def _unmirrored(package: Path, tests: Path) -> list[str]:
    """What breaks `tests/<package>/test_<what>.py`: a package (or a stage folder of the reader) without its test
    folder, a test folder that names no package (or stage)."""
    def folders(root: Path, skip=frozenset()) -> set[str]:
        return {p.name for p in root.iterdir() if p.is_dir() and p.name not in skip and p.name != "__pycache__"}
    packages = {p.name for p in package.iterdir() if (p / "__init__.py").is_file()}
    found = [f"jlir/{n}/ has no tests/{n}/" for n in sorted(packages - folders(tests, NOT_A_PACKAGE))]
    found += [f"tests/{n}/ mirrors no package" for n in sorted(folders(tests, NOT_A_PACKAGE) - packages)]
    if (package / "syntax").is_dir() and (tests / "syntax").is_dir():
        found += [f"tests/syntax/{n}/ mirrors no stage of the reader"
                  for n in sorted(folders(tests / "syntax") - folders(package / "syntax"))]
    return found


def test_the_tests_mirror_the_package():
    found = _unmirrored(PACKAGE, TESTS)
    assert not found, "tests/ does not mirror jlir/:\n" + "\n".join(found)


def test_a_package_without_its_tests_and_tests_without_a_package_are_found(tmp_path):
    for folder in ("jlir/ir", "jlir/util", "jlir/syntax/rows", "tests/ir", "tests/support", "tests/graphs",
                   "tests/syntax/rows", "tests/syntax/grammar"):
        (tmp_path / folder).mkdir(parents=True)
    for package in ("ir", "util", "syntax"):
        (tmp_path / "jlir" / package / "__init__.py").write_text("")
    assert _unmirrored(tmp_path / "jlir", tmp_path / "tests") == [
        "jlir/util/ has no tests/util/", "tests/graphs/ mirrors no package",
        "tests/syntax/grammar/ mirrors no stage of the reader"]
