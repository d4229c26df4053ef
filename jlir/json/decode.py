"""JSON data back to the model: one decoder, its fast path the only path good data takes.

Every object is built from its class's plan (its fields' JSON names, codecs, and the checks of
`jlir.json.checks` compiled into predicates once per class), and checked by predicates that build nothing:
no JSON path is made while the data is good.  Where a check fails, the check that says why runs on that one
object, and the error, raised as a path relative to the object, gains each enclosing field's name and list
index on its way out (`.stmts[3].node.args[1]`), so a `SchemaError` names the place in the data as a careful
decoder carrying its path everywhere would, at none of its cost.  Leaves seen before in the document (`%5`,
`Base.add_int`, `Int64`: objects of strings and integers only) are built once and shared, as the reader shares
them.
"""
from __future__ import annotations

import dataclasses

from jlir.ir import function as F
from jlir.util.gcpause import gc_paused
from jlir.json.checks import (MAX_DEPTH, SchemaError, check_fields, check_function, field_checks, function_holds,
                              shape_holds, short_repr)
from jlir.json.schema import (DISPLAY_FIELDS, FIELD_CODECS, FIELDS, JSON_NAME, KINDS, SCHEMA, SCHEMA_PREFIX,
                              decode_style)

__all__ = ["decode", "from_json"]

_PLAIN = frozenset({str, int, bool, float})
_LEAF_TYPES = frozenset({"int", "str", "tuple[str, ...]"})
_PLANS: dict = {}


@dataclasses.dataclass(frozen=True, slots=True)
class _Plan:
    """How one class is read: its JSON kind, the fields to read (attribute, JSON key, codec decoder, required),
    the keys allowed, the checks, and whether it is a leaf (only strings and integers: built once per document)."""
    kind: str
    cls: type
    allowed: frozenset
    reads: tuple
    checks: tuple
    leaf: bool


def decode(data, path: str = "$"):
    """The model object (or tuple/primitive) that `jlir.json.encode` turned into `data`; every object built is
    checked against its fields' annotations, nesting is bounded (the model's walks recurse), and anything wrong
    is a `SchemaError` naming its place under `path`."""
    try:
        with gc_paused():  # the model has no cycles: a collection per allocation burst would rescan it all
            return _value(data, {}, 0)
    except SchemaError as e:
        raise SchemaError(path + str(e)) from None


def from_json(data):
    """The model object of `to_json` data (the envelope checked); `SchemaError` for another schema version or
    malformed data.  (`jlir.from_json` also holds the model to the reader's rule: it must print as text that
    reads back as itself.)"""
    if not isinstance(data, dict) or "schema" not in data:
        raise SchemaError("not jlir JSON: expected an object {\"schema\": \"" + SCHEMA + "\", \"document\": …}, got "
                          + short_repr(data, 80))
    schema = data["schema"]
    if schema != SCHEMA:
        if isinstance(schema, str) and schema.startswith(SCHEMA_PREFIX):
            raise SchemaError(f"unsupported schema version {short_repr(schema, 80)}: this jlir reads {SCHEMA!r} "
                              f"only (a different jlir/N is an incompatible format)")
        raise SchemaError(f"not jlir JSON: unknown schema {short_repr(schema, 80)} (expected {SCHEMA!r})")
    extra = set(data) - {"schema", "document", "source", "julia"}
    if extra:
        raise SchemaError(f"$: unknown top-level field(s): {', '.join(sorted(extra))}")
    if "document" not in data:
        raise SchemaError("$: missing \"document\"")
    if not isinstance(data["document"], dict):
        raise SchemaError(f"$.document: expected a model object (with a \"kind\"), got "
                          f"{short_repr(data['document'], 80)}")
    return decode(data["document"], "$.document")


def _value(data, memo: dict, depth: int):
    if data is None or type(data) in _PLAIN:
        return data
    if depth > MAX_DEPTH:
        raise SchemaError(f": nests deeper than {MAX_DEPTH} levels (jlir's reader refuses such IR too)")
    if isinstance(data, list):
        depth += 1
        out = []
        for i, v in enumerate(data):  # the failing index from this loop: decoding again to find it is 2^depth
            if v is None or type(v) in _PLAIN:
                out.append(v)
                continue
            try:
                out.append(_value(v, memo, depth))
            except SchemaError as e:
                raise SchemaError(f"[{i}]{e}") from None
        return tuple(out)
    if not isinstance(data, dict):
        raise SchemaError(f": unexpected {type(data).__name__} {short_repr(data, 80)}")
    kind = data.get("kind")
    plan = _PLANS.get(kind) if type(kind) is str else None
    if plan is None:
        plan = _plan_of(kind, data)
        if plan is None:
            return decode_style(data, "")
    if plan.leaf:  # a leaf seen before: the object already built and checked, shared
        key = _leaf_key(data)
        if key is not None:
            obj = memo.get(key)
            if obj is None:
                obj = memo[key] = _build(data, plan, memo, depth)
            return obj
    return _build(data, plan, memo, depth)


def _plan_of(kind, data: dict):
    """The plan of `kind` (made once per class), or None for a style object (which has no kind)."""
    if kind is None:
        if data.keys() <= {"lo", "hi", "family"}:
            return None
        raise SchemaError(f": an object without a \"kind\" tag: {short_repr(data, 80)}")
    cls = KINDS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise SchemaError(f": unknown kind {short_repr(kind, 80)} (not a class of the jlir model, schema {SCHEMA})")
    reads = []
    for f in FIELDS[cls]:
        required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        codec = FIELD_CODECS.get((cls, f.name))
        reads.append((f.name, JSON_NAME[cls, f.name], codec[1] if codec else None, required))
    leaf = not any(r[2] for r in reads) and all(f.type.removesuffix(" | None") in _LEAF_TYPES for f in FIELDS[cls])
    plan = _PLANS[kind] = _Plan(kind, cls, frozenset(r[1] for r in reads) | {"kind", "text"}, tuple(reads),
                                field_checks(cls), leaf)
    return plan


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


def _build(data: dict, plan: _Plan, memo: dict, depth: int):
    if not data.keys() <= plan.allowed:
        raise SchemaError(f": unknown field(s) of {plan.kind}: {', '.join(sorted(set(data) - plan.allowed))}")
    kwargs = {}
    depth += 1
    for name, key, codec, required in plan.reads:
        if key in data:
            v = data[key]
            if codec is None and (v is None or type(v) in _PLAIN):
                kwargs[name] = v
                continue
            try:
                kwargs[name] = _value(v, memo, depth) if codec is None else codec(v, "", decode)
            except SchemaError as e:
                raise SchemaError(f".{key}{e}") from None
        elif required:
            raise SchemaError(f".{key}: missing field {key!r} of {plan.kind}")
    try:
        obj = plan.cls(**kwargs)
    except (TypeError, ValueError) as e:
        raise SchemaError(f": cannot build {plan.kind}: {e}") from None
    _check(obj, plan)
    return obj


def _check(obj, plan: _Plan) -> None:
    """The plan's predicates on a new object; where one fails, the check that says why (it raises)."""
    cls = plan.cls
    if cls is F.Function:
        parts = (obj.ir, obj.display)
        if not all(p(getattr(parts[name in DISPLAY_FIELDS], name)) for name, p in plan.checks):
            check_fields(obj, "", _json_name)
        if not function_holds(obj):
            check_function(obj, "")
        return
    for name, p in plan.checks:
        if not p(getattr(obj, name)):
            break
    else:
        if shape_holds(obj, cls):
            return
    check_fields(obj, "", _json_name)
    raise SchemaError(f": a {plan.kind} that does not hold together")  # (the check above names what, always)


def _json_name(cls, name: str) -> str:
    return JSON_NAME.get((cls, name), name)
