"""The framed messages jlir exchanges with its Julia side (`jlir/live/jlir.jl`, which documents the requests).

A message is a header line `JLIR <n>` and n fields, each `<byte length>\\n`
followed by that many bytes of UTF-8.  Lengths, not delimiters, so that any
text (IR, user code, error messages with newlines) travels unescaped, and a
stray line on the stream is recognised as such instead of being misread.

Replies of a served session carry the session's nonce in their header
(`JLIR <nonce> <n>`): a random token jlir sends on Julia's stdin when the
session starts (`session NONCE`, the first request) and user code is never
given.  Whatever else reaches the reply pipe (user code that writes to it,
forged frames included) lacks the nonce and is skipped as stray output
(`read_reply`), so it can never be taken for a reply.
"""
from __future__ import annotations

from pathlib import Path
from typing import BinaryIO, Sequence

from jlir.live.errors import ProtocolError

MAGIC = b"JLIR "
JLIR_JL = Path(__file__).with_name("jlir.jl")  # the Julia side, shipped in the package


def new_nonce() -> str:
    """A session's reply token: 128 random bits, hex."""
    import secrets
    return secrets.token_hex(16)


def encode(fields: Sequence[str], nonce: str = "") -> bytes:
    parts = [MAGIC, f"{nonce} ".encode() if nonce else b"", str(len(fields)).encode(), b"\n"]
    for field in fields:
        data = field.encode("utf-8", errors="surrogateescape")
        parts += [str(len(data)).encode(), b"\n", data]
    return b"".join(parts)


def _count(line: bytes, what: str) -> int:
    text = line.rstrip(b"\n")
    if not text.isdigit():
        raise ProtocolError(f"expected {what}, got {bytes(line[:80])!r}")
    return int(text)


def read_message(stream: BinaryIO) -> list[str] | None:
    """The next message on `stream`; None if the stream ends before one starts."""
    header = stream.readline()
    if not header:
        return None
    if not header.startswith(MAGIC):
        raise ProtocolError(f"expected a `JLIR <n>` header, got {bytes(header[:80])!r}")
    return _fields(stream, _count(header[len(MAGIC):], "a field count"))


def read_reply(stream: BinaryIO, nonce: str, stray=None) -> list[str] | None:
    """The next reply carrying `nonce` on `stream`, None at its end.  Lines before it (stray output, frames
    without the nonce) go to `stray(line)`; the header may follow stray bytes on its line (output without a
    final newline)."""
    marker = MAGIC + nonce.encode() + b" "
    while True:
        line = stream.readline()
        if not line:
            return None
        at = line.find(marker)
        if at < 0 or not line.endswith(b"\n"):
            if stray is not None:
                stray(line)
            continue
        if at > 0 and stray is not None:
            stray(line[:at])
        return _fields(stream, _count(line[at + len(marker):], "a field count"))


def _fields(stream: BinaryIO, n: int) -> list[str]:
    fields = []
    for _ in range(n):
        size = _count(stream.readline(), "a field length")
        data = stream.read(size)
        if len(data) != size:
            raise ProtocolError("the stream ended inside a message")
        # surrogateescape: bytes that are not UTF-8 survive, so a caller can refuse them or write them back as they were
        fields.append(data.decode("utf-8", errors="surrogateescape"))
    return fields


def decode(data: bytes) -> list[str]:
    """The one message `data` holds."""
    import io
    message = read_message(io.BytesIO(data))
    if message is None:
        raise ProtocolError("empty reply")
    return message


def parse_info(text: str) -> dict[str, object]:
    """The reply to `hello` (`key\\tvalue` lines) as a dict; `path` (repeated) becomes a list."""
    info: dict[str, object] = {"path": []}
    for line in text.splitlines():
        key, _, value = line.partition("\t")
        if key == "path":
            info["path"].append(value)
        else:
            info[key] = value
    return info
