"""The framed messages between jlir and its Julia side: any text travels unchanged, and malformed input is named."""
from __future__ import annotations

import io

import pytest
from hypothesis import given
from hypothesis import strategies as st

from jlir.live import protocol
from jlir.live.errors import ProtocolError


@given(st.lists(st.text()))
def test_any_list_of_texts_survives_a_round_trip(fields):
    assert protocol.decode(protocol.encode(fields)) == fields


def test_messages_follow_one_another_on_a_stream():
    stream = io.BytesIO(protocol.encode(["ok", "a\nJLIR 2\n"]) + protocol.encode(["error", "render", "φ"]))
    assert protocol.read_message(stream) == ["ok", "a\nJLIR 2\n"]
    assert protocol.read_message(stream) == ["error", "render", "φ"]
    assert protocol.read_message(stream) is None


def test_bytes_that_are_not_utf8_come_back_as_they_were():
    raw = b"JLIR 1\n3\na\xffb"
    (field,) = protocol.decode(raw)
    assert protocol.encode([field]) == raw
    with pytest.raises(UnicodeEncodeError):
        field.encode("utf-8")


@pytest.mark.parametrize("data, says", [
    (b"hello from user code\n", "expected a `JLIR <n>` header"),
    (b"JLIR x\n", "expected a field count"),
    (b"JLIR 1\nten\n", "expected a field length"),
    (b"JLIR 1\n10\nshort", "ended inside a message"),
])
def test_a_malformed_message_is_a_protocol_error_saying_what_was_wrong(data, says):
    with pytest.raises(ProtocolError, match=says):
        protocol.read_message(io.BytesIO(data))


def test_hello_info_reads_as_a_dict_with_the_paths_as_a_list():
    info = protocol.parse_info("version\t1.5.3\npath\t/a\npath\t/b b")
    assert info == {"version": "1.5.3", "path": ["/a", "/b b"]}


def test_the_forms_python_offers_are_the_julia_sides_in_its_order():
    """The list lives on both sides (the CLI needs it before any Julia runs): they must not drift apart."""
    import re
    from jlir.live import FORMS
    from jlir.live.protocol import JLIR_JL
    julia_side = "".join(p.read_text(encoding="utf-8") for p in [JLIR_JL, *sorted(JLIR_JL.parent.glob("julia/*.jl"))])
    block = re.search(r"const ALL_FORMS = \[(.*?)\]", julia_side, re.S).group(1)
    assert tuple(re.findall(r'"([^"]+)"', block)) == FORMS


def test_a_reply_is_found_only_by_its_nonce_whatever_precedes_it():
    forged = protocol.encode(["ok", "forged IR"])  # a frame user code wrote: no nonce
    real = protocol.encode(["ok", "real IR"], nonce="n0nce")
    stray: list[bytes] = []
    stream = io.BytesIO(b"user output\n" + forged + b"partial line without newline" + real + forged)
    assert protocol.read_reply(stream, "n0nce", stray.append) == ["ok", "real IR"]
    assert stray[0] == b"user output\n" and stray[-1].endswith(b"partial line without newline")
    assert b"forged IR" in b"".join(stray)
    assert protocol.read_reply(stream, "n0nce", stray.append) is None  # only stray output follows


def test_nonces_are_fresh_per_session():
    assert len({protocol.new_nonce() for _ in range(100)}) == 100
