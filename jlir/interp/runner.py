"""`run`: execute a jlir Function on Julia values.

Semantics (see `jlir.interp.compile` and `jlir.interp.blocks` for how statements become closures):

* Control flow follows the blocks; a φ takes the value of the edge actually taken, φᶜ the value of the last
  upsilon run before the throw; `enter` pushes a handler, `leave n` pops n, a thrown Julia exception jumps to
  the innermost handler's catch block (`the_exception` is the exception, `pop_exception` restores the stack).
* Slots start undefined (`NewvarNode` makes them so again); reading one raises Julia's `UndefVarError`.
* Intrinsics and builtins run natively (`jlir.semantics.intrinsics`, `jlir.semantics.builtins`); `invoke` and other
  calls go to the provider (`lookup(callee_text, arg_types) -> Function | None`); anything else raises
  `NotInterpretable` naming the statement, never a wrong answer.
* An uncaught Julia exception does not raise: `run` returns it as `Result.exception` (value and type None),
  so a before/after comparison treats "throws DivideError" as an outcome like any value.
* `steps` counts the statements of every block entered (a throwing block counts whole), callees included.
"""
from __future__ import annotations

import re
import time
from dataclasses import dataclass

import jlir.interp.basemethods as basemethods
import jlir.interp.calls as calls
from jlir.interp.blocks import compile_function
from jlir.interp.compiled import shared
from jlir.interp.literal_types import LiteralTypes
from jlir.interp.frames import Push, Stopped, execute
from jlir.interp.limits import Exhausted, Watch, out_of_memory
from jlir.interp.provider import signature_key, signature_text, struct_key
from jlir.ir.excerpt import refuse
from jlir.semantics.base_globals import is_library_module, main_binding, seen_name, type_module
from jlir.semantics.constants import global_constant, strip_module
from jlir.semantics.pointers import string_value
from jlir.semantics.show import julia_repr
from jlir.edit import is_slot_form
from jlir.ir import values as V
from jlir.ir import walk
from jlir.ir.function import Form
from jlir.semantics.names import is_identifier, var_quoted
from jlir.semantics.values import (JFunction, JStringBuf, JStruct, JType, JuliaException, NotInterpretable, normalize,
                                typeof)


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome of a run: the returned value and its Julia type, or the uncaught exception; statements executed."""
    value: object
    type: str | None
    steps: int
    exception: JuliaException | None = None

    @property
    def outcome(self) -> tuple:
        """What a before/after comparison compares: `("value", type, repr)` or `("exception", type name)`."""
        if self.exception is not None:
            return ("exception", self.exception.type_name)
        return ("value", self.type, julia_repr(self.value))


class Context:
    """What a run shares across its frames: the exception stack, the provider, the step count, compiled callees."""

    def __init__(self, provider, max_depth: int, max_steps: int | None = None, structs=None, form: str = "typed",
                 timeout: float | None = None, started: float | None = None):
        self.exceptions: list = []
        self.form = form  # the run's form: a slot form prefers its callees' dumps in that form (`lookup_form`)
        self.provider = provider
        self.steps = 0
        self.counts: dict | None = None  # block → times entered, of the outermost frame, when asked for (`run`)
        self.depth = 0
        self.max_depth = max_depth
        self.max_steps = max_steps
        self.timeout = timeout
        self.deadline = None if timeout is None else (time.monotonic() if started is None else started) + timeout
        self.compiled: dict = {}
        self.plans: dict = {}  # (callee, argument types, count) → _plan's answer
        self.own = None  # (signature key, fn, argnames, sparams, vararg index) of the run's function, when named
        self.own_self = None  # the name its slot 1 prints as, where not `#self#`
        self.optimized = None  # whether the run's own function is the optimizer's output (`run`'s `optimized`)
        self.module = None  # the run's method's module, where not Main (`Core.Compiler`: its own operators)
        self.globals: dict = {}  # the user's globals the provider knows, by qualified name
        # struct name (no parameters) → (field names, mutable): the provider's, then the caller's
        self.structs: dict = {**(getattr(provider, "structs", dict)() if provider is not None else {}),
                              **{strip_module(k): (tuple(n), bool(m)) for k, (n, m) in (structs or {}).items()}}

    def prepare(self, callee: str, arg_types, args: list, self_value=None):
        """What calling `callee` on `args` takes (`arg_types`: the `invoke`'s signature, else the values'): a `Push`
        of the provider's IR for it, to run in a new frame; else the value of one of the Base methods
        `jlir.interp.basemethods` runs natively; else `NotInterpretable`.  `self_value`: the callee's `#self#`
        where it is a value (a closure called), not the function by name."""
        types = tuple(arg_types) if arg_types is not None else tuple(signature_type(a) for a in args)
        if args and type(args[0]) is JType:   # (the one kind of call `preferred` answers: of types)
            v = basemethods.preferred(self, callee, args)
            if v is not basemethods.NO:
                return v
        plan = self.plans.get((callee, types, len(args)))
        if plan is None:
            plan = self.plans[(callee, types, len(args))] = self._plan(callee, types, len(args))
        if plan is False:
            v = basemethods.fallback(self, callee, args)
            if v is basemethods.NO:
                hint = getattr(self.provider, "missing_hint", None)
                raise NotInterpretable(f"call to {callee}({', '.join('::' + t for t in types)}): "
                                       f"no provider has its IR ({hint() if hint is not None else PROVIDE})")
            return v
        code, sparams, k = plan
        if k is not None:
            args = args[:k] + [tuple(args[k:])]
        if self.depth >= self.max_depth:
            # Julia 1.5.3 overflows its 8 MB stack at 523,574 frames of the smallest method, fewer of larger ones
            raise JuliaException("StackOverflowError", "", JStruct("StackOverflowError", (), (), False))
        return Push(code, args, sparams, self_value, callee, types)

    def finish(self, p: Push):
        """Run a prepared call to its end (a nested frame loop); refusals name the callee."""
        try:
            return execute(p.code, p.args, self, p.sparams, p.self_value)
        except Stopped:
            raise
        except NotInterpretable as e:
            raise NotInterpretable(f"in {p.label}: {e}") from None

    def call(self, callee: str, arg_types, args: list, self_value=None):
        """The value of `callee(args…)` (see `prepare`), run now: for Python code calling back into Julia."""
        r = self.prepare(callee, arg_types, args, self_value)
        return self.finish(r) if type(r) is Push else r

    def _plan(self, callee: str, types: tuple, nargs: int):
        """How to call `callee` with arguments of `types`: (compiled code, static parameters, the index from
        which trailing arguments are packed into a vararg tuple or None), or False when no provider has its IR."""
        if self.own is not None and self.own[0] == signature_key(signature_text(callee, types)):
            return self._own_plan(nargs)
        if self.provider is None:
            return False
        fn = None
        if self.form != "typed" and hasattr(self.provider, "lookup_form"):
            fn = self.provider.lookup_form(callee, types, self.form)
        if fn is None:
            fn = self.provider.lookup(callee, types)
        if fn is None:
            return False
        argnames = getattr(self.provider, "argnames", lambda c, t: None)(callee, types)
        vararg = getattr(self.provider, "vararg", lambda c, t: None)(callee, types)
        k = None
        if argnames and vararg is False and len(argnames) != nargs:
            raise NotInterpretable(f"{signature_text(callee, types)}: the method's {len(argnames)} argument names "
                                   f"({', '.join(argnames)}) do not place its {nargs} arguments")
        if argnames and (vararg or (vararg is None and len(argnames) < nargs)):
            # `f(a, b, xs...)`: the last slot holds the trailing arguments as a tuple.  Where the provider does
            # not say, fewer names than arguments shows it; as many names as arguments is read as no vararg (a
            # vararg of one would then be a plain value: reading its fields is refused, never misread)
            k = len(argnames) - 1
            nargs = k + 1
        key = (id(fn), nargs)
        hit = self.compiled.get(key)
        if hit is None:
            self.learn_closure_types(fn)
            self.learn_globals(fn)
            sparams = getattr(self.provider, "sparams", lambda c, t: ())(callee, types) or ()
            self_name = getattr(self.provider, "self_name", lambda c, t: None)(callee, types)
            args = (nargs, argnames if argnames is None else tuple(argnames), callee, frozenset(self.structs),
                    self_name, tuple(self.globals.items()), tuple(types) if k is None else (), callee_module(callee))
            code = shared(self.provider, fn, (*args, types),
                          lambda: compile_function(fn, *args, literals=self.literals_of(fn, callee, types)))
            hit = self.compiled[key] = (fn, code, tuple(sparams))
        return hit[1], hit[2], k

    def literals_of(self, fn, callee: str, types: tuple):
        """Julia's types of the literals of callee `fn`'s print, asked of the provider (`literal_types`, a live
        Julia's) when the run first needs one; None where the provider cannot say."""
        ask = getattr(self.provider, "literal_types", None)
        return None if ask is None else LiteralTypes(lambda: ask(callee, types), fn)

    def _own_plan(self, nargs: int):
        """The run's own function called again with the run's argument types (a recursion): the same method
        instance, whatever the provider has."""
        _, fn, argnames, sparams, k = self.own
        key = (id(fn), nargs if k is None else k + 1)
        if key not in self.compiled:
            self.compiled[key] = (fn, compile_function(fn, key[1], argnames, self.own[0], frozenset(self.structs),
                                                       self.own_self, tuple(self.globals.items()),
                                                       module=self.module, optimized=self.optimized),
                                  sparams)
        return self.compiled[key][1], self.compiled[key][2], k

    def struct_of(self, key: str, qualified: str):
        """(field names, mutable) of struct `key` (its name without parameters): the run's table, else the
        provider's answer for `qualified` (its name as the IR writes it, `Base.Math.DoubleFloat64`), else None.
        A generated name is looked up with its module (`struct_key`): Main's `var"#140#141"` is not Base's."""
        if 'var"#' in key:
            key = struct_key(qualified)
        hit = self.structs.get(key)
        if hit is None and hasattr(self.provider, "struct_fields"):
            hit = self.provider.struct_fields(qualified)
            if hit is not None:
                self.structs[key] = hit
        return hit

    def learn_globals(self, fn) -> None:
        """The user's globals `fn` reads that only Julia knows (`Main.MyPkg.SCALE`, Main's `const N`), asked of the
        provider (`global_value`, a live Julia's) before `fn` is compiled; a name Base or Core exports is the
        module's view of Base's (`jlir.semantics.base_globals.seen_name`) and is not asked."""
        ask = getattr(self.provider, "global_value", None)
        if ask is None:
            return
        for s in fn.stmts:
            for v in walk.values(s.node):
                if type(v) is not V.GlobalRef or not v.module or is_library_module(v.module):
                    continue
                name = f"{v.module}.{v.name}"
                if name in self.globals or seen_name(name) != name:
                    continue
                try:
                    global_constant(name)
                    continue
                except NotInterpretable:
                    pass
                value = ask(name)
                if value is not None:
                    self.globals[name] = value

    def learn_closure_types(self, fn) -> None:
        """The compiler-named types of Main that `fn` names (`Main.:(var"#3001#3003")`, a closure's struct), asked
        of the provider (`struct_fields`) before `fn` is compiled, so that the names resolve to those types: only
        Julia knows them, and a live Julia's provider has no table of them beforehand."""
        if self.provider is None or not hasattr(self.provider, "struct_fields"):
            return
        for s in fn.stmts:
            for v in walk.values(s.node):
                if type(v) is V.GlobalRef and v.module and not is_library_module(v.module) \
                        and not is_identifier(v.name):
                    named = var_quoted(v.name) if v.module == "Main" else f"{v.module}.{var_quoted(v.name)}"
                    self.struct_of(var_quoted(v.name), named)

    def prepare_value(self, f, args: list, rt: str = "Any"):
        """`prepare` for a call of the Julia value `f` (a function or a type, held in a register) on `args`."""
        if type(f) is JFunction:
            module, _, name = f.name.rpartition(".")
            fn = calls.native(module or None, name)
            return fn(rt, *args) if fn is not None else self.prepare(f.name, None, args)
        if type(f) is JType:
            # `%1 = Core.sizeof::Const(Core.sizeof)` reads as a name; a builtin's runs natively (Base's method of
            # the same name calls that builtin: asking the provider for it would recurse without end)
            fn = calls.native(None, f.name) if "." not in f.name and f.name[:1].islower() else None
            if fn is None and f.name.startswith("NamedTuple{("):  # a keyword call's keywords, built as boot.jl does
                v = basemethods.construct(f.name, args)
                fn = None if v is basemethods.NO else (lambda rt, *a: v)
            return fn(rt, *args) if fn is not None else self.prepare(f.name, None, args)
        # Any other value: Julia dispatches the call on its type, `(::var"#1#2"{Int64})(::Int64)` for a closure
        # (whose method reads the captured values off `#self#`), `(::MyMul)(::Int64)` for a functor, and a method
        # may make any type callable (`(x::Int64)(y)`), so only the provider's answer decides: its IR, or Julia's
        # word that no method matches (`MethodError`); else the run is refused.
        callee = f"(::{shown_type(f) if type(f) is JStruct else typeof(f)})"  # Base's own qualified, as Julia names it
        try:
            return self.prepare(callee, None, args, f)
        except NotInterpretable:
            if not getattr(self.provider, "no_method", lambda c, t: False)(callee,
                                                                          [signature_type(a) for a in args]):
                raise
        raise JuliaException("MethodError", f"objects of type {typeof(f)} are not callable",
                             JStruct("MethodError", (f, tuple(args)), ("f", "args"), False))

    def call_value(self, f, args: list, rt: str = "Any"):
        """The value of `f(args…)`, run now (see `prepare_value`)."""
        r = self.prepare_value(f, args, rt)
        return self.finish(r) if type(r) is Push else r


def callee_module(callee: str) -> str | None:
    """The module a callee's code is of, as far as its name shows: `Core.Compiler` for Core.Compiler's own
    functions (`Core.Compiler.getindex`: its body's bare operators are Core.Compiler's), else None (Main's view)."""
    return "Core.Compiler" if callee.startswith("Core.Compiler.") else None


def form_of(fn) -> str:
    """Which of a method's dumps a run of `fn` prefers for its callees: `lowered`, `typed-unoptimized` (slot-form
    typed code), else `typed`."""
    if fn.form is Form.LOWERED:
        return "lowered"
    return "typed-unoptimized" if is_slot_form(fn) else "typed"


def signature_type(v) -> str:
    """The type of an argument as a method signature names it: `Type{Int32}` for the type Int32 (its `typeof`
    is DataType, but dispatch sees the type itself), `typeof(+)` for a function, else `typeof(v)`."""
    t = type(v)
    if t is JType:
        return f"Type{{{v.name}}}"
    if t is JFunction:
        return f"typeof({v.name.rpartition('.')[2]})"
    if t is JStruct:
        return shown_type(v)  # Base's closure `Base.var"#89#90"{…}`: Julia finds its method by the qualified name
    return typeof(v)


_CACHE: dict = {}


def _compiled(fn, nargs: int, argnames, structs=frozenset(), name: str = "", self_name: str | None = None,
              globals_: tuple = (), arg_types: tuple = (), module: str | None = None, optimized: bool | None = None,
              literals=None):
    key = (id(fn), nargs, tuple(argnames) if argnames is not None else None, structs, name, self_name,
           tuple((k, repr(v)) for k, v in globals_), arg_types, module, optimized, id(literals))
    hit = _CACHE.get(key)
    if hit is None or hit[0] is not fn or hit[2] is not literals:
        if len(_CACHE) > 256:
            _CACHE.clear()
        hit = _CACHE[key] = (fn, compile_function(fn, nargs, argnames, name, structs, self_name, globals_,
                                                  arg_types, module, optimized, literals), literals)
    return hit[1]


DEFAULT_MAX_DEPTH = 100_000
"""Frames a run may stack before Julia's `StackOverflowError` (Julia 1.5.3 reaches 523,574 of its smallest method
on an 8 MB stack, far fewer of larger ones: its exact depth is its machine code's, which no IR shows)."""

PROVIDE = "`--julia auto` would ask a Julia for it, `--callees DIR` read it from dumps"


def run(fn, args=(), provider=None, *, argnames=None, sparams=(), structs=None, max_depth: int = DEFAULT_MAX_DEPTH,
        max_steps: int | None = None, timeout: float | None = None, vararg: bool = False, counts: dict | None = None,
        name: str | None = None, self_name: str | None = None, max_memory: int | None = None,
        started: float | None = None, arg_types: tuple = (), module: str | None = None,
        optimized: bool | None = None, literals=None) -> Result:
    """Run `fn` on `args` (Julia values; Python int/float/bool stand for Int64/Float64/Bool).

    `argnames`: the method's argument names in order (without `#self#`), needed when the IR names several
    argument slots by name only; `sparams`: the static parameters (`where T`), as Julia values; `structs`:
    `{type name: (field names, mutable)}` for the structs the code builds with `%new`.  `max_depth` bounds the
    frames (Julia's StackOverflowError beyond it); `max_steps` the statements run (checked per block) and
    `timeout` the wall-clock seconds (`jlir.interp.limits`: binding within a fraction of a second, whatever one
    statement costs): past either, `NotInterpretable` ("stopped after").  `max_memory`: the process's resident
    bytes the run may reach; past it, or where an allocation cannot fit, the run ends in Julia's `OutOfMemoryError`
    (as does Python).  `started`: the `time.monotonic()` instant the timeout counts from (default: now).
    `vararg`: the method's last argument collects the trailing ones (`f(x, ys...)`): with `argnames`, the values
    from that position on are passed as one tuple, as Julia does.  `counts` (a dict) gets how often each block of
    `fn` itself was entered.  `name`: the function's name (`fact`): its `#self#`; a call of it on the run's own
    argument types (a recursion) runs `fn` again.  `self_name`: the name slot 1 prints as where it is not
    `#self#` (a keyword sorter's `#s827`, a callable object's `op`): it reads the function.  `arg_types`: `fn`'s
    instance's argument types (`f(::Int8)`); `module`: the method's (default Main), whose binding a bare operator
    call is (`bare_call_module`: Core.Compiler's own `=>`).  `optimized`: `fn` is the optimizer's output (folded
    literals of any width; None: `optimized_print` decides); `literals`: Julia's types of them (`LiteralTypes`).
    """
    refuse(fn, NotInterpretable)
    values = [normalize(a) for a in args]
    if vararg:
        if not argnames:
            raise NotInterpretable("a vararg method needs its argument names (argnames) to place the arguments")
        k = len(argnames) - 1
        if len(values) < k:
            raise NotInterpretable(f"given {len(values)} arguments, but the method takes at least {k}")
        values = values[:k] + [tuple(values[k:])]
    ctx = Context(provider, max_depth, max_steps, structs, form_of(fn), timeout, started)
    ctx.counts, ctx.own_self, ctx.module, ctx.optimized = counts, self_name, module, optimized
    ctx.learn_closure_types(fn)
    ctx.learn_globals(fn)
    if name:
        types = tuple(signature_type(normalize(a)) for a in args)  # as a call passes them, before packing
        ctx.own = (signature_key(signature_text(name, types)), fn, argnames, tuple(normalize(p) for p in sparams),
                   len(argnames) - 1 if vararg else None)
    code = _compiled(fn, len(values), argnames, frozenset(ctx.structs), name or "", self_name,
                     tuple(ctx.globals.items()), () if vararg else tuple(arg_types), module, optimized, literals)
    try:
        with Watch(ctx.deadline, max_memory):
            v = execute(code, values, ctx, tuple(normalize(p) for p in sparams))
            if type(v) is JStringBuf:
                v = string_value(v)  # a String the run built: as a value, its text
            julia_repr(v)  # a value Julia would show by a method of Base's not modelled is refused, not shown wrong
    except JuliaException as e:
        return Result(None, None, ctx.steps, e)
    except Exhausted as e:
        if e.kind == "memory":
            return Result(None, None, ctx.steps, out_of_memory())
        raise Stopped(f"stopped after {timeout:g} s (--timeout)") from None
    except MemoryError:  # Python could not allocate what the model needed: Julia's machine would not either
        return Result(None, None, ctx.steps, out_of_memory())
    except RecursionError:  # a native Base method calling back into Julia, nested very deep
        raise NotInterpretable(f"Python's recursion limit reached at call depth {ctx.depth}") from None
    return Result(v, shown_type(v), ctx.steps)


def shown_type(v) -> str:
    """`string(typeof(v))` in Main: a struct of a Base type Main cannot name bare keeps its module
    (`Base.Fix2{typeof(!=),Int64}`)."""
    t = _TYPE_NAME.sub(_qualified_name, typeof(v))  # `Tuple{Base.OneTo{Int64}}`: inner types too
    if type(v) is JStruct and v.module is not None and main_binding(typeof(v).split("{")[0]) is None \
            and not t.startswith(v.module + "."):
        return f"{v.module}.{t}"
    return t


_TYPE_NAME = re.compile(r"(?<![\w.!])[A-Za-z_]\w*")


def _qualified_name(m) -> str:
    """A Base type's name as Main prints it: with the one module of Base defining it when Main cannot name it."""
    module = type_module(m.group(0))
    return f"{module}.{m.group(0)}" if module else m.group(0)
