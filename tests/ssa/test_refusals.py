"""What `into_ssa` cannot convert it refuses by name (`NotSlotForm`, `jlir ssa` exit 2), never an internal error:
found by `scripts/check/fuzz_verbs.py` on real prints."""
from pathlib import Path

import pytest

import jlir
from jlir.ssa import into_ssa
from jlir.ssa.into_ssa import NotSlotForm

CORPUS = Path(__file__).resolve().parents[2] / "fixtures" / "corpus"


def test_a_cthulhu_view_is_refused_its_line_info_being_a_gutter_without_files():
    fn = jlir.functions(jlir.parse((CORPUS / "0111.txt").read_text(encoding="utf-8")))[0]  # Cthulhu's view
    with pytest.raises(NotSlotForm, match="Cthulhu view"):
        into_ssa(fn)


def test_a_newvarnode_of_no_slot_is_refused():
    # a slot number past what the reader takes as one (`val@_999…`) leaves a quoted name in the NewvarNode
    real = Path(__file__).resolve().parents[2] / "fixtures" / "julia-1.5.3" / "while_swap.typed-unoptimized.txt"
    text = real.read_text(encoding="utf-8")
    assert "(b@_5 = b@_3)" in text
    edited = text.replace("1 ─       (b@_5 = b@_3)::Int64", "1 ─       Core.NewvarNode(:(b@_" + "9" * 30 + "))::Any", 1)
    assert edited != text
    fn = jlir.functions(jlir.parse(edited))[0]
    with pytest.raises(NotSlotForm, match="NewvarNode"):
        into_ssa(fn)


def test_a_call_of_a_bare_name_is_refused_its_ircode_print_reading_as_a_constant():
    # verb-fuzz input 6971 (seed 1): a lowered closure body whose `Core.tuple(…)` became `Core9tuple(…)`, a call of
    # the Symbol `Core9tuple` in lowered code; its IRCode print `Core9tuple(%6, %7, %9)` read as a shown constant
    hardening = Path(__file__).resolve().parents[1] / "data" / "hardening"
    text = (hardening / "verbfuzz-seed1-6971-symbol-call-ssa.txt").read_text(encoding="utf-8")
    fn = jlir.functions(jlir.parse(text))[0]
    with pytest.raises(NotSlotForm, match="statement %12 calls a bare name"):
        into_ssa(fn)
    fixed = jlir.functions(jlir.parse(text.replace("Core9tuple", "Core.tuple")))[0]
    assert jlir.format(jlir.parse(jlir.format(into_ssa(fixed)))) == jlir.format(into_ssa(fixed))
