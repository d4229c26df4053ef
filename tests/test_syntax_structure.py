"""The reader's structure: what it relies on from Lark, and that its walks over the model follow jlir.ir.walk."""
from __future__ import annotations

import re
import types
from pathlib import Path

import lark
import pytest

from jlir.syntax import driver
from jlir.syntax.tables import lark_parser

REPO = Path(__file__).resolve().parent.parent


def test_installed_lark_is_the_series_the_driver_was_written_for():
    assert tuple(map(int, lark.__version__.split(".")[:2])) == driver.TESTED_LARK, (
        f"Lark {lark.__version__} is installed, but jlir's LALR driver reads the parse table of Lark "
        f"{driver.TESTED_LARK}: check the driver against the new release, then move the pin and TESTED_LARK")


def test_pyproject_pins_lark_to_the_tested_minor_series():
    text = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    major, minor = driver.TESTED_LARK
    assert f'"lark>={major}.{minor},<{major}.{minor + 1}"' in text


def test_larks_parse_table_is_laid_out_as_the_driver_reads_it():
    driver.check_lark_layout(lark_parser()[0])  # raises LarkLayoutError, saying what changed


def _stand_in(parse_table):
    return types.SimpleNamespace(parser=types.SimpleNamespace(parser=types.SimpleNamespace(
        parser=types.SimpleNamespace(parse_table=parse_table, callbacks={}))))


@pytest.mark.parametrize("table, says", [
    (types.SimpleNamespace(states={}, start_states={}), "no dict `end_states`"),
    (types.SimpleNamespace(states={0: {"A": "shift 3"}}, start_states={}, end_states={}), "not an (action, argument)"),
])
def test_a_changed_parse_table_layout_fails_loudly_saying_what_changed(table, says):
    with pytest.raises(driver.LarkLayoutError, match=re.escape(says)) as caught:
        driver.check_lark_layout(_stand_in(table))
    assert "changed the parse-table layout" in str(caught.value)


def test_a_parser_without_the_lalr_internals_fails_loudly():
    with pytest.raises(driver.LarkLayoutError, match="lark.parser.parser.parser"):
        driver.check_lark_layout(types.SimpleNamespace(parser=None))
