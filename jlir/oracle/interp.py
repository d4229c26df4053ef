"""The oracle's interpreter row: a method instance of bits arguments run by `jlir.interp` on the arguments
`scripts/check/oracle.jl` generated, against what the same call returned (or threw) in Julia.

A record's `interp` holds the arguments of each run, each `[type, value]` (`["Int8", "2"]`, `["Float32",
"0.5"]`, `["Char", "a"]`, `["Tuple", [...]]`), and Julia's outcome (`["ok", type, repr]` or `["err",
exception type, ""]`, as `scripts/gen/interp_args.jl` writes it).  jlir runs the instance's `@code_typed` print
(`typed`), its callees from a provider: the other records' typed prints (`RecordCallees`), then a live Julia
where one is given (`Chain`).  A run is bounded (`LIMITS`), so no record can hang the oracle.
"""
from __future__ import annotations

import re
from contextlib import nullcontext

import jlir
from jlir.oracle.reads import parsed
from jlir.interp import run
from jlir.interp.provider import DumpProvider, parse_sparam, signature_key, signature_text
from jlir.ir.errors import JlirError
from jlir.semantics.base_globals import method_module
from jlir.semantics.fused import fused_muladd
from jlir.semantics.numbers import make_float, make_int
from jlir.semantics.values import JChar, NotInterpretable, split_params
from jlir.oracle.checks import Outcome

__all__ = ["INTERP_FORMS", "TRANSFORMED_FORMS", "transformed", "LIMITS", "Chain", "RecordCallees", "argument", "check_interp", "julia_outcome", "refusal_reason"]

# Statements and seconds one run may take: past either the run is refused ("stopped after"), not waited for.
LIMITS = {"max_steps": 2_000_000, "timeout": 10.0}


def argument(spec):
    """The interpreter's value of a recorded argument `[type, value]`."""
    kind, value = spec
    if kind == "Tuple":
        return tuple(argument(v) for v in value)
    if kind == "Bool":
        return value == "true"
    if kind == "Char":
        return JChar.of(value)
    if kind.startswith("Float"):
        return float(value) if kind == "Float64" else make_float(kind, float(value))
    return int(value) if kind == "Int64" else make_int(kind, int(value))


# interp_args.jl's mark of a value whose `repr` threw in Julia (Base cannot show Core.Compiler's own UnitRange).
UNSHOWABLE = "#repr threw "


def julia_outcome(fields) -> tuple:
    """Julia's outcome as `interp.Result.outcome` spells it: `ok`, type, repr or `err`, exception type."""
    kind, rtype, shown = (list(fields) + ["", "", ""])[:3]
    return ("value", rtype, shown) if kind == "ok" else ("exception", rtype)


def refusal_reason(message: str) -> str:
    """The innermost refusal, in a form that groups alike ones: a missing callee by name, a foreigncall by name."""
    inner = re.split(r": statement %\d+: ", message)[-1]
    inner = re.sub(r"^statement %\d+: ", "", inner)
    m = re.search(r"call to (.+?)\(.*no provider has its IR", inner)
    if m:
        return f"no IR for {m.group(1)}"
    m = re.search(r"foreigncall :?(\w+)", inner)
    if m:
        return f"foreigncall {m.group(1)}"
    return re.sub(r"\d+", "N", inner)[:90]


# The prints the row runs, by the record's key: (form as the oracle's table names it, key).
INTERP_FORMS = (("typed", "typed"), ("ircode", "ircode"), ("optimize=false", "unoptimized"), ("lowered", "lowered"))
# The `optimize=false` print through jlir's own transforms, run again: `jlir ssa` (Julia's slot2reg) and then
# `out-of-ssa` back to slot form must not change what the function computes, so each run must still be Julia's.
TRANSFORMED_FORMS = (("ssa of optimize=false", "unoptimized", ("ssa",)),
                     ("out-of-ssa of ssa", "unoptimized", ("ssa", "out-of-ssa")))


def _own_name(record: dict) -> str | None:
    """The method's name where its first slot is `#self#` of a function (not a closure's or a callable object's):
    a slot form reads `#self#` and may call itself through it."""
    name = record.get("method", "")
    if record.get("self") != "#self#" or "#" in name.rsplit(".", 1)[-1]:
        return None
    return name or None


def check_interp(record: dict, provider, key: str = "typed", transforms: tuple = (), types: tuple = ((), ())) -> list[Outcome]:
    """One `Outcome` per recorded run of the print under `key` (`typed`, `ircode`, `unoptimized`, `lowered`):
    equal, wrong (a different value or exception), or refused (the reason).  `transforms` (`"ssa"`, then
    `"out-of-ssa"`): what the print goes through before it runs (`TRANSFORMED_FORMS`), `types` the instance's
    `(argtypes, sptypes)` its `ssa` is told."""
    spec = record["interp"]
    fn = _instance_return_type(transformed(jlir.functions(parsed(record[key]))[0], record, transforms, types),
                               record, key)
    sparams = tuple(parse_sparam(p) for p in spec.get("sparams", ()))
    name = _own_name(record) if key in ("unoptimized", "lowered") else None
    literals = _literals(record, provider) if key in ("typed", "ircode") and not transforms else None
    out = []
    for r in spec["runs"]:
        want = julia_outcome(r["outcome"])

        def once(fused: bool, r=r):
            with fused_muladd() if fused else nullcontext():
                return run(fn, [argument(a) for a in r["args"]], provider, argnames=record.get("argnames"),
                           sparams=sparams, vararg=bool(spec.get("vararg")), name=name,
                           arg_types=_instance_argtypes(record), module=method_module(record.get("method")),
                           optimized=key in ("typed", "ircode"), literals=literals, **LIMITS).outcome
        try:
            got = once(False)
        except NotInterpretable as e:
            out.append(Outcome("refused", refusal_reason(str(e))))
            continue
        except (JlirError, RecursionError) as e:
            out.append(Outcome("refused", f"{type(e).__name__}: {str(e)[:120]}"))
            continue
        out.append(Outcome("equal") if _same(got, want) else _unequal(got, want, r, once))
    return out


def _instance_return_type(fn, record: dict, key: str):
    """`fn` with the method instance's return type where its print shows none (an IRCode print, jlir's `ssa` of
    the `optimize=false` print): inference's return type of the instance (`=> T`), which every print of it shares,
    from the print it came from or the record's typed print.  The interpreter types a returned constant's
    literals by it."""
    if fn.return_type is not None:
        return fn
    for k in (key, "typed"):
        try:
            rt = jlir.functions(parsed(record[k]))[0].return_type if record.get(k) else None
        except (JlirError, IndexError):
            rt = None
        if rt is not None:
            return fn.replace(return_type=rt)
    return fn


def _literals(record: dict, provider):
    """Julia's types of the literals of the record's optimized code (typed and IRCode prints alike: one
    CodeInfo), asked of the provider by the instance's signature (`target`) where it can (a live Julia's), and
    applied only where its print is the record's (`LiteralTypes`)."""
    ask = getattr(provider, "literal_signature", None)
    if ask is None or not record.get("target") or not record.get("typed"):
        return None
    from jlir.interp.literal_types import LiteralTypes
    return LiteralTypes(lambda: ask(record["target"]), reference=record["typed"])


def transformed(fn, record: dict, transforms: tuple, types: tuple = ((), ())):
    """`fn` through `transforms`: `ssa` as the oracle's ssa check makes it (told what Julia's slot2reg knew),
    `out-of-ssa` as `jlir opt --passes out-of-ssa` does."""
    from jlir.oracle.checks import ssa_of
    from jlir.ssa.out_of_ssa import out_of_ssa
    for t in transforms:
        if t == "ssa":
            fn = ssa_of(fn, record.get("argnames"), types, record.get("self"))
        elif t == "out-of-ssa":
            fn = out_of_ssa(fn)[0]
        else:
            raise ValueError(f"no transform {t!r}")
    return fn


def _instance_argtypes(record: dict) -> tuple:
    """The instance's argument types as its signature (`target`, `Tuple{typeof(f),Int32}`) spells them."""
    target = record.get("target", "")
    return tuple(split_params(target[6:-1])[1:]) if target.startswith("Tuple{") and target.endswith("}") else ()


def _unequal(got: tuple, want: tuple, r: dict, once) -> Outcome:
    """A run whose outcome is not Julia's: `muladd-contraction` if it is Julia's with every `muladd_float`
    rounded once (LLVM fused it in Julia's compiled code, which `muladd` permits), else wrong."""
    try:
        fused = once(True) if got[0] == want[0] == "value" else None
    except (JlirError, RecursionError):
        fused = None
    if fused is not None and fused != got and _same(fused, want):
        return Outcome("rule", "muladd-contraction")
    return Outcome("wrong", f"{_difference(got, want)}: {_args(r)} jlir {got}, Julia {want}")


def _same(got: tuple, want: tuple) -> bool:
    """The same outcome: the same value (type and repr) or exception type.  A type's name is compared without
    module qualifiers: Julia's side names a type as Main sees it (`Base.InvalidCharError{Char}`), the
    interpreter's values carry no module."""
    if got == want:
        return True
    if len(want) == 3 and want[0] == got[0] == "value" and want[2].startswith(UNSHOWABLE):
        return signature_key(got[1]) == signature_key(want[1])  # Julia's repr threw: its type is what is known
    return len(got) == len(want) and got[0] == want[0] and signature_key(got[1]) == signature_key(want[1]) \
        and got[2:] == want[2:]


def _difference(got: tuple, want: tuple) -> str:
    if got[0] == want[0]:
        return "another value" if got[0] == "value" else "another exception"
    return f"Julia throws {want[1]}" if want[0] == "exception" else f"jlir throws {got[1]}"


def _args(r) -> str:
    return "(" + ", ".join(str(a[1]) for a in r["args"]) + ")"


def _compiler_own(name: str) -> str:
    """The key prefix of Core.Compiler's own functions: its `/` or `getindex` print like Base's (`MethodInstance
    for /(::Int64, ::Int64)`) but are other methods (Core.Compiler's `/` calls a `float` it lacks)."""
    return "Core.Compiler:" if name.startswith("Core.Compiler.") else ""


class RecordCallees:
    """The typed prints of the records, each served as the IR of its method instance (`mi`): callee IR as Julia
    compiled it, with no Julia at hand.  A print is read when a run first calls it."""

    def __init__(self, records=()):
        self._texts: dict = {}
        self._loaded: set = set()
        self.dumps = DumpProvider()
        self._own = DumpProvider()  # Core.Compiler's own methods, apart
        for r in records:
            self.add_record(r)

    def add_record(self, record: dict) -> None:
        if "mi" not in record or "typed" not in record:
            return
        head = [f"# {record['mi']}"]
        if record.get("argnames") is not None:
            head.append("# argnames: " + ", ".join(record["argnames"]))
        if record.get("self") not in (None, "#self#"):
            head.append(f"# self: {record['self']}")   # a functor's `(m::MyMul)(x)` reads itself as `m`
        spec = record.get("interp") or record.get("callee") or {}  # `callee`: oracle.jl --callees's records
        sparams = spec.get("sparams") or record.get("sparams")  # a record without runs still has its instance's
        if sparams and all(isinstance(p, str) for p in sparams):  # (None: one the record could not write)
            head.append("# sparams: " + ", ".join(sparams))
        vararg = spec.get("vararg", record.get("isva"))  # `isva`: the method's own flag, in a record without runs
        if vararg is not None:
            head.append(f"# vararg: {'true' if vararg else 'false'}")
        key = _compiler_own(record.get("method", "")) + signature_key(record["mi"][len("MethodInstance for "):])
        self._texts.setdefault(key, "\n".join(head) + "\n" + record["typed"])

    def __len__(self) -> int:
        return len(self._texts)

    def _load(self, callee, arg_types) -> DumpProvider:
        """The dumps of the callee's side (Core.Compiler's own, or the rest), its print loaded if recorded."""
        own = _compiler_own(callee)
        key = own + signature_key(signature_text(callee, arg_types))
        dumps = self._own if own else self.dumps
        if key not in self._loaded and key in self._texts:
            self._loaded.add(key)
            try:
                dumps.add(self._texts[key], key)
            except JlirError:
                pass   # a print jlir cannot read serves no callee: its callers are refused, not wrong
        return dumps

    def _ask(self, name, callee, arg_types):
        return getattr(self._load(callee, arg_types), name)(callee, arg_types)

    def lookup(self, callee, arg_types):
        return self._ask("lookup", callee, arg_types)

    def argnames(self, callee, arg_types):
        return self._ask("argnames", callee, arg_types)

    def sparams(self, callee, arg_types) -> tuple:
        return self._ask("sparams", callee, arg_types) or ()

    def vararg(self, callee, arg_types):
        return self._ask("vararg", callee, arg_types)

    def self_name(self, callee, arg_types):
        return self._ask("self_name", callee, arg_types)


class Chain:
    """Providers asked in turn: each question answered by the first that knows the callee."""

    def __init__(self, *providers):
        self.providers = [p for p in providers if p is not None]

    def _first(self, name, *args, empty=None):
        for p in self.providers:
            f = getattr(p, name, None)
            v = f(*args) if f is not None else None
            if v is not None and v != ():
                return v
        return empty

    def lookup(self, callee, arg_types):
        return self._first("lookup", callee, arg_types)

    def lookup_form(self, callee, arg_types, form):
        return self._first("lookup_form", callee, arg_types, form)

    def global_value(self, name):
        return self._first("global_value", name)

    def literal_types(self, callee, arg_types):
        return self._first("literal_types", callee, arg_types)

    def literal_signature(self, signature):
        return self._first("literal_signature", signature)

    def _owner(self, callee, arg_types):
        return next((p for p in self.providers if p.lookup(callee, arg_types) is not None), None)

    def argnames(self, callee, arg_types):
        p = self._owner(callee, arg_types)
        return p.argnames(callee, arg_types) if p is not None else None

    def sparams(self, callee, arg_types) -> tuple:
        p = self._owner(callee, arg_types)
        return p.sparams(callee, arg_types) if p is not None else ()

    def self_name(self, callee, arg_types):
        p = self._owner(callee, arg_types)
        return getattr(p, "self_name", lambda c, t: None)(callee, arg_types) if p is not None else None

    def vararg(self, callee, arg_types):
        p = self._owner(callee, arg_types)
        return p.vararg(callee, arg_types) if p is not None else None

    def no_method(self, callee, arg_types) -> bool:
        return any(getattr(p, "no_method", lambda c, t: False)(callee, arg_types) for p in self.providers)

    def structs(self) -> dict:
        out: dict = {}
        for p in reversed(self.providers):
            out.update(getattr(p, "structs", dict)())
        return out

    def struct_fields(self, type_name):
        return self._first("struct_fields", type_name)

    def field_types(self, type_name):
        return self._first("field_types", type_name)
