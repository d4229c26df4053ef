"""The quick way from JSON to the model: the checks of `serialize.decode`, with no JSON path built.

`serialize.decode` names the JSON path of every value it reads, to report where data is wrong; building those
strings for every operand of every statement took most of its time.  This decoder makes the same objects and
the same checks, compiled once per class into predicates, and builds no path: when anything is wrong it stops
(`Retry`), and `serialize.from_json` decodes the data again the careful way, which says where.  The model it
returns for good data is the same.
"""
from __future__ import annotations

import dataclasses

from jlir.ir import function as F
from jlir.ir import nodes as N
from jlir.ir import types as T
from jlir.ir.validate import (_CLASSES, _HOLDS, _OWN_CODECS, MAX_DEPTH, MAX_INT, VALUE_CLASSES, SchemaError,
                              _fixed_tuple, check_function)

__all__ = ["Retry", "decode_fast"]


class Retry(Exception):
    """The data is not good as it is: decode it again, with paths, to say where."""


def _pred(annotation: str, items=VALUE_CLASSES):
    """A predicate for a field annotation, true exactly where `validate.check_annotated` passes (None: no check)."""
    if annotation.endswith(" | None"):
        inner = _pred(annotation[:-len(" | None")], items)
        return None if inner is None else (lambda v: v is None or inner(v))
    if annotation == "int":
        return lambda v: type(v) is int and -MAX_INT <= v <= MAX_INT
    if annotation == "str":
        return lambda v: type(v) is str
    if annotation == "bool":
        return lambda v: type(v) is bool
    if annotation == "object":
        return lambda v: v is None or isinstance(v, items)
    if annotation.startswith("tuple"):
        return _tuple_pred(annotation, items)
    if annotation in _CLASSES:
        cls = _CLASSES[annotation]
        return lambda v: isinstance(v, cls)
    return None


def _tuple_pred(annotation: str, items):
    inner = annotation[6:-6] if annotation.endswith(", ...]") else None
    fixed = _fixed_tuple(annotation) if inner is None else None
    if fixed is not None:
        preds = tuple(_pred(a) for a in fixed)
        return lambda v: type(v) is tuple and len(v) == len(preds) and all(
            p is None or p(x) for p, x in zip(preds, v))
    if inner is None:
        # by exact type, in C (a subclass of a model class, if one ever appears, just takes the careful way)
        exact = frozenset(items) | ({type(None)} if items is VALUE_CLASSES else set())
        return lambda v: type(v) is tuple and exact.issuperset(map(type, v))
    p = _pred(inner)
    if p is None:
        return lambda v: type(v) is tuple
    return lambda v: type(v) is tuple and all(map(p, v))


def _checks(cls) -> tuple:
    """(field name, predicate) for every field `validate.check_fields` checks on `cls`."""
    out = []
    for f in dataclasses.fields(cls):
        if (cls, f.name) in _OWN_CODECS:
            continue
        p = _pred(f.type, _HOLDS.get((cls, f.name), VALUE_CLASSES))
        if p is not None:
            out.append((f.name, p))
    return tuple(out)


_PLAIN = frozenset({str, int, bool, float})
_CALLS = frozenset({"call", "invoke", "new", "splatnew", "foreigncall"})
_PLANS: dict = {}
_LEAF_TYPES = frozenset({"int", "str", "tuple[str, ...]"})


def _plan(kind: str, kinds: dict, fields: dict, json_name: dict, codecs: dict):
    cls = kinds[kind]
    reads = []
    for f in fields[cls]:
        required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        codec = codecs.get((cls, f.name))
        reads.append((f.name, json_name[cls, f.name], codec[1] if codec else None, required))
    allowed = frozenset(r[1] for r in reads) | {"kind", "text"}
    checks = (_checks(F.IR) + _checks(F.Display)) if cls is F.Function else _checks(cls)
    leaf = not codecs.keys() & {(cls, f.name) for f in fields[cls]} and all(
        f.type.removesuffix(" | None") in _LEAF_TYPES for f in fields[cls])
    plan = _PLANS[kind] = (cls, allowed, tuple(reads), checks, leaf)
    return plan


def decode_fast(data, tables: tuple, depth: int = 0):
    """The model of `data` (as `serialize.decode` makes it), or `Retry`; `tables` is serialize's
    (KINDS, fields, JSON names, codecs, style decoder) and a memo of the leaves built in this document."""
    if data is None or type(data) in _PLAIN:
        return data
    if depth > MAX_DEPTH:
        raise Retry
    if type(data) is list:
        depth += 1
        return tuple([v if v is None or type(v) in _PLAIN else decode_fast(v, tables, depth) for v in data])
    if type(data) is not dict:
        raise Retry
    kind = data.get("kind")
    if type(kind) is not str:
        if kind is None and data.keys() <= {"lo", "hi", "family"}:
            return tables[4](data, "$")
        raise Retry
    plan = _PLANS.get(kind) or (_plan(kind, *tables[:4]) if kind in tables[0] else None)
    if plan is None:
        raise Retry
    cls, allowed, reads, checks, leaf = plan
    if leaf:  # a leaf seen before (`%5`, `Base.add_int`, `Int64`): the object already built and checked, shared
        key = _leaf_key(data)
        if key is not None:
            obj = tables[5].get(key)
            if obj is None:
                obj = tables[5][key] = _build(data, plan, tables, depth)
            return obj
    return _build(data, plan, tables, depth)


def _leaf_key(data: dict):
    """`data` as a hashable key when it holds only strings, integers (no bools) and lists of strings."""
    key = []
    for k, v in data.items():
        t = type(v)
        if t is list:
            if not all(type(x) is str for x in v):
                return None
            v = tuple(v)
        elif t is not str and t is not int:
            return None
        key.append(k)
        key.append(v)
    return tuple(key)


def _build(data: dict, plan, tables: tuple, depth: int):
    cls, allowed, reads, checks, _ = plan
    if not data.keys() <= allowed:
        raise Retry
    kwargs = {}
    depth += 1
    for name, key, codec, required in reads:
        if key in data:
            v = data[key]
            kwargs[name] = codec(v, "$") if codec else v if v is None or type(v) in _PLAIN else \
                decode_fast(v, tables, depth)
        elif required:
            raise Retry
    try:
        obj = cls(**kwargs)
    except (TypeError, ValueError):
        raise Retry from None
    _check(obj, cls, checks)
    return obj


def _check(obj, cls, checks) -> None:
    if cls is F.Function:
        parts = (obj.ir, obj.display)
        if not all(p(getattr(parts[name in _DISPLAY], name)) for name, p in checks):
            raise Retry
        check_function(obj, "$", references=_references)
        return
    for name, p in checks:
        if not p(getattr(obj, name)):
            raise Retry
    if cls is N.Expr and obj.head in _CALLS and not obj.args or cls is T.TypeName and not obj.path \
            or cls is N.PhiNode and len(obj.edges) != len(obj.values):
        raise Retry


_DISPLAY = frozenset(f.name for f in dataclasses.fields(F.Display))


def _references(node, path: str, nblocks: int, ids: set) -> None:
    """`validate._check_references` without the paths: a statement's targets are integers (an `Elided`'s, jlir's
    own, within the blocks); where they point, and the SSA values inside it, are not checked (what `parse` takes)."""
    bounded = type(node) is N.Elided
    for name in getattr(type(node), "TARGETS", ()):
        value = getattr(node, name)
        for target in value if type(value) is tuple else (value,):
            if type(target) is not int or bounded and not 1 <= target <= nblocks:
                raise SchemaError(path)


