"""The interpreter row on a generated program's records with the program evaluated in a live Julia
(`jlir.oracle.programs`): the records' closure numbers are the recording Julia's, renamed to the live Julia's by
printing the same functions there, and the live Julia answers only for names it is known to share.  Records:
Julia 1.5.3's of seed-3 program 46 (tests/data/interp/programs/README.md).  The live parts skip without Julia."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import NO_JULIA, live_julias

from jlir.live.gensyms import own_numbers, own_renamed

DATA = Path(__file__).resolve().parents[1] / "data" / "interp" / "programs"


def _records(program: str = "gen-3-00046") -> list:
    return [json.loads(line) for line in (DATA / f"{program}.jsonl").read_text(encoding="utf-8").splitlines()]


def _record(target: str, program: str = "gen-3-00046") -> dict:
    return next(r for r in _records(program) if r["target"].startswith(target))


def test_main_names_numbers_are_the_programs_and_other_modules_and_blocks_are_not():
    text = _record("Tuple{typeof(calc2_46)")["unoptimized"]
    assert 'Main.:(var"#300#301")' in text and "goto #" in text
    assert own_numbers(text) == {"#300", "#301"}
    assert own_numbers('Base.:(var"#62#63")(x) ; goto #3 ; φ (#2 => 1) ; $(Expr(:enter, #16))') == set()
    assert own_numbers('MethodInstance for #kw3_903#81(::Int128) ; Symbol("#230#i2")') == {"#81", "#230"}
    renamed = own_renamed(text, {"#300": "#7", "#301": "#8", "#3": "#99"})
    assert 'Main.:(var"#7#8")' in renamed and "#300" not in renamed
    assert [line for line in renamed.splitlines() if "goto" in line] == \
        [line for line in text.splitlines() if "goto" in line]   # `#3` the block is no name


@pytest.mark.skipif(not live_julias(), reason=NO_JULIA)
def test_a_programs_closure_type_runs_with_the_program_in_the_live_julia():
    """calc2_46's slot forms build its closure's type, `Core.apply_type(var"#300#301", Int16)`, which only the
    program defines: without it every run was refused (`var"#300#301"{Int16} is not a type this run knows`);
    with the program evaluated in the live Julia and its numbers renamed, each run gives Julia's answer."""
    from jlir.live import Julia
    from jlir.oracle.interp import Chain, RecordCallees, check_interp
    from jlir.oracle.programs import ProgramCallees
    from jlir.interp.builtin import BaseProvider
    records = _records()
    jl = Julia(None)
    try:
        callees = ProgramCallees(records, Chain(RecordCallees(records), BaseProvider()), (BaseProvider(),), jl,
                                 {"gen-3-00046.jl": str(DATA / "gen-3-00046.jl")})
        record, provider = callees.for_record(_record("Tuple{typeof(calc2_46)"))
        assert 'var"#300#301"' not in record["unoptimized"]
        for key in ("unoptimized", "lowered"):
            outcomes = check_interp(record, provider, key)
            assert [o.verdict for o in outcomes] == ["equal"] * len(outcomes), (key, outcomes)
        plain = check_interp(_record("Tuple{typeof(calc2_46)"), Chain(RecordCallees(records), BaseProvider()),
                             "unoptimized")
        assert {o.verdict for o in plain} == {"refused"}  # no live Julia: the closure's type is no one's
    finally:
        jl.close()


@pytest.mark.skipif(not live_julias(), reason=NO_JULIA)
def test_the_live_julia_is_not_asked_about_a_main_number_the_mapping_did_not_give():
    from jlir.live import Julia
    from jlir.oracle.programs import ProgramCallees
    records = _records()
    jl = Julia(None)
    try:
        callees = ProgramCallees(records, None, (), jl, {"gen-3-00046.jl": str(DATA / "gen-3-00046.jl")})
        mapping, provider = callees._prepare("gen-3-00046.jl")
        assert set(mapping) == {"#300", "#301"}
        live = provider.providers[-1]
        assert live.lookup('(::var"#9999#10000")', ("Int64",)) is None
        assert live.struct_fields('var"#9999#10000"') is None
    finally:
        jl.close()


@pytest.mark.skipif(not live_julias(), reason=NO_JULIA)
def test_a_statement_reading_a_modules_function_takes_the_live_julias_binding():
    """Program 44 is a module, `Gen44`: φ3_44's typed print reads `%1 = Main.Gen44.kw1_44::typeof(…)` (a keyword
    call's function, passed on to its body).  The live Julia binds it (a function of Main.Gen44); a statement that
    is only that read took no notice of it (was refused: `the global Main.Gen44.kw1_44 (its value is not in the
    IR)`), and each run now gives Julia's answer."""
    from jlir.live import Julia
    from jlir.oracle.interp import Chain, RecordCallees, check_interp
    from jlir.oracle.programs import ProgramCallees
    from jlir.interp.builtin import BaseProvider
    records = _records("gen-3-00044")
    jl = Julia(None)
    try:
        callees = ProgramCallees(records, Chain(RecordCallees(records), BaseProvider()), (BaseProvider(),), jl,
                                 {"gen-3-00044.jl": str(DATA / "gen-3-00044.jl")})
        record, provider = callees.for_record(_record("Tuple{typeof(Main.Gen44.φ3_44)", "gen-3-00044"))
        for key in ("typed", "unoptimized", "lowered"):   # (the slot forms call `Core.kwfunc(Main.Gen44.kw1_44)`:
            outcomes = check_interp(record, provider, key)  # Main.Gen44.var"#kw1_44##kw", not another module's)
            assert [o.verdict for o in outcomes] == ["equal"] * len(outcomes), (key, outcomes)
        # (its IRCode print returns a literal whose width it does not show: the instance's `=> T` gives it)
        ircode = check_interp(record, provider, "ircode")
        assert ircode and all(o.verdict == "equal" for o in ircode), ircode
    finally:
        jl.close()


@pytest.mark.skipif(not live_julias(), reason=NO_JULIA)
def test_a_closure_type_of_another_module_read_as_a_global_is_that_type():
    """Program 39 of seed 4 is a module, `Gen39`: its closure capturing `b3` has a type parameter, so the code
    reads the type as a global (`%57 = Main.Gen39.:(var"#2#4")::Type{Main.Gen39.var"#2#4"}`) and applies it.
    The run knows the struct by its module's name (closures are numbered per module); the global is that type
    (was refused: `the global Main.Gen39.#2#4 (its value is not in the IR)`), and every form of every run of the
    program's functions gives Julia's answer."""
    from jlir.live import Julia
    from jlir.oracle.interp import Chain, RecordCallees, check_interp
    from jlir.oracle.programs import ProgramCallees
    from jlir.interp.builtin import BaseProvider
    records = _records("gen-4-00039")
    jl = Julia(None)
    try:
        callees = ProgramCallees(records, Chain(RecordCallees(records), BaseProvider()), (BaseProvider(),), jl,
                                 {"gen-4-00039.jl": str(DATA / "gen-4-00039.jl")})
        for target in ("Tuple{typeof(Main.Gen39.φ3_39)", "Tuple{typeof(Main.Gen39.main_39)"):
            record, provider = callees.for_record(_record(target, "gen-4-00039"))
            for key in ("typed", "ircode", "unoptimized", "lowered"):
                outcomes = check_interp(record, provider, key)
                assert [o.verdict for o in outcomes] == ["equal"] * len(outcomes), (target, key, outcomes)
    finally:
        jl.close()
