"""The interpreter row's callees for the records of generated programs (`oracle.py --include`): the program's
source is evaluated in the live Julia first (as `jlir run --julia … --defs FILE` does), so that Base's methods
called with the program's own closures and structs (`map(::var"#12#13", ::Vector{Int64})`) are answered.

Lowering numbers a closure (`var"#165#166"`, a keyword body `#kw3_903#81`) by Main's counter, which depends on
everything lowered before in that process: the recording Julia and the live one number the same closure
differently, and a number of one may be another closure in the other.  So each program's records are put in the
live Julia's names before they run (`jlir.live.gensyms`): each recorded function of the program is printed by
the live Julia, and where the prints differ only in those numbers, each recorded number is mapped to the live one
at the same place.  The live Julia is then asked only about names of the program it is known to share: a Main
name with a number the mapping does not cover is refused (the run says it cannot find its IR), never answered by
another closure.  Its answers are not cached on disk (a Base method specialised on a program's type is the
program's).
"""
from __future__ import annotations

from pathlib import Path

import jlir
from jlir.ir.errors import JlirError
from jlir.live.errors import LiveError
from jlir.live.gensyms import number_pairs, own_numbers, own_renamed
from jlir.oracle.interp import Chain, RecordCallees

__all__ = ["ProgramCallees"]

# The record's keys whose text names the program's functions and types.
_NAMED_KEYS = ("typed", "ircode", "unoptimized", "lowered", "mi", "target", "method", "self")


class ProgramCallees:
    """A provider per record: a generated program's records in the live Julia's names with the program
    evaluated there; any other record served by `default`, the row's usual chain."""

    def __init__(self, records: list, default, after: tuple, jl, sources: dict):
        """`records`: every record (their typed prints serve as callees); `after`: the providers after the
        records (jlir's built-in Base methods); `jl`: the live Julia; `sources`: file name → program path."""
        self.default, self.after, self.jl, self.sources = default, tuple(after), jl, sources
        self.providers = getattr(default, "providers", ())  # (what the caller closes: the live Julia's)
        self.by_file: dict = {}
        others = []
        for r in records:
            (self.by_file.setdefault(r["file"], []) if r.get("file") in sources else others).append(r)
        self.others = RecordCallees(others)
        self._done: dict = {}   # file → (mapping, provider)

    def for_record(self, record: dict):
        """`(record, provider)`: the record as the run takes it (renamed) and the callees its run asks."""
        name = record.get("file")
        if name not in self.sources:
            return record, self.default
        if name not in self._done:
            self._done[name] = self._prepare(name)
        mapping, provider = self._done[name]
        return _renamed(record, mapping), provider

    def _prepare(self, name: str):
        from jlir.live.provider import LiveProvider
        records = self.by_file[name]
        try:
            self.jl.define(Path(self.sources[name]).read_text(encoding="utf-8"), name)
        except (LiveError, OSError):
            return {}, Chain(self.others, *self.after)
        mapping = _mapping(self.jl, records)
        live = _Known(LiveProvider(self.jl, cache=None), set(mapping.values()))
        own = RecordCallees([_renamed(r, mapping) for r in records])
        return mapping, Chain(own, self.others, *self.after, live)


def _renamed(record: dict, mapping: dict) -> dict:
    if not mapping:
        return record
    out = dict(record)
    for k in _NAMED_KEYS:
        if isinstance(out.get(k), str):
            out[k] = own_renamed(out[k], mapping)
    if record.get("argnames"):
        out["argnames"] = [own_renamed(a, mapping) for a in record["argnames"]]
    return out


def _mapping(jl, records: list) -> dict:
    """{recorded `#N` → live `#M`} for the program's Main names, from printing each of its recorded functions
    in each recorded form (by its signature, renamed so far: a keyword body is named with a number) in the live
    Julia; {} where two prints disagree, or where a number no print covered is one the mapping gives (the two
    would be confused)."""
    mapping: dict = {}
    pending = [r for r in records if "target" in r and any(own_numbers(r.get(k) or "") for k, _ in _FORMS)]
    progress = True
    while pending and progress:
        progress, left = False, []
        for r in pending:
            if not own_numbers(r["target"]) <= set(mapping):
                left.append(r)
                continue
            progress = True
            for key, form in _FORMS:
                pairs = _pairs(jl, r, mapping, key, form) if own_numbers(r.get(key) or "") else None
                if pairs is not None and any(mapping.get(x, y) != y for x, y in pairs.items()):
                    return {}
                mapping.update(pairs or {})
        pending = left if progress else []
    if len(set(mapping.values())) != len(mapping):
        return {}
    uncovered = {n for r in records for k in _NAMED_KEYS if isinstance(r.get(k), str)
                 for n in own_numbers(r[k])} - set(mapping)
    return {} if uncovered & set(mapping.values()) else mapping


# A record's prints and the live Julia's names of the same forms.
_FORMS = (("typed", "typed"), ("unoptimized", "typed-unoptimized"), ("lowered", "lowered"))


def _pairs(jl, record: dict, mapping: dict, key: str, form: str) -> dict | None:
    """The numbers of `record`'s print `key` paired with the live Julia's print of the same instance in `form`,
    or None (its Main names' only: a block's number is the same in both)."""
    target = own_renamed(record["target"], mapping)
    try:   # a closure's instance (`Tuple{var"#4#8",Int64}`) is no function's: asked by its signature
        text = jl.render(target, form)[0] if target.startswith("Tuple{typeof(") else jl.callable_dump(target, form)
        ours = jlir.format(jlir.functions(jlir.parse(record[key]))[0])
        theirs = jlir.format(jlir.functions(jlir.parse(text))[0])
    except (LiveError, JlirError, IndexError, ValueError):
        return None
    pairs = number_pairs(ours, theirs)
    return None if pairs is None else {x: y for x, y in pairs.items() if x in own_numbers(ours)}


class _Known:
    """The live provider, asked only about names it shares with the records: a question naming a Main number
    (`var"#12#13"`) the mapping did not give is no one's (the provider protocol's empty answer)."""

    def __init__(self, live, numbers: set):
        self.live, self.numbers = live, numbers

    def _ask(self, name: str, empty, texts: tuple, *args):
        if all(own_numbers(str(t)) <= self.numbers for t in texts):
            return getattr(self.live, name)(*args)
        return empty

    def lookup(self, callee, arg_types):
        return self._ask("lookup", None, (callee, *arg_types), callee, arg_types)

    def lookup_form(self, callee, arg_types, form):
        return self._ask("lookup_form", None, (callee, *arg_types), callee, arg_types, form)

    def argnames(self, callee, arg_types):
        return self._ask("argnames", None, (callee, *arg_types), callee, arg_types)

    def sparams(self, callee, arg_types):
        return self._ask("sparams", (), (callee, *arg_types), callee, arg_types)

    def vararg(self, callee, arg_types):
        return self._ask("vararg", None, (callee, *arg_types), callee, arg_types)

    def self_name(self, callee, arg_types):
        return self._ask("self_name", None, (callee, *arg_types), callee, arg_types)

    def no_method(self, callee, arg_types) -> bool:
        return self._ask("no_method", False, (callee, *arg_types), callee, arg_types)

    def struct_fields(self, type_name):
        return self._ask("struct_fields", None, (type_name,), type_name)

    def field_types(self, type_name):
        return self._ask("field_types", None, (type_name,), type_name)

    def global_value(self, name):
        return self._ask("global_value", None, (name,), name)

    def literal_types(self, callee, arg_types):
        return self._ask("literal_types", None, (callee, *arg_types), callee, arg_types)

    def literal_signature(self, signature):
        return self._ask("literal_signature", None, (signature,), signature)

    def structs(self) -> dict:
        return {}

    def missing_hint(self) -> str:
        return self.live.missing_hint()
