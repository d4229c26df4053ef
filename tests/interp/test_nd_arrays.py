"""Matrices and 0-d arrays run as Julia 1.5.3 ran them (fixtures/interp/arrays: defs.jl's calls, their forms and
results printed by scripts/gen/gen_interp_calls.jl): `jl_alloc_array_2d` and `jl_new_array` of any N,
`arrayref`/`arrayset` by one index per dimension or a linear one, `arraysize`, `arraylen`, `copy`, a BoundsError
past a dimension, and the result's `repr` (`[11 12 13; 21 22 23]`, `fill(1.5)`, `Array{Int8}(undef,0,3)`)."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

import jlir
from jlir import interp
from jlir.interp.builtin import BaseProvider
from jlir.interp.provider import DumpProvider

from conftest import NO_JULIA, julia_1_5, live_julias

ROOT = Path(__file__).resolve().parents[2]
ARRAYS = ROOT / "fixtures" / "interp" / "arrays"


def _literal_args(text: str) -> list:
    spec = importlib.util.spec_from_file_location("jlir_check_interp_sample_nd",
                                                  ROOT / "scripts" / "check" / "check_interp_sample.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.literal_args(text)


def _calls() -> list[dict]:
    keys = ("id", "fname", "args", "argnames", "sparams", "kind", "type", "repr", "isva")
    return [dict(zip(keys, line.rstrip("\n").split("\t"))) for line in (ARRAYS / "index.tsv").open(encoding="utf-8")]


def _want(row) -> tuple:
    return ("value", row["type"], row["repr"]) if row["kind"] == "ok" else ("exception", row["type"])


def _own_functions() -> DumpProvider:
    """The fixture's own `table(::Int64, ::Int64)`, Julia's typed print of it, which `colsum` and `outside` call."""
    row = next(r for r in _calls() if r["fname"] == "table")
    dumps = DumpProvider()
    dumps.add("# MethodInstance for table(::Int64, ::Int64)\n# argnames: m, n\n"
              + (ARRAYS / f"{row['id']}.typed.txt").read_text(encoding="utf-8"), "table")
    return dumps


def _run(row, form, provider):
    fn = jlir.functions(jlir.parse_file(ARRAYS / f"{row['id']}.{form}.txt"))[0]
    return interp.run(fn, _literal_args(row["args"]), provider, argnames=row["argnames"].split(","),
                      name=row["fname"], max_steps=2_000_000).outcome


class _Both:
    """The fixture's own function, then the built-in Base methods."""

    def __init__(self, *providers):
        self.providers = providers

    def __getattr__(self, name):
        def ask(*args):
            for p in self.providers:
                f = getattr(p, name, None)
                v = f(*args) if f is not None else None
                if v is not None and v != ():
                    return v
            return None
        return ask


@pytest.mark.parametrize("row", _calls(), ids=lambda r: r["fname"])
def test_typed_form_equals_julia(row):
    assert _run(row, "typed", _Both(_own_functions(), BaseProvider())) == _want(row)


def test_an_index_past_a_dimension_is_julias_bounds_error():
    row = next(r for r in _calls() if r["fname"] == "outside")
    assert _want(row) == ("exception", "BoundsError")
    assert _run(row, "typed", _Both(_own_functions(), BaseProvider())) == _want(row)


def test_a_slot_form_allocates_through_the_array_type_it_applies():
    """`Core.apply_type(Array, Int8, 2)` then `Array{Int8,2}(undef, 0, n)`: boot.jl's constructor, natively."""
    row = next(r for r in _calls() if r["fname"] == "empty_rows")
    for form in ("unoptimized", "lowered"):
        assert _run(row, form, BaseProvider()) == _want(row)


julia = julia_1_5("the array methods of the slot forms are asked of Julia 1.5")


@pytest.mark.skipif(not live_julias(), reason=NO_JULIA)
@pytest.mark.parametrize("form", ["unoptimized", "lowered"])
def test_slot_forms_equal_julia_with_its_callees(julia, form):
    from jlir.live.provider import LiveProvider
    defs = (ARRAYS / "defs.jl").read_text(encoding="utf-8")
    provider = LiveProvider(julia, cache=None, defs=defs, defs_name="defs.jl")
    for row in _calls():
        assert _run(row, form, provider) == _want(row), row["fname"]
