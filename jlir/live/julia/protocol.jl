# protocol.jl -- the framing of jlir's messages (see the protocol in jlir.jl's header;
# jlir/live/protocol.py is the Python side), error messages as one line, JSON literals.
# Included by jlir.jl into module JlirLive.

const PROTOCOL = "jlir-live/1"

clean_message(s) = replace(strip(s), r"\s*\n\s*" => " | ")[1:min(end, 500)]
error_message(e) = clean_message(sprint(showerror, e))

"One message: `JLIR <n>` (a served session's replies: `JLIR <nonce> <n>`), then each field as `<byte length>\\n<bytes>`."
function encode_message(fields, nonce::AbstractString="")::Vector{UInt8}
    buf = IOBuffer()
    print(buf, "JLIR ", isempty(nonce) ? "" : string(nonce, " "), length(fields), '\n')
    for field in fields
        s = String(field)
        print(buf, sizeof(s), '\n')
        write(buf, s)
    end
    return take!(buf)
end

"The next message on `io`, or `nothing` at the end of the stream."
function read_message(io::IO)
    header = readline(io)
    isempty(header) && eof(io) && return nothing
    startswith(header, "JLIR ") || error("protocol: expected a `JLIR <n>` header, got $(repr(header[1:min(end, 80)]))")
    n = parse(Int, header[6:end])
    fields = Vector{String}(undef, n)
    for i in 1:n
        len = parse(Int, readline(io))
        fields[i] = String(read(io, len))
        sizeof(fields[i]) == len || error("protocol: message cut short")
    end
    return fields
end

"A JSON string literal of `s`."
function json_string(s::AbstractString)
    buf = IOBuffer()
    print(buf, '"')
    for c in s
        if c == '"' || c == '\\'
            print(buf, '\\', c)
        elseif c < ' '
            print(buf, "\\u", string(UInt32(c), base=16, pad=4))
        else
            print(buf, c)
        end
    end
    print(buf, '"')
    return String(take!(buf))
end

json_ints(v) = string("[", join(v, ", "), "]")
