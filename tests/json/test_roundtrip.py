"""The JSON schema (jlir/json/schema.md): every parsed dump survives to_json → json text → from_json unchanged."""
from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import jlir
from conftest import CORPUS, known_failures
from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ir.function import Block, CFGListing, Document, Form, Function, LineInfo, Statement, WarntypeHeader
from jlir.json import KINDS, SCHEMA, SchemaError, decode, encode
from jlir.json.schema import FIELDS
from jlir.ir.style import NEWEST, OLDEST, Style
from support.parsed import document_of

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures" / "julia-1.5.3"
SHARED_CORPUS = CORPUS  # the repository's copy of the shared corpus
SCHEMA_DOC = ROOT / "jlir" / "json" / "schema.md"


def fixture_files() -> list[Path]:
    if not FIXTURES.is_dir():
        return []
    return sorted(p for p in FIXTURES.iterdir()
                  if p.is_file() and p.suffix == ".txt")


def pristine_core_files() -> list[Path]:
    index = SHARED_CORPUS / "index.jsonl"
    if not index.is_file():
        return []
    out = []
    for line in index.read_text(encoding="utf-8").splitlines():
        if line.strip():
            rec = json.loads(line)
            if rec.get("scope") == "core" and rec.get("pristine"):
                out.append(SHARED_CORPUS / rec["file"])
    return out


KNOWN = known_failures()


def through_json_text(x):
    """to_json, then real JSON text (as a file would hold it), then from_json."""
    return jlir.from_json(json.loads(json.dumps(jlir.to_json(x), ensure_ascii=False)))


def parsed_roundtripping(path: Path):
    """(text, doc) of a dump that parses and prints back exactly; skips (with the reason) otherwise."""
    text = path.read_bytes().decode("utf-8")
    known = KNOWN.get(path.name) if path.parent.name == "corpus" else None
    try:
        doc = document_of(path)
    except jlir.ParseError as e:
        if known:
            pytest.skip(f"a known failure (tests/known_failures.json): {known}")
        raise
    if jlir.format(doc) != text:
        if known:
            pytest.skip(f"a known failure (tests/known_failures.json): {known}")
        pytest.fail(f"{path.name} does not print back exactly")
    return text, doc


DUMPS = fixture_files() + pristine_core_files()


@pytest.mark.parametrize("path", DUMPS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_dump_survives_json_text_unchanged_and_prints_the_same(path):
    text, doc = parsed_roundtripping(path)
    back = through_json_text(doc)
    assert back == doc
    assert jlir.format(back) == text


def test_corpus_and_fixtures_are_present():
    assert fixture_files(), "fixtures/julia-1.5.3 is missing"
    assert pristine_core_files(), "fixtures/corpus/index.jsonl is missing"


# ---------------------------------------------------------------- the shape tools rely on
def small_function() -> Function:
    return jlir.functions(jlir.parse((FIXTURES / "early_return.typed.txt").read_text(encoding="utf-8")))[0]


def test_envelope_names_the_schema_version_and_holds_the_document():
    data = jlir.to_json(jlir.parse((FIXTURES / "early_return.typed.txt").read_text(encoding="utf-8")))
    assert data["schema"] == SCHEMA == "jlir/1"
    assert data["document"]["kind"] == "Document"
    assert set(data) == {"schema", "document"}


def test_function_json_lists_statements_with_node_type_loc_label_new_id():
    f = small_function()
    d = jlir.to_json(f)["document"]
    assert d["kind"] == "Function" and d["form"] == "typed"
    assert isinstance(d["stmts"], list) and len(d["stmts"]) == len(f.stmts)
    first = d["stmts"][0]
    assert list(first) == ["kind", "node", "type", "loc", "label", "new_id", "attach_after"]
    assert first["node"] == {"kind": "Expr", "head": "call",
                             "args": [{"kind": "GlobalRef", "module": "Base", "name": "arraylen"},
                                      {"kind": "SlotNumber", "name": "v", "id": None}]}
    assert first["type"] == {"kind": "TypeName", "path": ["Int64"]}


def test_style_is_written_as_lo_hi_and_family():
    d = encode(Function(Form.TYPED, Style((1, 5), (1, 5)), (), ()))
    assert d["style"] == {"lo": [1, 5], "hi": [1, 5], "family": "1.5"}


def test_literal_kind_field_does_not_clash_with_the_kind_tag():
    assert encode(V.Literal("1", "int")) == {"kind": "Literal", "text": "1", "literal_kind": "int"}
    assert decode({"kind": "Literal", "text": "1", "literal_kind": "int"}) == V.Literal("1", "int")


def test_undef_phi_value_and_unreachable_are_null():
    phi = N.PhiNode((1, 2), (V.SSAValue(3), None))
    assert encode(phi)["values"] == [{"kind": "SSAValue", "id": 3}, None]
    assert through_json_text(phi) == phi
    assert encode(N.ReturnNode(None)) == {"kind": "ReturnNode", "val": None}


def test_warntype_sections_and_cfg_blocks_are_named_objects():
    h = WarntypeHeader(None, None, (("Arguments", (("x", "::", T.TypeName(("Int64",))),)),), T.TypeName(("Int64",)))
    assert encode(h)["sections"] == [{"title": "Arguments",
                                      "entries": [{"name": "x", "sep": "::",
                                                   "type": {"kind": "TypeName", "path": ["Int64"]}}]}]
    assert through_json_text(h) == h
    cfg = CFGListing(Style((1, 9), NEWEST), ((1, 3, (2, 3)), (4, 4, ())))
    assert encode(cfg)["blocks"] == [{"first": 1, "last": 3, "succs": [2, 3]}, {"first": 4, "last": 4, "succs": []}]
    assert through_json_text(cfg) == cfg


def test_schema_doc_describes_every_kind():
    doc = SCHEMA_DOC.read_text(encoding="utf-8")
    missing = [k for k in KINDS if f"**`{k}`**" not in doc]
    assert not missing, f"jlir/json/schema.md does not describe: {', '.join(missing)}"


# ---------------------------------------------------------------- refusals
def test_from_json_refuses_another_schema_version():
    data = jlir.to_json(small_function())
    data["schema"] = "jlir/2"
    with pytest.raises(SchemaError, match=r"unsupported schema version 'jlir/2'.*reads 'jlir/1'"):
        jlir.from_json(data)


@pytest.mark.parametrize("data, message", [
    ({"document": {}}, "not jlir JSON"),
    ([1, 2], "not jlir JSON"),
    ({"schema": "something/1", "document": {}}, "unknown schema"),
    ({"schema": SCHEMA}, "missing \"document\""),
    ({"schema": SCHEMA, "document": {"kind": "Nonsense"}}, r"\$\.document: unknown kind 'Nonsense'"),
    ({"schema": SCHEMA, "document": {"kind": "SSAValue"}}, r"\$\.document\.id: missing field 'id'"),
    ({"schema": SCHEMA, "document": {"kind": "SSAValue", "id": 1, "extra": 2}}, "unknown field"),
    ({"schema": SCHEMA, "document": {"kind": "Function", "form": "typed", "style": "1.5", "stmts": [],
                                     "blocks": []}}, r"\$\.document\.style: expected a style"),
    ({"schema": SCHEMA, "document": {"kind": "Function", "form": "compiled", "style": {"lo": [1, 5], "hi": [1, 5]},
                                     "stmts": [], "blocks": []}}, "unknown form 'compiled'"),
])
def test_from_json_refuses_malformed_data_naming_where(data, message):
    with pytest.raises(SchemaError, match=message):
        jlir.from_json(data)


def test_missing_field_with_a_default_loads_with_the_default():
    data = {"schema": SCHEMA, "document": {"kind": "Statement", "node": {"kind": "SSAValue", "id": 1}}}
    assert jlir.from_json(data) == Statement(V.SSAValue(1))


# ---------------------------------------------------------------- property: any model object round-trips
names = st.text(st.characters(blacklist_categories=("Cs",)), max_size=8)
small_ints = st.integers(-3, 10**6)


def _annotation_strategy(cls, f: dataclasses.Field, value):
    """A strategy for one field, from its annotation (the model annotates with strings)."""
    ann = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", str(f.type))
    ann = ann.replace(" ", "")
    if (cls, f.name) == (WarntypeHeader, "sections"):
        entry = st.tuples(names, st.sampled_from(["::", " = ", " <: "]), value)
        return st.lists(st.tuples(names, st.lists(entry, max_size=3).map(tuple)), max_size=2).map(tuple)
    if (cls, f.name) == (Document, "colors"):
        from jlir.ir.color import Colors
        mark = st.tuples(small_ints, small_ints, st.sampled_from(["\x1b[36m", "\x1b[39m", "\x1b[90m\x1b[77G"]))
        row = st.tuples(small_ints, names)
        colors = st.builds(lambda m, r: Colors(tuple(m), tuple(r)), st.lists(mark, max_size=3), st.lists(row, max_size=2))
        return st.lists(st.none() | colors, max_size=3).map(tuple)
    if (cls, f.name) == (CFGListing, "blocks"):
        succs = st.lists(small_ints, max_size=2).map(tuple)
        return st.lists(st.tuples(st.none() | small_ints, st.none() | small_ints, succs), max_size=3).map(tuple)
    table = {
        "int": small_ints, "bool": st.booleans(), "str": names, "str|None": st.none() | names, "int|None": st.none() | small_ints,
        "tuple[int,...]": st.lists(small_ints, max_size=3).map(tuple),
        "tuple[int,...]|None": st.none() | st.lists(small_ints, max_size=3).map(tuple),
        "tuple[str,...]": st.lists(names, max_size=3).map(tuple),
        "Form": st.sampled_from(list(Form)), "Style": styles,
    }
    if ann in table:
        return table[ann]
    if ann.startswith("tuple"):
        return st.lists(value, max_size=3).map(tuple)
    return value  # `object`, a model class, `X | None`: any model value


versions = st.tuples(st.just(1), st.integers(OLDEST[1], NEWEST[1]))
styles = st.tuples(versions, versions).map(lambda v: Style(min(v), max(v)))


def _model_objects():
    leaves = st.one_of(st.none(), st.builds(V.SSAValue, small_ints), st.builds(V.Literal, names, names),
                       st.builds(T.TypeName, st.lists(names, min_size=1, max_size=3).map(tuple)))

    def extend(value):
        options = []
        for cls in KINDS.values():
            # the fields JSON writes (a Function's flat names, as its constructor takes them)
            fields = {f.name: _annotation_strategy(cls, f, value) for f in FIELDS[cls]}
            options.append(st.builds(cls, **fields))
        return st.one_of(options)

    return st.recursive(leaves, extend, max_leaves=12)


model_objects = _model_objects()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(model_objects)
def test_any_model_object_survives_json_text_or_is_refused_naming_where(x):
    """Random model objects are mostly nonsense (a block as a type, a `goto` past the last block): `from_json`
    either gives back the same object or refuses it with a SchemaError naming the JSON path (JSON comes from anywhere: it is checked as text is)."""
    try:
        back = through_json_text(x)
    except SchemaError as e:
        assert str(e).startswith("$"), str(e)
        return
    assert back == x


def _statement_values():
    leaves = st.one_of(
        st.builds(V.SSAValue, st.integers(1, 500)), st.builds(V.Argument, st.integers(1, 9)),
        st.builds(V.SlotNumber, st.sampled_from(["x", "y", "#self#", "@_3"]), st.none() | st.integers(1, 9)),
        st.builds(V.GlobalRef, st.none() | st.sampled_from(["Base", "Core.Intrinsics", "Main"]),
                  st.sampled_from(["add_int", "+", "===", "getfield"])),
        st.sampled_from([V.NOTHING, V.TRUE, V.FALSE, V.Literal("1.0f0", "float"), V.Literal('"s\\n"', "string")]),
        st.builds(V.QuoteNode, st.builds(V.Symbol, st.sampled_from(["a", "b"]))),
    )
    return st.recursive(leaves, lambda v: st.one_of(
        st.builds(N.Expr, st.sampled_from(["call", "new", "foreigncall"]), st.lists(v, max_size=4).map(tuple)),
        st.builds(V.Splat, v), st.builds(V.TypedSlot, v, st.builds(T.TypeName, st.just(("Int64",))))),
        max_leaves=8)


statement_values = _statement_values()
nodes = st.one_of(
    statement_values,
    st.builds(N.GotoNode, st.integers(1, 40)),
    st.builds(N.GotoIfNot, statement_values, st.integers(1, 40)),
    st.builds(N.ReturnNode, st.none() | statement_values),
    st.lists(st.tuples(st.integers(1, 40), st.none() | statement_values), max_size=4).map(
        lambda es: N.PhiNode(tuple(e for e, _ in es), tuple(v for _, v in es))),
    st.builds(N.UpsilonNode, st.none() | statement_values),
    st.builds(N.PiNode, statement_values, st.builds(T.TypeName, st.just(("Int64",)))),
    st.builds(N.EnterNode, st.integers(0, 9), st.none() | statement_values),
)
statements = st.builds(Statement, nodes, st.none() | st.builds(T.TypeName, st.just(("Bool",))),
                       st.integers(0, 5), st.none() | st.sampled_from(["invoke", "builtin"]),
                       st.none() | st.integers(1, 99))


@settings(max_examples=300, deadline=None)
@given(st.lists(statements, min_size=1, max_size=6), styles)
def test_random_statements_in_a_function_survive_json_text_or_are_refused_naming_where(stmts, style):
    f = Function(Form.TYPED, style, tuple(stmts), (Block(1, len(stmts)),), (LineInfo("f.jl", 3, "f"),))
    doc = Document((f,), ("",), "\n")
    try:
        back = through_json_text(doc)
    except SchemaError as e:  # a dangling reference, or a function that would not print back as itself
        assert str(e).startswith("$.document"), str(e)
        return
    assert back == doc


def test_json_text_is_plain_ascii_safe_and_utf8_safe():
    f = small_function()
    text = json.dumps(jlir.to_json(f))  # ensure_ascii: escapes `φ`, `─` and still loads back
    assert re.fullmatch(r"[\x20-\x7e]*", text)
    assert jlir.from_json(json.loads(text)) == f
