"""Code in a module other than Main reads Base's names through its own module, as Julia resolves them: a module
sees Base's and Core's exports (`Main.MyPkg.Int` is `Int64`, `Main.MyPkg.length` is `Base.length`), so they run
with no Julia; the module's own constant (`Main.MyPkg.SCALE`) is the live Julia's answer, the print having none
but in the optimized form's `Const`.  Julia 1.5.3's prints and answers: tests/data/interp/module-names.jl."""
from __future__ import annotations

from pathlib import Path

import pytest
from conftest import NO_JULIA, live_julias

import jlir
from jlir import interp
from jlir.semantics.values import JArray

DATA = Path(__file__).resolve().parents[1] / "data" / "interp"
FNS = jlir.functions(jlir.parse((DATA / "module-names-1.5.3.txt").read_text(encoding="utf-8")))
# (function, argument, Julia's repr) for f, g, h, s; three forms each: typed, optimize=false, lowered
CALLS = [("f", 2.0, "3"), ("g", JArray("Int64", [1, 2, 3]), "9"), ("h", 5, '"5"'), ("s", 5, "15")]
FORMS = ("typed", "optimize=false", "lowered")


@pytest.mark.parametrize("k", range(9), ids=[f"{c[0]}-{f}" for c in CALLS[:3] for f in FORMS])
def test_base_names_read_through_the_module_run_with_no_julia(k):
    name, arg, want = CALLS[k // 3]
    r = interp.run(FNS[k], [arg], interp.BaseProvider(), argnames=["x" if name != "g" else "v"])
    assert interp.julia_repr(r.value) == want


def test_the_modules_own_constant_is_in_the_typed_print_and_refused_elsewhere_without_julia():
    assert interp.julia_repr(interp.run(FNS[9], [5], interp.BaseProvider(), argnames=["x"]).value) == "15"
    for fn in FNS[10:12]:
        with pytest.raises(interp.NotInterpretable, match="Main.MyPkg.SCALE"):
            interp.run(fn, [5], interp.BaseProvider(), argnames=["x"])


@pytest.mark.skipif(not live_julias(), reason=NO_JULIA)
def test_a_live_julia_gives_the_modules_own_constant(tmp_path):
    from jlir.live import Julia
    from jlir.live.provider import LiveProvider
    jl = Julia(live_julias()[0])
    try:
        defs = (DATA / "module-names.jl").read_text(encoding="utf-8").split("open(")[0]
        provider = LiveProvider(jl, cache=tmp_path, defs=defs)
        for fn in FNS[10:12]:
            assert interp.julia_repr(interp.run(fn, [5], provider, argnames=["x"]).value) == "15"
        assert provider.global_value("Main.MyPkg.length").name == "Base.length"  # Base's, as Julia binds it
    finally:
        jl.close()
