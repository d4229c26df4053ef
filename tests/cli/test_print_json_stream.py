"""`jlir print --from-json` streams: each JSON document is read, printed and let go before the next, so a file of
many documents costs the memory of one, and a broken document comes after the ones before it were printed."""
from __future__ import annotations

import gc
import json
import tracemalloc
from pathlib import Path

import pytest

from jlir.cli.print import _from_json_items, json_documents
from jlir.syntax.errors import ParseError
from support.cli import run_jlir

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "julia-1.5.3"
TYPED = FIXTURES / "early_return.typed.txt"
CFG = FIXTURES / "arrays.cfg.txt"


def test_json_documents_are_read_one_at_a_time_and_a_later_error_waits_its_turn():
    one = json.dumps({"schema": "jlir/1", "source": None, "document": None})
    documents = json_documents(one + "\n{\"schema\": ", "x.json")
    assert next(documents)["schema"] == "jlir/1"      # read before the broken second one is looked at
    with pytest.raises(ParseError) as e:
        next(documents)
    assert e.value.line == 2 and "not valid JSON" in str(e.value)


def test_a_json_list_and_an_empty_input_are_read_as_before():
    envelopes = [{"schema": "jlir/1", "k": k} for k in range(3)]
    assert [d["k"] for d in json_documents(json.dumps(envelopes), "x.json")] == [0, 1, 2]
    with pytest.raises(ParseError, match="no JSON found"):
        list(json_documents(" \n[]\n", "x.json"))


def test_the_documents_before_a_broken_one_are_printed_and_the_status_is_2(tmp_path):
    first = run_jlir("parse", "--json", str(TYPED)).stdout.decode().strip()
    j = tmp_path / "two.json"
    j.write_text(first + '\n{"schema": "jlir/1", "document": }\n', encoding="utf-8")
    r = run_jlir("print", "--from-json", str(j))
    assert r.returncode == 2
    assert r.stdout == TYPED.read_bytes()
    err = r.stderr.decode()
    assert err.startswith(f"{j}:2:34:") and "not valid JSON" in err and "Traceback" not in err


def test_a_schema_error_in_a_later_document_names_it_after_the_earlier_ones_printed(tmp_path):
    lines = run_jlir("parse", "--json", str(TYPED), str(CFG)).stdout.decode().splitlines()
    second = json.loads(lines[1])
    second["schema"] = "jlir/99"
    j = tmp_path / "two.json"
    j.write_text(lines[0] + "\n" + json.dumps(second) + "\n", encoding="utf-8")
    r = run_jlir("print", "--from-json", str(j))
    assert r.returncode == 2 and r.stdout == TYPED.read_bytes()
    assert "(JSON document 2)" in r.stderr.decode() and "jlir/99" in r.stderr.decode()


def _peak_while_reading(path: Path) -> int:
    """The most memory held while the documents after the first are read (reading the file itself, a bounded
    `read` whose buffer is allocated at full size before it shrinks, comes first and is left out)."""
    gc.collect()
    tracemalloc.start()
    try:
        items = _from_json_items(str(path))
        next(items)
        tracemalloc.reset_peak()
        for _model, _text in items:
            pass
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_many_documents_cost_the_memory_of_one_not_of_all(tmp_path):
    line = run_jlir("parse", "--json", str(TYPED)).stdout.decode().strip()
    few, many = tmp_path / "few.json", tmp_path / "many.json"
    few.write_text("\n".join([line] * 2) + "\n", encoding="utf-8")
    many.write_text("\n".join([line] * 40) + "\n", encoding="utf-8")
    _peak_while_reading(few)  # the reader's tables loaded
    grown = _peak_while_reading(many) - _peak_while_reading(few)
    # measured: 1.3 bytes per byte of JSON streamed (what the process-wide memos keep), 6.5 when every tree was
    # built before the first document printed
    assert grown < 3 * 38 * len(line), (grown, len(line))


def test_a_lone_surrogate_in_a_later_document_is_located_on_its_own_line(tmp_path):
    lines = run_jlir("parse", "--json", str(TYPED), str(TYPED)).stdout.decode().splitlines()
    j = tmp_path / "two.json"
    j.write_text(lines[0] + "\n" + lines[1].replace('"name":"', '"name":"\\ud800', 1) + "\n", encoding="utf-8")
    r = run_jlir("print", "--from-json", str(j))
    assert r.returncode == 2 and r.stdout == TYPED.read_bytes()
    first = r.stderr.decode().splitlines()[0]
    assert first.startswith(f"{j}:2:") and "`\\ud800` is a lone UTF-16 surrogate" in first
