"""The reader's structure: what it relies on from Lark, and that its walks over the model follow jlir.ir.walk."""
from __future__ import annotations

import ast
import re
import types
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import lark
import pytest

import jlir
from conftest import CORPUS, ir_fixture_files
from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ir import walk
from jlir.syntax.rows import body
from jlir.syntax.statement import driver
from jlir.syntax.statement import shown
from jlir.syntax.statement import templates
from jlir.syntax.rows.statements import StatementReader
from jlir.syntax.statement.grammar import BodyError, StatementParser
from jlir.syntax.statement.tables import lark_parser
from support.imports import import_statements

REPO = Path(__file__).resolve().parents[2]


def test_installed_lark_is_the_series_the_driver_was_written_for():
    assert tuple(map(int, lark.__version__.split(".")[:2])) == driver.TESTED_LARK, (
        f"Lark {lark.__version__} is installed, but jlir's LALR driver reads the parse table of Lark "
        f"{driver.TESTED_LARK}: check the driver against the new release, then move the pin and TESTED_LARK")


def test_pyproject_pins_lark_to_the_tested_minor_series():
    text = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    major, minor = driver.TESTED_LARK
    assert f'"lark>={major}.{minor},<{major}.{minor + 1}"' in text


def test_larks_parse_table_is_laid_out_as_the_driver_reads_it():
    driver.check_lark_layout(lark_parser()[0])  # raises LarkLayoutError, saying what changed


def _stand_in(parse_table):
    return types.SimpleNamespace(parser=types.SimpleNamespace(parser=types.SimpleNamespace(
        parser=types.SimpleNamespace(parse_table=parse_table, callbacks={}))))


@pytest.mark.parametrize("table, says", [
    (types.SimpleNamespace(states={}, start_states={}), "no dict `end_states`"),
    (types.SimpleNamespace(states={0: {"A": "shift 3"}}, start_states={}, end_states={}), "not an (action, argument)"),
])
def test_a_changed_parse_table_layout_fails_loudly_saying_what_changed(table, says):
    with pytest.raises(driver.LarkLayoutError, match=re.escape(says)) as caught:
        driver.check_lark_layout(_stand_in(table))
    assert "changed the parse-table layout" in str(caught.value)


def test_a_parser_without_the_lalr_internals_fails_loudly():
    with pytest.raises(driver.LarkLayoutError, match="lark.parser.parser.parser"):
        driver.check_lark_layout(types.SimpleNamespace(parser=None))


# ---------------------------------------------------------------- templates: filled values are parsed values

def _bodies_through_templates(paths):
    """Every statement body the statement reader reads that has a template (SSA or block numbers to take out)."""
    bodies = {}
    real_node = StatementReader._node

    def record(self, body):
        bodies[body] = None
        return real_node(self, body)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(StatementReader, "_node", record)
        for path in paths:
            try:
                jlir.parse(path.read_text(encoding="utf-8"), path.name)
            except jlir.ParseError:
                pass  # the corpus holds inputs that are rejected on purpose
    return [b for b in bodies if templates.template(b) is not None]


def _outcome(read):
    try:
        return ("value", read())
    except (BodyError, jlir.ParseError) as e:
        return ("error", str(e))


def test_statements_filled_from_their_template_equal_the_statements_parsed_directly():
    bodies = _bodies_through_templates(ir_fixture_files() + sorted(CORPUS.glob("*.txt")))
    assert len(bodies) > 1000
    templated, direct = StatementReader(), StatementParser()
    # every template as met before (a template is compiled on its second use): each body is read through it
    for body in bodies:
        templates.second_sighting(templated._seen, templates.template(body)[0])
    for body in bodies:
        assert _outcome(lambda: templated._node(body)) == _outcome(lambda: direct.parse_stmt(body)), body
    assert sum(1 for f in templated._fillers.values() if f) > 1000


def test_the_template_filler_refuses_a_kind_the_walk_does_not_know():
    class Foreign:
        __slots__ = ("value",)

        def __init__(self, value):
            self.value = value

    with pytest.raises(walk.UnknownKind):
        templates.compile_filler(N.Expr("call", (V.SSAValue(-1), Foreign(V.SSAValue(-2)))))


def test_a_new_node_kind_is_filled_through_its_declared_fields_and_targets(monkeypatch):
    @dataclass(frozen=True, slots=True)
    class LeaveNode:  # a kind jlir's model does not have: declared the way jlir.ir.nodes declares its classes
        OPERANDS: ClassVar[tuple] = ("value",)
        TARGETS: ClassVar[tuple] = ("dest",)
        dest: int
        value: object

    monkeypatch.setattr(walk, "KNOWN", walk.KNOWN | {LeaveNode})
    base = templates.BLOCK_BASE
    filler = templates.compile_filler(LeaveNode(-(base + 2), V.SSAValue(-1)))
    assert filler([7, 4]) == LeaveNode(4, V.SSAValue(7))
    assert templates.compile_filler(LeaveNode(3, V.SSAValue(2))) is None


def test_every_statement_node_shown_quoted_is_unquoted_but_enter_and_values_shown_as_themselves():
    for cls in (N.GotoNode, N.ReturnNode, N.NewvarNode, V.SSAValue, V.GlobalRef, N.Expr):
        assert cls in shown._QUOTED_IN_SHOW
    for cls in (N.EnterNode, V.Literal, V.Symbol, V.Splat):
        assert cls not in shown._QUOTED_IN_SHOW
    assert shown.unquote_shown(T.TypeQuote(N.GotoNode(3))) == N.GotoNode(3)
    enter = T.TypeQuote(N.EnterNode(3, None))
    assert shown.unquote_shown(enter) is enter


# ---------------------------------------------------------------- values in, values out

def _syntax_modules():
    return sorted((REPO / "jlir" / "syntax").rglob("*.py"))


# The reader's stages as layers, lowest first (DESIGN's data flow read backwards: the document finds its dumps
# and hands each to its form's reader, which reads its rows, which read their statements with the grammar).  A
# module imports its own stage and lower ones only, at any level; `errors` is every stage's, the facade the top.
STAGES = {"errors": 0, "statement": 1, "rows": 2, "forms": 3, "document": 4, "lenient": 5, "reading": 6,
          "readback": 7}


def _stage(module: str) -> str | None:
    """The stage of a module of jlir.syntax (`jlir.syntax.rows.body` → `rows`), None for the package's face."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 else None


def _stage_violations(root: Path) -> list[str]:
    """Imports of a later stage (or of the package's face) by the modules of the reader under `root`."""
    found = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).with_suffix("").parts
        me = ".".join(("jlir", "syntax") + (rel[:-1] if rel[-1] == "__init__" else rel))
        mine = _stage(me)
        for name, _, line, _ in import_statements(path):
            if not name.startswith("jlir.syntax") or mine is None:
                continue
            theirs = _stage(name)
            if theirs is None or STAGES[theirs] > STAGES[mine]:
                found.append(f"{path.relative_to(root.parent)}:{line}: {me} ({mine}) imports {name}")
    return found


def test_every_stage_of_the_reader_has_a_rank():
    stages = {p.relative_to(REPO / "jlir" / "syntax").parts[0].removesuffix(".py")
              for p in (REPO / "jlir" / "syntax").rglob("*.py")} - {"__init__"}
    assert stages == set(STAGES), f"without a rank: {sorted(stages - set(STAGES))}; gone: {sorted(set(STAGES) - stages)}"


def test_no_stage_of_the_reader_imports_a_later_one():
    found = _stage_violations(REPO / "jlir" / "syntax")
    assert not found, "imports of a later stage:\n" + "\n".join(found)


def test_a_stage_importing_a_later_one_in_a_function_is_found(tmp_path):
    root = tmp_path / "syntax"
    (root / "statement").mkdir(parents=True)
    (root / "rows").mkdir()
    (root / "rows" / "context.py").write_text("from jlir.syntax.statement.grammar import StatementParser\n")
    (root / "statement" / "grammar.py").write_text("def parse():\n    from jlir.syntax.rows.context import Context\n")
    assert _stage_violations(root) == [
        "syntax/statement/grammar.py:2: jlir.syntax.statement.grammar (statement) imports jlir.syntax.rows.context"]


def test_no_reader_class_sets_attributes_outside_its_init():
    found = []
    for path in _syntax_modules():
        for cls in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(cls, ast.ClassDef):
                continue
            for fn in cls.body:
                if isinstance(fn, ast.FunctionDef) and fn.name != "__init__":
                    for node in ast.walk(fn):
                        targets = node.targets if isinstance(node, ast.Assign) else \
                            [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else []
                        found += [f"{path.name}: {cls.name}.{fn.name} sets self.{t.attr}" for t in targets
                                  if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name)
                                  and t.value.id == "self" and not _set_in_init(cls, t.attr)]
    assert not found, "\n".join(found)


def _set_in_init(cls: ast.ClassDef, attr: str) -> bool:
    for fn in cls.body:
        if isinstance(fn, ast.FunctionDef) and fn.name == "__init__":
            return any(isinstance(n, ast.Attribute) and n.attr == attr and isinstance(n.ctx, ast.Store)
                       for n in ast.walk(fn))
    return False


def test_only_the_document_scanner_knows_the_document_reader():
    users = [p.name for p in _syntax_modules() if p.name != "layout.py" and "DocumentReader" in p.read_text("utf-8")]
    assert not users, f"modules handed the reader object: {users}"
    for path in _syntax_modules():
        for fn in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(fn, ast.FunctionDef):
                names = {a.arg for a in fn.args.args + fn.args.kwonlyargs}
                assert not names & {"reader", "doc"}, f"{path.name}: {fn.name} takes the reader object"


# ---------------------------------------------------------------- the one-pass reading is only a shortcut

def test_the_one_regex_pass_reads_every_fixture_as_the_line_by_line_reading_does(monkeypatch):
    paths = ir_fixture_files() + sorted(CORPUS.glob("*.txt"))
    texts = [(p.name, p.read_text(encoding="utf-8")) for p in paths]
    fast = {}
    for name, text in texts:
        try:
            fast[name] = jlir.parse(text, name)
        except jlir.ParseError as e:
            fast[name] = e.render()
    real = body.split_statement_lines
    taken = []

    def line_by_line(source, dump, plain=True):
        taken.append(plain and dump.gutter is None and dump.left is None and dump.first == dump.start)
        return real(source, dump, plain=False)

    monkeypatch.setattr(body, "split_statement_lines", line_by_line)
    for name, text in texts:
        try:
            slow = jlir.parse(text, name)
        except jlir.ParseError as e:
            slow = e.render()
        assert slow == fast[name], name
    assert sum(taken) > 300  # the dumps that could take the one-pass reading (426 of them when written)
