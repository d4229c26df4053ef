"""`print` of a float into an `IOBuffer` (`string(x)`): Base's Ryu code asks `sizeof` of the buffer's
`Array{UInt8,1}` (Core's `sizeof` of an array is its length times its element size, builtins.c's `jl_f_sizeof`)
and `unsafe_write` reads its bytes back through a `Ptr{UInt8}` (`pointerref`).  Record: Julia 1.5.3's of seed-4
program 41's `h1_41` (tests/data/interp/unchosen/README.md), whose callees only a live Julia has."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import NO_JULIA, live_julias

from jlir.interp import JArray, run
from jlir.semantics.numbers import make_int

DATA = Path(__file__).resolve().parents[1] / "data" / "interp" / "unchosen"


def test_sizeof_an_array_of_bits_is_its_length_times_its_element_size():
    import jlir
    fn = jlir.functions(jlir.parse("CodeInfo(\n1 ─ %1 = Core.sizeof(a)::Int64\n└──      return %1\n) => Int64"))[0]
    a = JArray("UInt16", [make_int("UInt16", k) for k in range(5)])
    assert run(fn, [a], argnames=["a"]).value == 10


@pytest.mark.skipif(not live_julias(), reason=NO_JULIA)
def test_a_float_printed_into_an_iobuffer_gives_julias_string():
    from jlir.live import Julia
    from jlir.interp.builtin import BaseProvider
    from jlir.oracle.interp import Chain, RecordCallees, check_interp
    from jlir.oracle.programs import ProgramCallees
    record = json.loads((DATA / "gen-4-00041.jsonl").read_text(encoding="utf-8"))
    jl = Julia(None)
    try:
        if jl.version != "1.5.3":
            pytest.skip("the recorded answers are Julia 1.5.3's")
        callees = ProgramCallees([record], Chain(RecordCallees([record]), BaseProvider()), (BaseProvider(),), jl,
                                 {"gen-4-00041.jl": str(DATA / "gen-4-00041.jl")})
        renamed, provider = callees.for_record(record)
        for key in ("typed", "unoptimized", "lowered"):
            outcomes = check_interp(renamed, provider, key)
            assert [o.verdict for o in outcomes] == ["equal"] * 3, (key, outcomes)
    finally:
        jl.close()
