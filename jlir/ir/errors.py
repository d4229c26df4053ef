"""The root of every error jlir raises on purpose: `except jlir.JlirError` catches them all.

Like Lark's `LarkError`, one base class lets a user tell "jlir refused this
input or operation, and says why" apart from a bug.  Each package derives its
own (`ParseError`, `SchemaError`, `DiffError`, `LiveError`, `UnknownKind`, and
later `PassError`, `NotInterpretable`), keeping a standard base such as
`ValueError` where callers already catch that.
"""
from __future__ import annotations


class JlirError(Exception):
    """An error jlir raises deliberately, with a message meant for the user."""
