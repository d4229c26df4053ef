"""Checking model data that did not come from the parser (JSON): field types, ranges and references.

The parser only builds models it can print back; JSON can say anything.  So the decoder (`jlir.json.decode`)
checks every object it builds against its class's field annotations, and what ties a function together
(`check_function`): blocks tile the positional statements, branch targets and φ edges name blocks, SSA values
name statements, `loc` indexes the line table, and each `inlined_at` names an earlier entry (so the inlining
chains the printer follows end).  Each check comes twice, from one annotation: a predicate (`predicate`,
`field_checks`, `references_hold`), which the decoder runs on every object and which builds nothing, and the
check that says why (`check_annotated`, `check_fields`, `check_function`), run only where a predicate failed.
Every failure is a `SchemaError` naming the JSON path, e.g. `$.document.items[0].stmts[3].node.args[1]`.
"""
from __future__ import annotations

import dataclasses
import reprlib

from jlir.ir import function as F
from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir import values as V
from jlir.ir.color import Colors
from jlir.ir.errors import JlirError
from jlir.ir.style import Style

# Integers in the model are ids, counts, line numbers and widths: a JSON integer beyond this is no such thing.
MAX_INT = 2 ** 62
# How deep JSON may nest: twice the parser's bracket nesting (a bracket is an object and a list), and some room.
MAX_DEPTH = 240


class SchemaError(JlirError, ValueError):
    """JSON that is not jlir model data of a schema version this jlir reads; the message says where and why."""


def _model_classes(*modules) -> tuple[type, ...]:
    return tuple(obj for m in modules for obj in vars(m).values()
                 if isinstance(obj, type) and dataclasses.is_dataclass(obj) and obj.__module__ == m.__name__)


# What an `object` field (a statement's node, an operand, a type) or an element of a bare `tuple` may hold.
VALUE_CLASSES = _model_classes(V, N, T)
class _Repr(reprlib.Repr):
    def repr_int(self, x, level):  # `repr` of a huge int raises ValueError (Python's 4300-digit limit)
        return f"<{int(x.bit_length() * 0.30103)}-digit integer>" if x.bit_length() > 200 else repr(x)


_REPR = _Repr()
_REPR.maxlevel, _REPR.maxlong, _REPR.maxother = 3, 40, 40
# What a document (or a vector display) lists.
ITEM_CLASSES = (F.Function, F.CFGListing, F.VectorDisplay, F.StatementVector)
# Fields read by their own codec (jlir.json.schema), which checks them there.
OWN_CODECS = frozenset({(F.CFGListing, "blocks"), (F.WarntypeHeader, "sections")})
# Fields that hold model objects other than values, nodes and types: what each may hold (or null).
HOLDS = {(F.Document, "items"): ITEM_CLASSES, (F.VectorDisplay, "items"): (F.Function,),
          (F.Document, "colors"): (Colors,), (T.NestedCodeInfo, "code"): (F.Function,)}
CLASSES = {c.__name__: c for c in _model_classes(F) + (Style,)}


def short_repr(v, limit: int = 60) -> str:
    """A short `repr` of JSON data for a message: safe on deep nesting and on integers of any size."""
    if type(v) is int and v.bit_length() > 200:
        return f"an integer of about {int(v.bit_length() * 0.30103)} digits"
    if isinstance(v, (list, tuple, dict)) or dataclasses.is_dataclass(v):
        text = _REPR.repr(v)
    else:
        text = repr(v)
    return text if len(text) <= limit else text[:limit - 3] + "..."


_short = short_repr


def _fail(path: str, what: str, v) -> SchemaError:
    return SchemaError(f"{path}: expected {what}, got {_short(v)}")


def _check_int(v, path: str) -> None:
    if type(v) is not int:
        raise _fail(path, "an integer", v)
    if not -MAX_INT <= v <= MAX_INT:
        raise SchemaError(f"{path}: {short_repr(v)} is out of range (|n| ≤ 2^62)")


def check_annotated(annotation: str, v, path: str, items=VALUE_CLASSES) -> None:
    """`v` against a field annotation as the model writes them (`int`, `str | None`, `tuple[int, ...]`, `object`, …).
    `items`: what a bare `tuple` may hold."""
    if annotation.endswith(" | None"):
        if v is None:
            return
        annotation = annotation[:-len(" | None")]
    if annotation == "int":
        _check_int(v, path)
    elif annotation == "str":
        if type(v) is not str:
            raise _fail(path, "a string", v)
    elif annotation == "bool":
        if type(v) is not bool:
            raise _fail(path, "true or false", v)
    elif annotation == "bool | tuple[int, ...]":
        if type(v) is not bool:
            check_annotated("tuple[int, ...]", v, path, items)
    elif annotation == "object":
        if v is not None and not isinstance(v, items):
            raise _fail(path, "a value, node or type object (or null)" if items is VALUE_CLASSES else
                        f"a {' or '.join(c.__name__ for c in items)} object (or null)", v)
    elif annotation.startswith("tuple"):
        if type(v) is not tuple:
            raise _fail(path, "a list", v)
        inner = annotation[6:-6] if annotation.endswith(", ...]") else None
        fixed = fixed_tuple(annotation) if inner is None else None
        if fixed is not None and len(fixed) != len(v):
            raise _fail(path, f"a list of {len(fixed)}", v)
        for i, x in enumerate(v):
            if fixed is not None:
                check_annotated(fixed[i], x, f"{path}[{i}]")
            elif inner is None:
                if (x is not None or items is not VALUE_CLASSES) and not isinstance(x, items):
                    raise _fail(f"{path}[{i}]", "an object of the model (or null)", x)
            else:
                check_annotated(inner, x, f"{path}[{i}]")
    elif annotation in CLASSES:
        if not isinstance(v, CLASSES[annotation]):
            raise _fail(path, f"a {annotation} object", v)
    # other annotations (Form, the CFG listing's and the warntype header's nested tuples) have their own codecs


def fixed_tuple(annotation: str):
    """The element annotations of `tuple[int, int, str]`, or None for a bare `tuple` (or a nested one)."""
    if not annotation.startswith("tuple[") or "[" in annotation[6:]:
        return None
    return tuple(a.strip() for a in annotation[6:-1].split(","))


def check_fields(obj, path: str, json_name) -> None:
    """Every field of a model object just built from JSON against its annotation; `json_name(cls, field)` is the
    field's name in the JSON (for the path)."""
    cls = type(obj)
    if cls is F.Function:
        for part in (obj.ir, obj.display):
            check_fields(part, path, lambda c, n: json_name(F.Function, n))
        return
    for f in dataclasses.fields(cls):
        if (cls, f.name) in OWN_CODECS:
            continue
        items = HOLDS.get((cls, f.name), VALUE_CLASSES)
        check_annotated(f.type, getattr(obj, f.name), f"{path}.{json_name(cls, f.name)}", items)
    if cls is N.Expr and obj.head in ("call", "invoke", "new", "splatnew", "foreigncall") and not obj.args:
        raise SchemaError(f"{path}.args: a `{obj.head}` expression has at least one argument")
    if cls is T.TypeName and not obj.path:
        raise SchemaError(f"{path}.path: a type name has at least one component")
    if cls is N.PhiNode and len(obj.edges) != len(obj.values):
        raise SchemaError(f"{path}: a φ has one value per edge, but {len(obj.edges)} edges and "
                          f"{len(obj.values)} values")


def check_function(f: F.Function, path: str, references=None) -> None:
    """What ties a function together: blocks, branch targets, φ edges, SSA values, line table, inlining chains
    (`references`: how each statement's targets and SSA values are checked; `_check_references` by default)."""
    stmts, blocks, table = f.stmts, f.blocks, f.linetable
    if (f.form is F.Form.WARNTYPE) != (f.header is not None):
        raise SchemaError(f"{path}.header: a `@code_warntype` print has a header, and only it")
    npositional = sum(1 for s in stmts if s.new_id is None)
    for name in ("costs", "escapes"):  # a tool's column: one entry per positional statement, under a title
        column = getattr(f, name)
        if column is not None and (len(column) != npositional or (f.title is None and f.envelope != "cthulhu")):
            raise SchemaError(f"{path}.{name}: one entry per positional statement ({npositional}) and a title "
                              "(but in a Cthulhu view), "
                              f"got {len(column)} and title {short_repr(f.title)}")
    if f.envelope not in (None, "cthulhu") or f.envelope == "cthulhu" and f.title is None \
            and f.form is not F.Form.WARNTYPE:
        raise SchemaError(f"{path}.envelope: null, or \"cthulhu\" with a title, got {short_repr(f.envelope)}")
    npositional = sum(1 for s in stmts if s.new_id is None)
    expect = 1
    for i, b in enumerate(blocks):
        if b.first != expect or b.last < b.first:
            raise SchemaError(f"{path}.blocks[{i}]: blocks tile the positional statements in order: expected a block "
                              f"from statement {expect}, got {b.first}..{b.last}")
        expect = b.last + 1
    if expect != npositional + 1 and (blocks or npositional):
        raise SchemaError(f"{path}.blocks: the blocks cover statements 1..{expect - 1}, but there are {npositional} "
                          f"positional statements")
    ids = set(range(1, npositional + 1))
    for i, s in enumerate(stmts):
        if s.new_id is not None:
            if s.new_id in ids or s.new_id <= npositional:
                raise SchemaError(f"{path}.stmts[{i}].new_id: a pending node is numbered after the {npositional} "
                                  f"positional statements, each number once; got {s.new_id}")
            ids.add(s.new_id)
        if not 0 <= s.loc <= len(table):
            raise SchemaError(f"{path}.stmts[{i}].loc: expected 0 or a line-table index (1..{len(table)}), got {s.loc}")
    for i, e in enumerate(table):
        if not 0 <= e.inlined_at < i + 1:
            raise SchemaError(f"{path}.linetable[{i}].inlined_at: expected 0 or the index of an earlier entry "
                              f"(1..{i}), got {e.inlined_at}")
    for i, s in enumerate(stmts):
        if type(s.node) is N.Elided:
            _check_elided(s, f"{path}.stmts[{i}]")
        (references or _check_references)(s.node, f"{path}.stmts[{i}].node" if references is None else path,
                                          len(blocks), ids)


ELIDED_SHAPES = ("run", "rest", "inline", "truncated")


def _check_elided(s, path: str) -> None:
    """An excerpt's `Elided` statement: a known shape, a positional statement, and uses that are SSA values."""
    node = s.node
    if node.shape not in ELIDED_SHAPES:
        raise SchemaError(f"{path}.node.shape: expected one of {', '.join(ELIDED_SHAPES)}, got {short_repr(node.shape)}")
    if s.new_id is not None:
        raise SchemaError(f"{path}.new_id: an elided statement is positional (it stands for a number the text skips)")
    if node.line < 0:
        raise SchemaError(f"{path}.node.line: expected 0 or a line number, got {node.line}")
    for j, u in enumerate(node.uses):
        if type(u) is not V.SSAValue:
            raise SchemaError(f"{path}.node.uses[{j}]: expected an SSA value, got {short_repr(u)}")


def _check_references(node, path: str, nblocks: int, ids: set[int]) -> None:
    """A statement's own targets (the fields its class declares in `TARGETS`) are integers.  Where they point is
    not checked, nor whether an SSA value names a statement: the text reader takes `goto #0` and a `return %5`
    with no `%5` (a dump may be cut or edited; `verify` reports such references), and what `parse` accepts, the
    JSON of it must give back (`ids` is kept for a caller's own rule).  An excerpt's `Elided` statement is jlir's
    own, never read from Julia's text: the blocks it merges are laid out by the printer, so they must exist."""
    bounded = type(node) is N.Elided
    for name in getattr(type(node), "TARGETS", ()):
        value = getattr(node, name)
        for j, target in enumerate(value) if type(value) is tuple else ((None, value),):
            if type(target) is not int or bounded and not 1 <= target <= nblocks:
                where = f"{path}.{name}" if j is None else f"{path}.{name}[{j}]"
                expected = f"a block number (1..{nblocks})" if bounded else "a block number"
                raise SchemaError(f"{where}: expected {expected}, got {short_repr(target)}")




# --- the same checks as predicates: true exactly where the checks above pass, building no path and no message ----

def predicate(annotation: str, items=VALUE_CLASSES):
    """A predicate for a field annotation, true exactly where `check_annotated` passes (None: nothing to check)."""
    if annotation.endswith(" | None"):
        inner = predicate(annotation[:-len(" | None")], items)
        return None if inner is None else (lambda v: v is None or inner(v))
    if annotation == "int":
        return lambda v: type(v) is int and -MAX_INT <= v <= MAX_INT
    if annotation == "str":
        return lambda v: type(v) is str
    if annotation == "bool":
        return lambda v: type(v) is bool
    if annotation == "bool | tuple[int, ...]":
        ints = _tuple_predicate("tuple[int, ...]", items)
        return lambda v: type(v) is bool or ints(v)
    if annotation == "object":
        return lambda v: v is None or isinstance(v, items)
    if annotation.startswith("tuple"):
        return _tuple_predicate(annotation, items)
    if annotation in CLASSES:
        cls = CLASSES[annotation]
        return lambda v: isinstance(v, cls)
    return None


def _tuple_predicate(annotation: str, items):
    inner = annotation[6:-6] if annotation.endswith(", ...]") else None
    fixed = fixed_tuple(annotation) if inner is None else None
    if fixed is not None:
        preds = tuple(predicate(a) for a in fixed)
        return lambda v: type(v) is tuple and len(v) == len(preds) and all(
            p is None or p(x) for p, x in zip(preds, v))
    if inner is None:
        # by exact type, in C (a subclass of a model class, if one ever appears, is checked the slow way)
        exact = frozenset(items) | ({type(None)} if items is VALUE_CLASSES else set())
        return lambda v: type(v) is tuple and exact.issuperset(map(type, v))
    p = predicate(inner)
    if p is None:
        return lambda v: type(v) is tuple
    return lambda v: type(v) is tuple and all(map(p, v))


def field_checks(cls) -> tuple:
    """(field name, predicate) for every field `check_fields` checks on `cls` (a Function: its IR's and Display's)."""
    if cls is F.Function:
        return field_checks(F.IR) + field_checks(F.Display)
    out = []
    for f in dataclasses.fields(cls):
        if (cls, f.name) in OWN_CODECS:
            continue
        p = predicate(f.type, HOLDS.get((cls, f.name), VALUE_CLASSES))
        if p is not None:
            out.append((f.name, p))
    return tuple(out)


_CALLS = frozenset({"call", "invoke", "new", "splatnew", "foreigncall"})


def shape_holds(obj, cls) -> bool:
    """`check_fields`'s checks beyond the annotations (a call has arguments, a type name a component, a φ one
    value per edge)."""
    return not (cls is N.Expr and obj.head in _CALLS and not obj.args or cls is T.TypeName and not obj.path
                or cls is N.PhiNode and len(obj.edges) != len(obj.values))


def function_holds(f: F.Function) -> bool:
    """Whether `check_function` passes on `f`, its statements' references checked without paths."""
    try:
        check_function(f, "", references=_references_hold)
    except SchemaError:
        return False
    return True


def _references_hold(node, path: str, nblocks: int, ids: set) -> None:
    """`_check_references` without the paths: a statement's targets are integers (an `Elided`'s, jlir's own,
    within the blocks); where they point, and the SSA values inside it, are not checked (what `parse` takes)."""
    bounded = type(node) is N.Elided
    for name in getattr(type(node), "TARGETS", ()):
        value = getattr(node, name)
        for target in value if type(value) is tuple else (value,):
            if type(target) is not int or bounded and not 1 <= target <= nblocks:
                raise SchemaError(path)
