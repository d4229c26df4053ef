"""One method instance through every check: which display each check reads, and Julia's answer to compare with.

`check_record(record)` takes a record of `scripts/check/oracle.jl` and yields `(check, form, Outcome)`.  A print
jlir cannot read makes every check of that form `refused` (the reader's error kept); a check that raises
`JlirError` (a transform declining, `PassError`, `NotInterpretable`) is `refused` with the reason; any other
exception is `wrong`: a crash is a bug, never a refusal.
"""
from __future__ import annotations

from collections.abc import Iterator
from functools import cache

import jlir
from jlir.oracle.reads import parsed
from jlir.ir.errors import JlirError
from jlir.lattice.tmerge import const_of
from jlir.oracle.interp import INTERP_FORMS, TRANSFORMED_FORMS, check_interp
from jlir.lattice.signature import method_argtypes
from jlir.oracle.checks import (EQUAL, Outcome, check_adce, check_cfg, check_compact, check_idoms,
                                check_inlined_cfg, check_slots, check_sorted_cfg, check_ssa, check_verify)

__all__ = ["check_record", "FORMS"]

# The displays of one instance: (form, key of its print, key of Julia's answers, checks made on it).
FORMS = (
    ("typed", "typed", "julia", ("cfg", "idoms", "verify")),
    ("typed-source", "typed_source", "julia", ("cfg", "idoms", "verify")),
    ("ircode", "ircode", "julia", ("cfg", "idoms", "verify")),
    ("optimize=false", "unoptimized", "unoptimized_julia", ("cfg", "idoms")),
    ("lowered", "lowered", "lowered_julia", ("cfg", "idoms")),
)
_ANALYSES = {"cfg": check_cfg, "idoms": check_idoms, "verify": check_verify}
# The stages whose `ir.cfg` the inliner built (no pass between recomputes it): edges in the inliner's order;
# whether `compact!` ran over the print since.
_INLINED = {"inlining": False, "type_lift": True}


def _reason(e: BaseException) -> str:
    text = str(e).splitlines()[0] if str(e) else ""
    return f"{type(e).__name__}: {text[:160]}"


def _guarded(f, *args) -> Outcome:
    try:
        return f(*args)
    except JlirError as e:
        return Outcome("refused", _reason(e))
    except (RecursionError, MemoryError) as e:
        return Outcome("refused", _reason(e))
    except Exception as e:   # a crash is a bug, never a refusal
        return Outcome("wrong", "crash: " + _reason(e))


def _read(text: str):
    fn, refused, _ = _read_back(text)
    return fn, refused


def _read_back(text: str):
    """`(function, refusal, round-trip outcome)` of a print: its first function read, or why it was refused;
    and whether it prints back byte for byte (the reader and printer's own check, on every print Julia made)."""
    try:
        doc = parsed(text)
        fn = jlir.functions(doc)[0]
    except JlirError as e:
        refused = Outcome("refused", "unreadable: " + _reason(e))
        return None, refused, refused
    except Exception as e:   # a crash is a bug, never a refusal
        crash = Outcome("wrong", "crash: " + _reason(e))
        return None, crash, crash
    return fn, None, _guarded(_printed_back, doc, text)


def _printed_back(doc, text: str) -> Outcome:
    back = jlir.format(doc)
    if back == text:
        return EQUAL
    line = next((k for k, (a, b) in enumerate(zip(back.splitlines(), text.splitlines()), 1) if a != b),
                min(len(back.splitlines()), len(text.splitlines())) + 1)
    return Outcome("wrong", f"prints back otherwise: line {line}")


def check_record(record: dict, callees=None) -> Iterator[tuple[str, str, Outcome]]:
    """Every check on one instance's record, as `(check, form, outcome)`; `callees`, a provider, makes the
    interpreter row (each recorded run of the instance's typed print, `jlir.oracle.interp`)."""
    try:   # a signature the type reader cannot take leaves the types unsaid, as a record without stages does
        types = instance_types(record) if record.get("stages") or "ssa" in record else ((), ())
    except Exception:
        types = ((), ())
    for form, key, answers, checks in FORMS:
        if key not in record or answers not in record:
            continue
        fn, refused, back = _read_back(record[key])
        yield "round-trip", form, back
        for check in checks:
            yield check, form, refused or _guarded(_ANALYSES[check], fn, record[answers])
        if form == "optimize=false":
            yield from _slot_checks(fn, refused, record, types)
    for stage in record.get("stages", ()):
        form = f"stage {stage['name']}"
        fn, refused, back = _read_back(stage["text"])
        yield "round-trip", form, back
        yield "round-trip", f"compact! {stage['name']}", _read_back(stage["compact"])[2]
        for check in ("cfg", "idoms", "verify"):
            if check == "cfg" and stage["name"] in _INLINED:
                yield check, form, refused or _guarded(check_inlined_cfg, fn, stage["julia"], _INLINED[stage["name"]])
            elif check == "cfg" and stage["name"] == "slot2reg":
                yield check, form, refused or _guarded(check_sorted_cfg, fn, stage["julia"])
            else:
                yield check, form, refused or _guarded(_ANALYSES[check], fn, stage["julia"])
        yield "compact", form, refused or _guarded(check_compact, stage["text"], stage["compact"], types)
    if "ssa" in record:
        yield "round-trip", "ssa", _read_back(record["ssa"])[2]
    if "adce" in record:
        for key in ("before", "after"):
            yield "round-trip", f"adce {key}", _read_back(record["adce"][key])[2]
        yield "dce vs adce", "stage adce", _guarded(check_adce, record["adce"]["before"], record["adce"]["after"])
    if callees is not None and "interp" in record:
        # a generated program's record runs in the live Julia's names, its program evaluated there
        record, callees = callees.for_record(record) if hasattr(callees, "for_record") else (record, callees)
        for form, key, transforms in [(f, k, ()) for f, k in INTERP_FORMS] + list(TRANSFORMED_FORMS):
            if key not in record:
                continue
            outcomes = _guarded(lambda: check_interp(record, callees, key, transforms, types))
            for o in outcomes if type(outcomes) is list else [outcomes] * len(record["interp"]["runs"]):
                yield "interp", form, o


def _slot_checks(fn, refused, record, types) -> Iterator[tuple[str, str, Outcome]]:
    if "pre" in record:
        if refused:
            for check in ("pre-ssa cfg", "pre-ssa idoms", "idf"):
                yield check, "optimize=false", refused
        else:
            try:
                for check, outcome in check_slots(fn, record["pre"], _slot_names(record), _nargs(record)):
                    yield check, "optimize=false", outcome
            except Exception as e:
                yield "idf", "optimize=false", _guarded(_raise, e)
    if "ssa" in record:
        yield "ssa", "optimize=false", refused or _guarded(check_ssa, fn, record["ssa"], record.get("argnames"), types,
                                                           record.get("self"))


def signature_argtypes(record) -> tuple:
    """The arguments' types Julia's `IRCode.argtypes` holds, as far as the instance's signature tells them
    (a singleton's instance and `Type{X}`'s `X` as a `Const`, as inference gives them: `cache_argtype`).

    A vararg method's last argument is the tuple of the trailing values (`isva`, recorded by oracle.jl);
    where the record does not say whether the method is one, that last type is left unknown."""
    from jlir.ir import types as T
    try:
        sig = _type_parser().parse_type(record["target"])
    except JlirError:
        return ()
    while type(sig) is T.TypeWhere:
        sig = sig.body
    if type(sig) is not T.TypeApply or "argnames" not in record:
        return ()
    return method_argtypes(sig.params, len(record["argnames"]) + 1, record.get("isva"))


def instance_types(record) -> tuple[tuple, tuple]:
    """`(argtypes, sptypes)` of the instance as far as its record tells them (see `jlir.edit.IRCode`)."""
    sptypes = []
    for text in record.get("sparams", ()):
        try:
            sptypes.append(None if text is None else const_of(_type_parser().parse_type(text)))
        except JlirError:
            sptypes.append(None)   # a value the type reader does not take: unknown, so nothing is erased for it
    return signature_argtypes(record), tuple(sptypes)


@cache
def _type_parser():
    from jlir.syntax.statement.grammar import StatementParser
    return StatementParser()


def _raise(e):
    raise e


def _nargs(record) -> int | None:
    """How many arguments the method takes (its vararg tuple one of them), its own slot not counted."""
    return len(record["argnames"]) if "argnames" in record else None


def _slot_names(record) -> list | None:
    """The names of the method's arguments and of its first slot (a callable object's name, `op`), if recorded."""
    names = record.get("argnames")
    return None if names is None else list(names) + ([record["self"]] if "self" in record else [])
