# bench_julia_print.jl -- how fast Julia itself prints the IR that scripts/bench/bench.py parses.
#
# Usage:
#   julia scripts/bench/bench_julia_print.jl NBYTES [REPEAT [OUTFILE]]
#
# Takes the method instances of scripts/gen/gen_base_corpus.jl in its order, decompresses their inferred code
# (not timed), then prints them exactly as the corpus does (`show(io, MIME"text/plain"(), src => rt)` and a
# blank line, to an IOBuffer) until NBYTES bytes are printed: once to compile the printing code, then REPEAT
# (default 3) more times, timed in CPU seconds.  Prints one line to stdout, `<entries> <bytes> <best seconds>`, and writes the
# printed text to OUTFILE if given, so the caller can check it is the text it parsed (scripts/bench/bench.py --julia).

include(joinpath(@__DIR__, "..", "gen", "gen_base_corpus.jl"))

function sources(nbytes::Int)
    _, _, _, entries = collect_entries()
    out = Tuple{Core.CodeInfo,Any}[]
    buf = IOBuffer()
    io = IOContext(buf, :color => false, :limit => true, :module => Main, :displaysize => (24, 80))
    total = 0
    for (mi, ci) in entries
        total >= nbytes && break
        try
            src = ci.inferred
            src isa Vector{UInt8} && (src = Base._uncompressed_ir(ci, src))
            src isa Core.CodeInfo || error("no CodeInfo")
            src = copy(src)
            Base.remove_linenums!(src)
            show(io, MIME"text/plain"(), src => ci.rettype)   # as the corpus: skip what fails to print
            print(io, "\n\n")
            total += length(take!(buf))
            push!(out, (src, ci.rettype))
        catch e
            e isa InterruptException && rethrow()
            take!(buf)
        end
    end
    return out
end

function print_all(srcs)
    buf = IOBuffer()
    io = IOContext(buf, :color => false, :limit => true, :module => Main, :displaysize => (24, 80))
    for (src, rt) in srcs
        show(io, MIME"text/plain"(), src => rt)
        print(io, "\n\n")
    end
    return take!(buf)
end

"CPU time of this process (C's `clock()`), as scripts/bench/bench.py measures jlir: other processes do not count."
cpu_seconds() = ccall(:clock, Clong, ()) / 1e6   # CLOCKS_PER_SEC is 10^6 (POSIX)

function main(args)
    nbytes = parse(Int, args[1])
    repeat = length(args) >= 2 ? parse(Int, args[2]) : 3
    srcs = sources(nbytes)
    text = print_all(srcs)            # warm: compiles the printing code
    best = Inf
    for _ in 1:repeat
        GC.gc()
        t0 = cpu_seconds()
        print_all(srcs)
        t = cpu_seconds() - t0
        best = min(best, t)
    end
    length(args) >= 3 && write(args[3], text)
    println(length(srcs), " ", length(text), " ", best)
end

main(ARGS)
