"""`Julia`: a live Julia that prints IR for jlir, whichever backend runs it.

    jl = Julia()                                 # juliacall if it works, else a `julia` executable
    f = jl.code_typed("foo(1.0)", defs=open("foo.jl").read())
    f.text, f.blocks, f.return_type              # what Julia printed, and jlir's reading of it
    jl.cfg("foo(1.0)").blocks, jl.domtree("foo(1.0)")   # Julia's own CFG and dominators
    jl.reference("foo(1.0)")["ssa"]["slots"]     # Julia 1.5's φ placement, verify_ir verdict, … (JSON)

Targets and forms are those of `jlir/live/jlir.jl`.  `defs` is Julia source
evaluated in `Main` before the target is resolved, once per distinct text in
a session (so repeating it per call costs nothing and keeps closure names).
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass
from typing import Callable

import jlir
from jlir.ir.cfg import CFG, BasicBlock
from jlir.ir.function import Document, Function
from jlir.live.errors import JuliaError, JuliaNotFound, ProtocolError
from jlir.live.juliacall_backend import JuliacallBackend
from jlir.live.locate import INSTALL_HINT, find_julia, resolve
from jlir.live.subprocess_backend import SubprocessBackend

FORMS = ("typed", "typed-unoptimized", "typed-source", "typed-vector", "lowered", "lowered-source", "warntype",
         "ircode", "ircode-noline", "cfg", "domtree", "costs", "ssa")
BACKENDS = ("auto", "juliacall", "subprocess")
DEFAULT_DEFS_NAME = "defs.jl"


@dataclass(frozen=True, slots=True)
class Fetched:
    """One form of one target as a live Julia printed it (`text`, verbatim) and jlir's reading of it.

    It reads like the function it holds: `f.blocks`, `f.stmts`, `f.return_type`
    … are those of `f.function`.  `command` is the Julia call that printed it.
    `document` is None for `domtree`, whose text is JSON, not IR.
    """
    text: str
    form: str
    target: str
    command: str
    julia_version: str
    document: Document | None

    @property
    def function(self) -> Function:
        """The function printed (the first, for a vector of several)."""
        functions = jlir.functions(self.document) if self.document is not None else []
        if not functions:
            raise ValueError(f"the `{self.form}` form holds no function")
        return functions[0]

    def __getattr__(self, name: str):
        if name.startswith("__") or name == "function":
            raise AttributeError(name)
        return getattr(self.function, name)


# Julia's own CFG is jlir's one CFG type, built from Julia's objects rather than from printed text.
JuliaCFG = CFG
CFGBlock = BasicBlock


@dataclass(frozen=True, slots=True)
class LoadedCase:
    """A fixture case evaluated in Main: its target, the forms it asks for, how Julia shows f and T."""
    target: str
    forms: tuple[str, ...]
    function: str
    argtypes: str
    warning: str


def _open_backend(julia: str | None, backend: str, startup_timeout: float | None,
                  on_stderr: Callable[[str], None] | None):
    """The backend to use: `auto` tries juliacall unless a Julia was named (`julia`, or `$JLIR_JULIA`: a Julia the
    user names wins over whichever Julia juliacall would pick), then a subprocess."""
    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
    tried: list[str] = []
    named = bool(julia) or bool(os.environ.get("JLIR_JULIA"))
    if backend == "juliacall" or (backend == "auto" and not named):
        exe = None
        if julia:
            command = resolve(julia, "--julia")
            if len(command.argv) > 1:
                raise JuliaNotFound(f"juliacall: cannot run {command} (a juliaup channel); set PYTHON_JULIAPKG_EXE "
                                    "to that channel's julia, or use the subprocess backend")
            exe = command.argv[0]
        try:
            return JuliacallBackend(exe, quiet=(backend == "auto"))
        except JuliaNotFound as e:
            if backend == "juliacall":
                raise
            tried.append(str(e))
    try:
        command = find_julia(julia)
    except JuliaNotFound as e:
        tried += list(e.tried) or [str(e)]
        if julia:
            raise
        raise JuliaNotFound("no Julia found. Tried: " + "; ".join(tried) + ".\n" + INSTALL_HINT,
                            tuple(tried)) from None
    return SubprocessBackend(command, startup_timeout=startup_timeout, on_stderr=on_stderr)


class Julia:
    """A live Julia session that prints IR exactly as its REPL would.

    `julia`: a path, a command, or `+CHANNEL` (juliaup); None looks at
    `$JLIR_JULIA`, PATH and jlir's Julia cache.  `backend`: `auto` (juliacall
    if it starts, else a subprocess; a named `julia` or a set `$JLIR_JULIA`
    means a subprocess of that Julia),
    `juliacall` or `subprocess`.  `timeout` bounds each request (seconds, None
    for none; the subprocess backend stops a Julia that overruns and starts a
    new one for the next request).  `on_stderr` receives each line the
    subprocess Julia writes to stderr (warnings, user prints).
    """

    def __init__(self, julia: str | None = None, *, backend: str = "auto", timeout: float | None = 300.0,
                 startup_timeout: float | None = 300.0, on_stderr: Callable[[str], None] | None = None):
        self.timeout = timeout
        self._backend = _open_backend(julia, backend, startup_timeout, on_stderr)

    # ------------------------------------------------------------------ what is running
    @property
    def backend(self) -> str:
        """`juliacall` or `subprocess`."""
        return self._backend.name

    @property
    def version(self) -> str:
        return str(self._backend.info.get("version", "?"))

    @property
    def forms(self) -> tuple[str, ...]:
        """The forms this Julia can print (`ircode` needs 1.5's inflate_ir or 1.9's code_ircode, `costs` 1.7+)."""
        return tuple(str(self._backend.info.get("forms", "")).split(","))

    @property
    def info(self) -> dict:
        """What Julia told about itself: version, machine, word_size, forms, pid, compiler, path (machine paths)."""
        return dict(self._backend.info)

    @property
    def command(self) -> str:
        """How this Julia runs (the executable and where it was found, or juliacall)."""
        cmd = self._backend.command
        return f"{cmd} ({cmd.origin})" if hasattr(cmd, "origin") else str(cmd)

    @property
    def pid(self) -> int | None:
        return self._backend.pid

    def __repr__(self) -> str:
        return f"<Julia {self.version} via {self.backend}: {self.command}>"

    # ------------------------------------------------------------------ requests
    def _call(self, *fields: str) -> list[str]:
        reply = self._backend.request(list(fields), self.timeout)
        if reply and reply[0] == "ok":
            return reply[1:]
        if len(reply) == 3 and reply[0] == "error":
            raise JuliaError(reply[1], reply[2])
        raise ProtocolError(f"unexpected reply from Julia: {reply[:2]!r}")

    def define(self, code: str, name: str = DEFAULT_DEFS_NAME) -> None:
        """Evaluate Julia source in Main as file `name` (once per distinct text and name)."""
        self._call("define", code, name)

    def render(self, target: str, form: str = "typed", *, defs: str | None = None,
               defs_name: str = DEFAULT_DEFS_NAME) -> tuple[str, str]:
        """`(text, command)`: what Julia prints for `form` of `target`, and the Julia call that printed it."""
        if form not in FORMS:
            raise ValueError(f"unknown form {form!r} (known: {', '.join(FORMS)})")
        if defs:
            self.define(defs, defs_name)
        text, command = self._call("render", form, target)
        return text, command

    def fetch(self, target: str, form: str = "typed", *, defs: str | None = None,
              defs_name: str = DEFAULT_DEFS_NAME) -> Fetched:
        """`form` of `target` as Julia prints it, read by jlir (a jlir.ParseError if jlir cannot read it)."""
        text, command = self.render(target, form, defs=defs, defs_name=defs_name)
        return Fetched(text, form, target, command, self.version, self.read(text, form, command))

    def read(self, text: str, form: str, command: str) -> Document | None:
        """jlir's reading of `text`, printed by this Julia for `form` by `command` (None for domtree's JSON)."""
        return None if form == "domtree" else jlir.parse(text, f"<Julia {self.version}: {command}>")

    def code_typed(self, target: str, *, defs: str | None = None, defs_name: str = DEFAULT_DEFS_NAME,
                   optimize: bool = True, debuginfo: str = "none") -> Fetched:
        """`@code_typed` (`optimize=False`: unoptimized; `debuginfo="source"`: with location lines)."""
        if not optimize:
            if _with_source(debuginfo):
                raise ValueError("jlir has no form for code_typed(…; optimize=false, debuginfo=:source)")
            return self.fetch(target, "typed-unoptimized", defs=defs, defs_name=defs_name)
        return self.fetch(target, "typed-source" if _with_source(debuginfo) else "typed", defs=defs, defs_name=defs_name)

    def code_lowered(self, target: str, *, defs: str | None = None, defs_name: str = DEFAULT_DEFS_NAME,
                     debuginfo: str = "none") -> Fetched:
        """`@code_lowered` (`debuginfo="source"`: with location lines)."""
        return self.fetch(target, "lowered-source" if _with_source(debuginfo) else "lowered", defs=defs, defs_name=defs_name)

    def code_warntype(self, target: str, *, defs: str | None = None,
                      defs_name: str = DEFAULT_DEFS_NAME) -> Fetched:
        """`@code_warntype`."""
        return self.fetch(target, "warntype", defs=defs, defs_name=defs_name)

    def ircode(self, target: str, *, defs: str | None = None, defs_name: str = DEFAULT_DEFS_NAME,
               lines: bool = True) -> Fetched:
        """The optimized IRCode (`Base.code_ircode` from 1.9, `inflate_ir` before); `lines=False` strips line info."""
        return self.fetch(target, "ircode" if lines else "ircode-noline", defs=defs, defs_name=defs_name)

    def cfg(self, target: str, *, defs: str | None = None, defs_name: str = DEFAULT_DEFS_NAME) -> CFG:
        """Julia's own CFG of the target's IRCode, from its objects: the reference for jlir's CFG analysis."""
        if defs:
            self.define(defs, defs_name)
        (text,) = self._call("cfg", target)
        return CFG.from_json(json.loads(text))

    def reference(self, target: str, *, defs: str | None = None, defs_name: str = DEFAULT_DEFS_NAME) -> dict:
        """Julia's own analyses of the target (Julia 1.5 only), the reference jlir's analyses are checked against:
        `cfg`, `idoms` and `verify` ("ok" or verify_ir's error) of its `ircode-noline` IRCode, and `ssa`: the
        pre-SSA IRCode's `cfg` and `idoms` and per slot with uses its def blocks, live-in blocks, the φ blocks
        `idf` places (`idf`) and the unpruned iterated dominance frontier (`idf_full`), in Julia's order."""
        if defs:
            self.define(defs, defs_name)
        (text,) = self._call("reference", target)
        return json.loads(text)

    def domtree(self, target: str, *, defs: str | None = None,
                defs_name: str = DEFAULT_DEFS_NAME) -> tuple[int, ...]:
        """Immediate dominator of each block (index 0 is block 1; 0 for the entry and unreachable blocks),
        from the compiler's own `construct_domtree`."""
        text, _ = self.render(target, "domtree", defs=defs, defs_name=defs_name)
        return tuple(json.loads(text)["idoms"])

    def struct_info(self, type_text: str) -> tuple[bool, tuple[tuple[str, str], ...]]:
        """(mutable, ((field name, field type), …)) of the struct type `type_text` names in Main (Julia's
        `fieldnames`/`fieldtypes`): what the interpreter's `%new` needs."""
        (text,) = self._call("struct", type_text)
        head, *fields = text.split("\n")
        return head == "mutable", tuple(tuple(f.split("\t", 1)) for f in fields)

    def method_info(self, target: str) -> dict:
        """The method a call dispatches to: {"argnames": (…), "vararg": bool, "sparams": "T,…"} (sparams as a
        callee dump's `# sparams:` line)."""
        (text,) = self._call("method", target)
        out: dict = {}
        for line in text.split("\n"):
            key, _, value = line.partition("\t")
            out[key] = value
        # an argument without a name (`::typeof(f)` of a keyword body) is an empty name, kept in its place
        return {"argnames": tuple(out["argnames"].split(",")) if out.get("argnames") else (),
                "vararg": out.get("vararg") == "true", "sparams": out.get("sparams", "")}

    def global_info(self, name: str) -> tuple[str, bool, str, str]:
        """(owner module, constant, kind, text) of the global `name` (`Main.MyPkg.SCALE`) as Julia binds it: kind
        `function`, `type` (text: the type as Main prints it), `value` (text: `Type:raw`, `jlir.interp.encoding`)
        or `other`; the owner is where the binding is Base's (`Main.MyPkg.length` → `Base`)."""
        (text,) = self._call("global", name)
        owner, const, kind, rest = (text.split("\t", 3) + ["", "", ""])[:4]
        return owner, const == "const", kind, rest

    def callable_dump(self, signature: str, form: str = "typed") -> str:
        """The callee dump (`jlir.interp.DumpProvider`'s format) of a call of a closure or other callable struct,
        by its signature `Tuple{var"#3001#3003"{Int64}, Int64}` in Main, in `form` (`typed`, `typed-unoptimized`,
        `lowered`): what `code_typed(closure, types)` prints, got without the closure (jlir/live/julia/closures.jl)."""
        (text,) = self._call("callable", signature, form)
        return text

    def literal_info(self, signature: str) -> tuple[str, tuple[tuple[int, str, str, str], ...]]:
        """(print, literals) of the optimized `code_typed` of the method instance `signature` (`Tuple{typeof(f),
        Int32}`, a closure's `Tuple{var"#3#4",Int64}`) names in Main: its print (`CodeInfo => T`) and each number
        literal of its statements as (statement, `int`|`float`, value, type), the type a print does not show
        (an Int32 `1` prints `1`; jlir/live/julia/literals.jl)."""
        text, table = self._call("literals", signature)
        rows = tuple((int(i), kind, value, typ) for i, kind, value, typ in
                     (line.split("\t") for line in table.split("\n") if line))
        return text, rows

    def load_case(self, code: str, name: str, rank: int) -> LoadedCase:
        """Evaluate a fixture case (`fixtures/cases/NAME.jl` source) with its closure counters set for `rank`."""
        target, forms, function, argtypes, warning = self._call("load_case", code, name, str(rank))
        return LoadedCase(target, tuple(f for f in forms.split(",") if f), function, argtypes, warning)

    # ------------------------------------------------------------------ lifecycle
    def close(self) -> None:
        self._backend.close()

    def __enter__(self) -> "Julia":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _with_source(debuginfo: str) -> bool:
    if debuginfo not in ("none", "source"):
        raise ValueError(f"debuginfo must be 'none' or 'source', not {debuginfo!r}")
    return debuginfo == "source"
