"""The placeholder `jlir.parse(text, errors="collect")` leaves where a dump could not be read.

It lives outside the model modules on purpose: it is not model data (JSON
refuses it; the serializer's kind registry does not list it).
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A dump that could not be read, kept in its place by `jlir.parse(text, errors="collect")`.

    `text` is the dump's lines exactly as read (no trailing newline), `error`
    the located ParseError that stopped its reader.  It is a placeholder, not
    IR: the printer refuses it unless asked to print it verbatim, JSON refuses
    it, and `Document.readable()` leaves it out.
    """
    text: str
    error: object
