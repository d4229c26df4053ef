# serve.jl -- answering requests (see the protocol in jlir.jl's header): `handle`, the
# served loop on stdin/stdout, juliacall's `handle_encoded`, and the command line.
# Included by jlir.jl into module JlirLive.

"Paths of this machine, which fixtures must not contain."
machine_paths() = filter(p -> length(p) > 4, unique([Sys.BINDIR, normpath(Sys.BINDIR, ".."), homedir(), pwd(), tempdir()]))

"What the client needs to know of this Julia: `key\\tvalue` lines (`path` repeats)."
function info()
    lines = ["protocol\t$PROTOCOL", "version\t$VERSION", "machine\t$(Sys.MACHINE)",
             "word_size\t$(Sys.WORD_SIZE)", "forms\t$(join(FORMS, ","))", "pid\t$(getpid())",
             "compiler\t$CC", "reference\t$(HAS_SSA_REFERENCE && HAS_INFLATE_IR)"]
    append!(lines, ["path\t$p" for p in machine_paths()])
    return join(lines, "\n")
end

"Definitions already evaluated in Main, by (file name, code): each is evaluated once per process,
so that repeating it neither redefines its types nor advances Main's closure counter."
const DEFINED = Set{Tuple{String,String}}()

function define(code::AbstractString, name::AbstractString)
    isempty(code) && return
    key = (String(name), String(code))
    key in DEFINED && return
    Base.include_string(Main, code, name)
    push!(DEFINED, key)
    return
end

function resolve_in_main(target)
    f, types = resolve_target(Main, target)
    return f, types, type_string(f, types, Main)...
end

"""
    handle(request::Vector{String}) -> Vector{String}

Answer one request (see jlir.jl's header): `["ok", ...]` or `["error", stage, message]`.
Never throws, except on InterruptException.
"""
function handle(request::Vector{String})
    stage = "request"
    try
        isempty(request) && error("empty request")
        verb, args = request[1], request[2:end]
        nargs = Dict("hello" => 0, "define" => 2, "render" => 2, "cfg" => 1, "reference" => 1, "load_case" => 3,
                     "runs" => 2, "struct" => 1, "method" => 1, "callable" => 2, "global" => 1, "literals" => 1, "quit" => 0)
        haskey(nargs, verb) || error("unknown request `$verb`")
        length(args) == nargs[verb] || error("`$verb` takes $(nargs[verb]) field(s), got $(length(args))")
        if verb == "hello" || verb == "quit"
            return ["ok", info()]
        elseif verb == "define"
            stage = "define"
            define(args[1], args[2])
            return ["ok"]
        elseif verb == "render"
            form, target = args
            stage = "target"
            f, types, fs, ts = resolve_in_main(target)
            stage = "render"
            text = Base.invokelatest(render, form, f, types; mod=Main)
            return ["ok", text, form_command(form, fs, ts)]
        elseif verb == "cfg"
            stage = "target"
            f, types, _, _ = resolve_in_main(args[1])
            stage = "render"
            (HAS_CODE_IRCODE || HAS_INFLATE_IR) || error("Julia $VERSION cannot produce IRCode")
            return ["ok", Base.invokelatest(() -> cfg_json(ircode(f, types; lines=true).cfg))]
        elseif verb == "struct" || verb == "method"
            stage = "target"
            return ["ok", Base.invokelatest(verb == "struct" ? struct_text : method_text, args[1])]
        elseif verb == "callable"
            stage = "target"
            return ["ok", Base.invokelatest(callable_text, args[1], args[2])]
        elseif verb == "global"
            stage = "target"
            return ["ok", Base.invokelatest(global_text, args[1])]
        elseif verb == "literals"
            stage = "target"
            return ["ok", Base.invokelatest(literals_text, args[1])...]
        elseif verb == "reference"
            stage = "target"
            f, types, _, _ = resolve_in_main(args[1])
            stage = "render"
            return ["ok", Base.invokelatest(reference_json, f, types)]
        elseif verb == "runs"
            stage = "runs"
            calls = String[c for c in split(args[2], '\n') if !isempty(c)]
            return ["ok", Base.invokelatest(record_runs, args[1], calls)...]
        else # load_case
            stage = "load_case"
            code, name, rank = args
            header, warning = load_case(code, name; rank=parse(Int, rank), mod=Main)
            stage = "target"
            _, _, fs, ts = resolve_in_main(header.target)
            return ["ok", header.target, join(header.forms, ","), fs, ts, warning]
        end
    catch e
        e isa InterruptException && rethrow()
        return ["error", stage, error_message(e)]
    end
end

"For juliacall: one encoded request in, one encoded reply out."
handle_encoded(request::AbstractString) =
    String(encode_message(handle(read_message(IOBuffer(String(request))))))

"""
Serve requests on stdin, replies on the original stdout; from here on what
user code prints to stdout goes to stderr, so it cannot corrupt a reply.
The first request may be `session NONCE`: every reply (hello first) then
carries NONCE in its header, a token user code is never given, so that
whatever user code writes to the reply pipe cannot pass for a reply.
Without it (an older client, or by hand) replies are plain `JLIR <n>` frames.
"""
function serve()
    fd = Libc.dup(RawFD(1))
    replies = Base.fdio(Int(reinterpret(Cint, fd)), true)
    redirect_stdout(stderr)
    first = try
        read_message(stdin)
    catch e
        e isa InterruptException && rethrow()
        ["error", "request", error_message(e)]
    end
    first === nothing && return
    nonce = length(first) == 2 && first[1] == "session" ? first[2] : ""
    reply(fields) = (write(replies, encode_message(fields, nonce)); flush(replies))
    reply(handle(["hello"]))
    if isempty(nonce) && first[1] != "hello"      # a client without a nonce: its first request is a real one
        reply(handle(first))
        first[1] == "quit" && return
    end
    while true
        request = try
            read_message(stdin)
        catch e
            e isa InterruptException && rethrow()
            reply(["error", "request", error_message(e)])
            return
        end
        request === nothing && return
        reply(handle(request))
        request[1] == "quit" && return
    end
end

function usage()
    println(stderr, """
    usage: julia jlir.jl serve
           julia jlir.jl render FORM TARGET [CASEFILE]
           julia jlir.jl forms""")
end

function main(args::Vector{String})
    cmd = isempty(args) ? "" : args[1]
    if cmd == "serve" && length(args) == 1
        serve()
    elseif cmd == "forms" && length(args) == 1
        foreach(println, FORMS)
    elseif cmd == "render" && length(args) in (3, 4)
        length(args) == 4 && load_case(read(args[4], String), splitext(basename(args[4]))[1])
        f, types = resolve_target(Main, args[3])
        print(stdout, Base.invokelatest(render, args[2], f, types; mod=Main))
    else
        usage()
        exit(2)
    end
end
