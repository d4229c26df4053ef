# interp_args.jl -- what Julia's side of an interpreter comparison shares (scripts/gen/gen_interp_sample.jl and
# scripts/check/oracle.jl): which functions are never called on generated arguments (SKIP: I/O, processes, tasks,
# pointers, global state), how an argument is written for `jlir run --args` (lit), and Julia's own outcome of a
# call (outcome: `ok<TAB>type<TAB>repr`, or `err<TAB>exception type<TAB>`), what jlir's `Result.outcome` is
# compared with; under_base: whether a module is Base, Core or one of theirs.

const SKIP = r"print|show|write|read|open|close|flush|^run$|sleep|exit|wait|notify|yield|schedule|^rm$|mkdir|mkpath|^cd$|^cp$|^mv$|touch|chmod|chown|download|include|eval|rand|time|gc|atexit|kill|process|lock|task|Task|thread|Thread|dir|path|file|link|stat|env|ENV|pipe|redirect|stream|socket|^fd$|dlopen|pointer|unsafe|finaliz|precompile|code_|methods|which|edit|less|help|apropos|summarysize|varinfo|sigint|errormonitor|fetch|put!|take!|bind|isready|Channel|Condition|Event|Semaphore|macroexpand|parse|cfunction|sigatomic|systemerror|success|detach|pipeline|cmd|mmap|temp|home|pwd|host|getpid|ccall|backtrace|stacktrace|catch_|rethrow|throw|error|@|display|redisplay|popdisplay|pushdisplay|istext|mark|seek|skip|eof|peek|position|truncate|iswritable|isreadable|isopen|bytesavailable|unmark|reset|escape_string|ltruncate|crc|hash|objectid|isinteractive|julia|invokelatest|invoke|Libc|Sys|enumerate|zip|Iterators|names|fieldoffset|setproperty|getproperty|isconst|isdefined|nameof|parentmodule|typeintersect|typejoin|methodswith|hasmethod|applicable|fieldnames|propertynames|UUID|VersionNumber|PROGRAM|ARGS|DEPOT|LOAD|deepcopy|copy!|empty!|sizehint|resize|vec|reshape|view|permutedims|similar|fill!|^Array|^Vector|^Matrix|^Dict|^Set|^IdDict|^WeakKeyDict"

function lit(x)
    x isa AbstractVector && return (eltype(x) === Int ? "" : string(eltype(x))) * "[" * join(map(lit, x), ", ") * "]"
    x isa Tuple && return "(" * join(map(lit, x), ", ") * (length(x) == 1 ? ",)" : ")")
    return repr(x)
end

function outcome(f, args)
    v = try
        Base.invokelatest(f, deepcopy(args)...)  # f may be defined after the caller began: the latest world
    catch e
        return "err\t" * string(typeof(e)) * "\t"
    end
    shown = try   # a value Base cannot show (Core.Compiler's own UnitRange) is no exception of the call
        replace(repr(v), r"[\t\n]" => " ")
    catch e
        return "ok\t" * string(typeof(v)) * "\t" * UNSHOWABLE * string(typeof(e))
    end
    return "ok\t" * string(typeof(v)) * "\t" * shown
end

# How an outcome says that Julia's `repr` of the value threw (the value is then compared by its type only).
const UNSHOWABLE = "#repr threw "

under_base(m::Module) = (m === Base || m === Core) ? true : (parentmodule(m) === m ? false : under_base(parentmodule(m)))
