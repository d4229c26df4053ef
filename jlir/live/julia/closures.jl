# Closures and other callable structs, for jlir.interp (included by jlir/live/jlir.jl, inside module JlirLive;
# `dump_callee!` of runs.jl hands a closure's call to `dump_callable!`, serve.jl's `handle` the `callable` request).
#
# A call of a struct value, `(twice)(x)` with `twice::var"#3002#3004"{…}`, dispatches on the callee's type: its
# signature is `Tuple{var"#3002#3004"{…}, Int64}`.  Such a type has no singleton instance, so the usual
# `code_typed(f, types)` (which wants the function object) cannot be asked for it, and Julia 1.5 has no
# `code_typed_by_type`.  What `code_typed` does inside (reflection.jl) works from the signature alone:
# `Base._methods_by_ftype` finds the method, `Core.Compiler.typeinf_code` infers it (1.5.3's signature:
# `typeinf_code(method, atypes, sparams, run_optimizer, params)`), `remove_linenums!` is `debuginfo=:none`;
# the lowered form is `Base.uncompressed_ir(method)`, as `code_lowered` does.

"The one method `sig` (`Tuple{F, argtypes…}`) dispatches to, as `_methods_by_ftype` gives it: (atypes, sparams, method)."
function sig_method(@nospecialize(sig))
    ms = Base._methods_by_ftype(sig, -1, Base.get_world_counter())
    (ms === false || length(ms) != 1) && error("$sig matches $(ms === false ? "too many" : length(ms)) methods")
    atypes, sparams, m = ms[1]
    return atypes, sparams, m
end

"`code_typed` of the method `sig` dispatches to (`debuginfo=:none`): (CodeInfo, return type)."
function typed_by_sig(@nospecialize(sig); optimize::Bool=true)
    if isdefined(Base, :code_typed_by_type)   # 1.6+
        return first_result(Base.code_typed_by_type(sig; optimize=optimize, debuginfo=:none), "code_typed")
    end
    atypes, sparams, m = sig_method(sig)
    code, rt = CC.typeinf_code(m, atypes, sparams, optimize, CC.Params(Base.get_world_counter()))
    code === nothing && error("inference of $sig not successful")
    return Base.remove_linenums!(code), rt
end

"`code_lowered` of the method `sig` dispatches to (`debuginfo=:none`)."
lowered_by_sig(@nospecialize(sig)) = Base.remove_linenums!(uncompressed(sig_method(sig)[3]))
uncompressed(m::Method) = isdefined(Base, :uncompressed_ir) ? Base.uncompressed_ir(m) : Base.uncompressed_ast(m)

"A method instance's signature as Julia prints it: `(::var\"#3001#3003\"{Int64})(::Int64)`."
callable_key(@nospecialize(sig)) =
    string("(::", sig.parameters[1], ")(", join(["::$T" for T in sig.parameters[2:end]], ", "), ")")

"""Whether a call of a value of type `ft` needs these functions: Julia dispatches any call on the callee's type
(`Tuple{typeof(f), argtypes…}`), so a closure, a functor (`(m::MyMul)(x)`, a struct with or without fields) and a
value of a type given a call method (`(r::Rational)(x)`, `(x::Int64)(y)`) alike.  Left to the named route
(`callee_function`): a function with a singleton instance, a type (its constructor), a builtin."""
callable_struct(@nospecialize(ft)) =
    ft isa DataType && isconcretetype(ft) && !(ft <: Type) && !(ft <: Core.Builtin) &&
    !(isdefined(ft, :instance) && ft.instance isa Function)

"A closure that captures nothing (`x -> x + 1`): a singleton function with no name to call it by, only its type."
anonymous_function(@nospecialize(ft)) =
    ft isa DataType && isconcretetype(ft) && isdefined(ft, :instance) && ft.instance isa Function &&
    !(ft <: Core.Builtin) && startswith(string(ft.name.name), "#")

"""
    callable_dump(sig, form) -> String

The callee dump (`jlir.interp.DumpProvider`'s format) of the method a call of a callable struct dispatches to:
`# MethodInstance for (::T)(::A…)`, its argument names, static parameters, vararg, the form when it is not
`typed` (`# form: typed-unoptimized`, `# form: lowered`), then Julia's print of that form; where no method
matches, `# no method` instead (`no_method_dump`).
"""
function callable_dump(@nospecialize(sig), form::AbstractString)
    no_method(sig) && return no_method_dump(sig)
    _, _, m = sig_method(sig)
    io = IOBuffer()
    dump_header(io, callable_key(sig), m, sig)
    form == "typed" || println(io, "# form: ", form)
    if form == "lowered"
        println(io, sprint(show, lowered_by_sig(sig)))
    elseif form == "typed" || form == "typed-unoptimized"
        ci, rt = typed_by_sig(sig; optimize = form == "typed")
        println(io, sprint(show, ci => rt))
    else
        error("a callable's form is typed, typed-unoptimized or lowered, not `$form`")
    end
    return String(take!(io))
end

"For `record_runs`: the callable struct call `sig` (a vector of types) in its three forms, then its own callees."
function dump_callable!(acc, sig, depth::Int)
    callable_struct(sig[1]) && all(dispatch_concrete, sig[2:end]) || return
    tt = Tuple{sig...}
    no_method(tt) && return push!(acc.files, no_method_dump(tt))
    key = callable_key(tt)
    key in acc.seen && return
    push!(acc.seen, key)
    for form in ("typed", "typed-unoptimized", "lowered")
        push!(acc.files, callable_dump(tt, form))
    end
    depth > 0 || return
    for optimize in (false, true)
        ci, _ = typed_by_sig(tt; optimize=optimize)
        foreach(s -> dump_callee!(acc, s, depth - 1), call_signatures!(acc.structs, ci))
    end
end

"A function's keyword sorter type (`Core.kwfunc(f)`'s, `var\"#f##kw\"`): called with the keywords, f, the arguments."
kwsorter(@nospecialize(ft)) = ft isa DataType && isdefined(ft, :instance) && endswith(string(ft.name.name), "##kw")

"""
    callable_text(sigtext, form) -> String

The `callable SIG FORM` request (`jlir run --julia`): `callable_dump` of the signature SIG names in Main
(`Tuple{var\"#3002#3004\"{var\"#3001#3003\"{Int64}}, Int64}`).
"""
function callable_text(sigtext::AbstractString, form::AbstractString)
    sig = Core.eval(Main, Meta.parse(strip(sigtext); raise=true))
    (sig isa DataType && sig <: Tuple && !isempty(sig.parameters) &&
     (callable_struct(sig.parameters[1]) || kwsorter(sig.parameters[1]) ||
      anonymous_function(sig.parameters[1]))) ||
        error("`$sigtext` is not a Tuple{T, argtypes…} signature of a callable struct type T")
    return callable_dump(sig, form)
end

"Whether no method matches `sig` (Julia's `MethodError`)."
function no_method(@nospecialize(sig))
    ms = Base._methods_by_ftype(sig, -1, Base.get_world_counter())
    return ms isa Vector && isempty(ms)
end

"The dump of a call no method matches (`# no method`: the call throws `MethodError`), in every form."
no_method_dump(@nospecialize(sig)) = string("# MethodInstance for ", callable_key(sig), "\n# no method\n")
