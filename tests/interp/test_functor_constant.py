"""A functor constant the inliner put in place of a call (`invoke $(QuoteNode(Fn5_4790(-56)))(3::Int8)`, Julia
1.5.3's typed print of the generated program gen-4-04790) is called by its type's method, as Julia does.

`show` prints the struct's fields by their own `show`: `Fn5_4790(-56)` for an `Int8` field and for an `Int64`
one alike.  The method computes with the field, so its width must come from the struct's declared field types (a
live Julia's `fieldtypes`, a `# struct` line's); without them the call is refused.  Taking the decimal as an
`Int64` made jlir throw `mul_int: types of a and b must match` where Julia returned (the record's runs)."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

import jlir
from jlir import interp
from jlir.interp.builtin import BaseProvider
from jlir.oracle import tally_records
from jlir.oracle.interp import Chain, RecordCallees

DATA = Path(__file__).resolve().parents[1] / "data" / "oracle" / "functor-constant-call-1.5.3.jsonl.gz"

# Constructed to isolate the rule (not a Julia print): the functor's method multiplies its Int8 field.
FUNCTOR = """CodeInfo(
1 ─ %1 = Base.getfield(self, :c)::Int8
│   %2 = Base.mul_int(%1, x)::Int8
└──      return %2
) => Int8
"""
MAIN = """CodeInfo(
1 ─ %1 = invoke $(QuoteNode(Fn(-56)))(3::Int8)::Int8
└──      return %1
) => Int8
"""


def _main():
    return jlir.functions(jlir.parse(MAIN))[0]   # each test its own constant (a run types it in place)


def _provider(tmp_path, struct_line: str):
    (tmp_path / "fn.txt").write_text(f"# MethodInstance for (::Fn)(::Int8)\n# self: self\n# argnames: x\n"
                                     f"{struct_line}\n{FUNCTOR}", encoding="utf-8")
    return interp.DumpProvider(tmp_path)


def test_a_called_functor_constant_takes_its_fields_declared_width(tmp_path):
    r = interp.run(_main(), [], _provider(tmp_path, "# struct Fn: c::Int8"))
    assert (r.value, r.type) == (interp.JInt(88, "Int8"), "Int8")   # Int8(-56) * Int8(3) wraps to 88


def test_without_the_field_types_the_call_is_refused(tmp_path):
    with pytest.raises(interp.NotInterpretable, match="field types of the constant Fn"):
        interp.run(_main(), [], _provider(tmp_path, "# struct Fn: c"))


def test_the_generated_programs_call_is_refused_without_julia_never_wrong():
    with gzip.open(DATA, "rt", encoding="utf-8") as f:
        records = [json.loads(line) for line in f]
    t = tally_records(records, callees=Chain(RecordCallees(records), BaseProvider()), log=True)
    assert not [row for row in t.log if row[2] == "interp" and row[4] == "wrong"]
    main = [row for row in t.log if "typeof(main_4790)" in row[1] and row[2:4] == ("interp", "typed")]
    assert [row[4] for row in main] == ["refused"] * 3, main


def test_a_decimal_inside_a_tuple_field_is_refused(tmp_path):
    nested = jlir.functions(jlir.parse(MAIN.replace("Fn(-56)", "Fn((-56, 2))")))[0]
    with pytest.raises(interp.NotInterpretable, match="inside a tuple or a struct"):
        interp.run(nested, [], _provider(tmp_path, "# struct Fn: c::Tuple{Int8,Int8}"))
