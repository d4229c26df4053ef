# target: env_get("X")
# `get(ENV, key, default)` inlined: the `ENV` argument is left as a dead `nothing::Core.Compiler.Const(ENV, false)`
# statement after inlining, which Julia prints with `ENV`'s `show` (one `NAME=value` line per variable).
env_get(key::String) = get(ENV, key, "")
