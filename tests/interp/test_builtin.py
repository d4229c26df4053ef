"""Base's common methods built in (`jlir.interp.builtin`, Julia 1.5.3's IR as package data): code runs with no
Julia and no callee dumps, and agrees with what Julia 1.5.3 recorded (fixtures/julia-1.5.3/runs.tsv; the calls of
fixtures/interp/calls, scripts/gen/gen_interp_calls.jl), or is refused — never a different answer."""
from __future__ import annotations

import gzip
import importlib.util
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

import jlir
from jlir import interp
from jlir.interp.builtin import DATA, BaseProvider

from conftest import NO_JULIA, julia_1_5, live_julias
from support.recorded_runs import RUNS, _arguments, _function, _outcome, _want

ROOT = Path(__file__).resolve().parents[2]


def _sample_check():
    """scripts/check/check_interp_sample.py, loaded from its file (the test's import path stays as it is)."""
    spec = importlib.util.spec_from_file_location("jlir_check_interp_sample",
                                                  ROOT / "scripts" / "check" / "check_interp_sample.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


literal_args = _sample_check().literal_args  # the recorded arguments, read as jlir run reads them

CALLS = ROOT / "fixtures" / "interp" / "calls"


def _calls() -> list[dict]:
    keys = ("id", "fname", "args", "argnames", "sparams", "kind", "type", "repr", "isva")
    return [dict(zip(keys, line.rstrip("\n").split("\t"))) for line in (CALLS / "index.tsv").open(encoding="utf-8")]


def _run_call(row: dict, form: str):
    fn = jlir.functions(jlir.parse_file(CALLS / f"{row['id']}.{form}.txt"))[0]
    return interp.run(fn, literal_args(row["args"]), BaseProvider(), argnames=row["argnames"].split(","),
                      name=row["fname"], max_steps=2_000_000)


@pytest.fixture(scope="module")
def call_outcomes() -> dict:
    """(id, form) → "agree" | "refused" | the differing outcome, for each recorded call in each of its forms."""
    out = {}
    for row in _calls():
        want = ("value", row["type"], row["repr"]) if row["kind"] == "ok" else ("exception", row["type"])
        for form in ("typed", "unoptimized", "lowered"):
            try:
                r = _run_call(row, form)
            except interp.NotInterpretable:
                out[(row["id"], form)] = "refused"
                continue
            out[(row["id"], form)] = "agree" if r.outcome == want else r.outcome
    return out


def test_the_data_is_small_and_holds_the_common_methods():
    assert DATA.stat().st_size < 2_000_000
    p = BaseProvider()
    assert len(p) > 1000
    for callee, types in (("Base.<", ("Int64", "Int64")), ("Base.iterate", ("UnitRange{Int64}",)),
                          ("Base.string", ("Int64",)), ("Base.*", ("String", "String")),
                          ("Base.+", ("Float64", "Float64")), ("Base.push!", ("Array{Int64,1}", "Int64"))):
        assert p.lookup(callee, types) is not None, (callee, types)


def test_each_entry_names_its_method_and_argument_names():
    with gzip.open(DATA, "rt", encoding="utf-8") as fh:
        entries = fh.read().split("\f\n")
    heads = [e.split("\n", 2)[:2] for e in entries if e.startswith("# MethodInstance for ")]
    assert len(heads) == len(BaseProvider())
    assert all(h[1].startswith(("# argnames:", "# vararg:", "# sparams:")) for h in heads)


def test_strings_and_keyword_calls_run_with_no_julia_as_julia_ran_them(call_outcomes):
    differ = {k: v for k, v in call_outcomes.items() if v not in ("agree", "refused")}
    assert not differ
    agreed = {k for k, v in call_outcomes.items() if v == "agree"}
    by_name = {row["id"]: row["fname"] for row in _calls()}
    # `*`, string(a, b, c), string(n), repeat, bitstring: Base's own IR building a String through jl_alloc_string
    for fname in ("concat", "concat3", "int_string", "rep", "bits", "fact"):
        ids = [i for i, f in by_name.items() if f == fname]
        assert all((i, form) in agreed for i in ids for form in ("typed", "unoptimized", "lowered")), fname
    # keyword calls passing keywords to Base's `string`: its keyword body (typed), its sorter (optimize=false)
    for fname in ("padded", "hexed"):
        ids = [i for i, f in by_name.items() if f == fname]
        assert all((i, form) in agreed for i in ids for form in ("typed", "unoptimized")), fname


def test_a_recursive_function_runs_its_own_ir_when_named():
    row = next(r for r in _calls() if r["fname"] == "fact")
    fn = jlir.functions(jlir.parse_file(CALLS / f"{row['id']}.lowered.txt"))[0]
    with pytest.raises(interp.NotInterpretable, match="Main.fact"):
        interp.run(fn, [10], None, argnames=["n"])
    assert interp.run(fn, [10], None, argnames=["n"], name="fact").outcome == ("value", "Int64", row["repr"])


def test_jlir_run_uses_the_built_in_methods_without_julia():
    row = next(r for r in _calls() if r["fname"] == "int_string" and r["args"] == "-7")
    out = subprocess.run([sys.executable, "-m", "jlir", "run", str(CALLS / f"{row['id']}.lowered.txt"), "--args",
                          "-7", "--argnames", "n"], capture_output=True, text=True, cwd=ROOT,
                         env={"PATH": "/usr/bin:/bin", "JLIR_JULIA": "/nonexistent"})
    assert out.returncode == 0, out.stderr
    assert out.stdout == row["repr"] + "\n"


def test_a_method_not_built_in_is_refused_saying_julia_would_fetch_it():
    fn = jlir.functions(jlir.parse("CodeInfo(\n1 ─ %1 = Base.invmod(x, x)\n└──      return %1\n)\n"))[0]
    assert BaseProvider().lookup("Base.invmod", ("Int64", "Int64")) is None  # not among the common methods
    with pytest.raises(interp.NotInterpretable, match="--julia auto"):
        interp.run(fn, [4], BaseProvider(), argnames=["x"])


def test_fixture_cases_slot_forms_run_on_the_built_in_methods_alone():
    """Every recorded call of the cases, in its slot forms, with no case dumps: agrees or is refused."""
    table, differ = Counter(), []
    for row in RUNS:
        name = row["call"].split("(", 1)[0]
        for form in ("typed-unoptimized", "lowered"):
            try:
                r = interp.run(_function(row["case"], form), _arguments(row["args"]), BaseProvider(),
                               argnames=row["argnames"].split(",") if row["argnames"] else None, name=name,
                               max_steps=2_000_000)
            except interp.NotInterpretable:
                table["refused"] += 1
                continue
            if _outcome(r) == _want(row):
                table["agree"] += 1
            else:
                differ.append((row["case"], form, row["call"], r.outcome))
    assert not differ
    assert table["agree"] >= 200, table  # 222 of 376 measured: calls of Base's common methods, recursions


julia = julia_1_5("the keyword sorters are asked of Julia 1.5")


@pytest.mark.skipif(not live_julias(), reason=NO_JULIA)
def test_keyword_calls_in_the_slot_forms_run_through_the_sorter_julia_gives(julia):
    """`Core.kwfunc(string)` is Base's sorter `var"#string##kw"`; its method comes from Julia by signature."""
    from jlir.live.provider import LiveProvider
    for row in (r for r in _calls() if r["fname"] in ("padded", "hexed")):
        fn = jlir.functions(jlir.parse_file(CALLS / f"{row['id']}.unoptimized.txt"))[0]
        r = interp.run(fn, literal_args(row["args"]), LiveProvider(julia, cache=None), argnames=["n"],
                       name=row["fname"])
        assert r.outcome == ("value", row["type"], row["repr"])


SAMPLE = ROOT / "fixtures" / "interp" / "sample"  # rows of scripts/gen/gen_interp_sample.jl's output (Julia 1.5.3)


def test_values_base_shows_its_own_way_show_as_julia_showed_them():
    """`Base.Fix2{typeof(!=),Int64}(!=, 0)`, `(Base.OneTo(3),)` (its type `Tuple{Base.OneTo{Int64}}`), a
    `SubString` shown as its text: the sample's recorded results, typed forms run with no Julia."""
    keys = ("id", "fname", "args", "argnames", "sparams", "kind", "type", "repr", "isva")
    for line in (SAMPLE / "index.tsv").open(encoding="utf-8"):
        row = dict(zip(keys, line.rstrip("\n").split("\t")))
        fn = jlir.functions(jlir.parse_file(SAMPLE / f"{row['id']}.typed.txt"))[0]
        r = interp.run(fn, literal_args(row["args"]), BaseProvider(), argnames=row["argnames"].split(","),
                       name=f"Base.{row['fname']}")
        assert r.outcome == ("value", row["type"], row["repr"]), row["fname"]
