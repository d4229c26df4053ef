"""Julia's recorded calls of the fixture cases (`fixtures/julia-1.5.3/runs.tsv`, read by `jlir.live.caseruns`) and
the callee dumps the interpreter needs for them: what the interpreter, pass, SSA and CLI tests run against."""
from __future__ import annotations

from pathlib import Path

import jlir
from jlir import interp
from jlir.interp.encoding import decode
from jlir.live import caseruns as case_runs

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures" / "julia-1.5.3"
CALLEES = FIXTURES / "callees"
FORMS = ("typed", "ircode", "typed-unoptimized", "lowered")


def _want(row: dict) -> tuple:
    """Julia's outcome as `Result.outcome` reads in the data file's words: ("ok", type, repr) or ("err", type)."""
    return (row["outcome"], row["type"], row["repr"]) if row["outcome"] == "ok" else (row["outcome"], row["type"])


RUNS = case_runs.read_rows(FIXTURES / case_runs.RUNS_FILE)
# (case, call, argnames, sparams, args, *Julia's outcome): the shape other tests unpack
ROWS = [(r["case"], r["call"], r["argnames"], r["sparams"], r["args"], *_want(r)) for r in RUNS]


def _function(case: str, form: str):
    return jlir.functions(jlir.parse_file(FIXTURES / f"{case}.{form}.txt"))[0]


def _outcome(result) -> tuple:
    """`Result.outcome` in the data file's words (`ok`/`err`)."""
    kind, *rest = result.outcome
    return ("ok" if kind == "value" else "err", *rest)


def _arguments(args: str) -> list:
    return [decode(a) for a in args.split(" ")] if args else []


class _Callees:
    """The callees Julia dumped for the cases (`callees/<case>/`, one `code_typed` each, by its `MethodInstance`
    line; the same signature is the same dump whichever case needed it), and `println` (whose output the
    interpreter does not model) as `return nothing`."""
    PRINTLN = jlir.functions(jlir.parse("CodeInfo(\n1 ─     return nothing\n) => Nothing\n"))[0]

    def __init__(self):
        self.dumps = [interp.DumpProvider(folder) for folder in sorted(CALLEES.iterdir()) if folder.is_dir()]

    def _first(self, method: str, callee, arg_types):
        for dumps in self.dumps:
            found = getattr(dumps, method)(callee, arg_types)
            if found:
                return found
        return None

    def lookup(self, callee, arg_types):
        if callee.rsplit(".", 1)[-1] == "println":
            return self.PRINTLN
        return self._first("lookup", callee, arg_types)

    def lookup_form(self, callee, arg_types, form):
        for dumps in self.dumps:
            found = dumps.lookup_form(callee, arg_types, form)
            if found:
                return found
        return None

    def argnames(self, callee, arg_types):
        return self._first("argnames", callee, arg_types)

    def sparams(self, callee, arg_types):
        return self._first("sparams", callee, arg_types) or ()

    def vararg(self, callee, arg_types):
        for dumps in self.dumps:
            found = dumps.vararg(callee, arg_types)
            if found is not None:
                return found
        return None

    def field_types(self, type_name):
        return next((t for t in (d.field_types(type_name) for d in self.dumps) if t), None)

    def struct_fields(self, type_name):
        return next((t for t in (d.struct_fields(type_name) for d in self.dumps) if t), None)

    def structs(self):
        merged = {}
        for dumps in self.dumps:
            merged.update(dumps.structs())
        return merged
