#!/usr/bin/env bash
# install-julia.sh -- install Julia 1.5.3 (Debian bullseye build) in user space.
#
# Usage:
#   scripts/install-julia.sh [--force] [--prefix DIR]
#
# Environment:
#   JLIR_JULIA_CACHE   cache root (default: $HOME/.cache/jlir); Julia goes to
#                      $JLIR_JULIA_CACHE/julia-1.5.3
#
# Nothing is installed into the system: the .deb files of Debian's bullseye
# suite are fetched with a private apt configuration (own sources list, own
# lists/cache directories, an empty dpkg status) and unpacked with `dpkg -x`
# into the cache folder.  The only exception: if the host lacks one of the few
# libraries that must come from the host (curl-gnutls, gmp, mpfr, pcre2, ssh2),
# the host package providing it is apt-get installed (needs root).
#
# The script is idempotent: once installed it does nothing and exits 0.
# Progress goes to stderr; the last line on stdout is the wrapper path
# (<cache>/julia-1.5.3/bin/julia), which runs Julia with a private depot,
# no startup file and no network use.
set -euo pipefail

JULIA_VERSION=1.5.3
DEB_VERSION=1.5.3+dfsg-3
SUITE=bullseye
MIRROR_LINE="deb http://deb.debian.org/debian bullseye main"
MULTIARCH=x86_64-linux-gnu

# package name -> required version ("" = whatever bullseye has)
PACKAGES=(
  julia libjulia1 julia-common libllvm9 libgit2-1.1 libmbedtls12
  libmbedcrypto3 libmbedx509-0 libdsfmt-19937-1 libopenlibm3 libutf8proc2
  libunwind8 libffi7 libgfortran5 libquadmath0 libpcre3 libhttp-parser2.9
)
PINNED=(julia libjulia1 julia-common)

# soname -> host package providing it
HOST_LIBS=(
  "libcurl-gnutls.so.4:libcurl3-gnutls"
  "libgmp.so.10:libgmp10"
  "libmpfr.so.6:libmpfr6"
  "libpcre2-8.so.0:libpcre2-8-0"
  "libssh2.so.1:libssh2-1"
)

log()  { printf 'install-julia: %s\n' "$*" >&2; }
die()  { printf 'install-julia: ERROR: %s\n' "$*" >&2; exit 1; }

FORCE=0
PREFIX=""
while [ $# -gt 0 ]; do
  case "$1" in
    --force) FORCE=1 ;;
    --prefix) shift; [ $# -gt 0 ] || die "--prefix needs a directory"; PREFIX="$1" ;;
    --prefix=*) PREFIX="${1#--prefix=}" ;;
    -h|--help) sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 0 ;;
    *) die "unknown argument: $1 (see --help)" ;;
  esac
  shift
done

# The cache: $JLIR_JULIA_CACHE, else ~/.cache/jlir, else (no HOME, as on some CI runners) the
# repository's own .cache/ folder, which git ignores.
if [ -n "${JLIR_JULIA_CACHE:-}" ]; then
  CACHE_ROOT="$JLIR_JULIA_CACHE"
elif [ -n "${HOME:-}" ]; then
  CACHE_ROOT="$HOME/.cache/jlir"
else
  CACHE_ROOT="$(cd "$(dirname "$0")/.." && pwd)/.cache/jlir"
fi
PREFIX="${PREFIX:-$CACHE_ROOT/julia-$JULIA_VERSION}"
WRAPPER="$PREFIX/bin/julia"
STAMP="$PREFIX/.jlir-installed"

# ---------------------------------------------------------------- fast path
if [ "$FORCE" = 0 ] && [ -f "$STAMP" ] && [ -x "$WRAPPER" ]; then
  ok=1
  for entry in "${HOST_LIBS[@]}"; do
    [ -e "$PREFIX/usr/lib/$MULTIARCH/${entry%%:*}" ] || ok=0
  done
  if [ "$ok" = 1 ]; then
    log "Julia $JULIA_VERSION already installed in $PREFIX"
    echo "$WRAPPER"
    exit 0
  fi
  log "installation in $PREFIX is incomplete (host library link broken); reinstalling"
fi

[ "$(uname -m)" = x86_64 ] || die "only x86_64 Linux is supported (this is $(uname -m))"
for tool in apt-get dpkg dpkg-deb; do
  command -v "$tool" >/dev/null 2>&1 || die "'$tool' not found: a Debian-like system is required"
done

# ------------------------------------------------------- host library links
host_lib_path() {
  # print the host path of a soname, or nothing
  local so="$1" d
  for d in "/usr/lib/$MULTIARCH" "/lib/$MULTIARCH" /usr/lib64 /usr/lib /lib; do
    if [ -e "$d/$so" ]; then echo "$d/$so"; return 0; fi
  done
  if command -v ldconfig >/dev/null 2>&1; then
    ldconfig -p 2>/dev/null | awk -v so="$so" '$1 == so && /x86-64/ {print $NF; exit}'
  fi
}

missing_pkgs=()
for entry in "${HOST_LIBS[@]}"; do
  so="${entry%%:*}"; pkg="${entry#*:}"
  [ -n "$(host_lib_path "$so")" ] || missing_pkgs+=("$pkg")
done
if [ "${#missing_pkgs[@]}" -gt 0 ]; then
  log "host lacks libraries; installing host packages: ${missing_pkgs[*]}"
  if [ "$(id -u)" != 0 ]; then
    die "host packages missing (${missing_pkgs[*]}); run as root or: sudo apt-get install ${missing_pkgs[*]}"
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get install -y --no-install-recommends "${missing_pkgs[@]}" >&2 \
    || { apt-get update >&2 && apt-get install -y --no-install-recommends "${missing_pkgs[@]}" >&2; } \
    || die "could not apt-get install ${missing_pkgs[*]}"
fi

# ---------------------------------------------------------- private apt run
mkdir -p "$(dirname "$PREFIX")"
WORK="$(mktemp -d "$(dirname "$PREFIX")/.julia-$JULIA_VERSION.work.XXXXXX")"
cleanup() { rm -rf "$WORK"; }
trap cleanup EXIT

APTDIR="$WORK/apt"
mkdir -p "$APTDIR/etc/sources.list.d" "$APTDIR/etc/apt.conf.d" "$APTDIR/etc/preferences.d" \
         "$APTDIR/lists/partial" "$APTDIR/cache/archives/partial" "$WORK/debs" "$WORK/root"
echo "$MIRROR_LINE" > "$APTDIR/etc/sources.list"
cat > "$APTDIR/apt.conf" <<EOF
Dir::Etc::main "/dev/null";
Dir::Etc::parts "$APTDIR/etc/apt.conf.d";
Dir::Etc::sourcelist "$APTDIR/etc/sources.list";
Dir::Etc::sourceparts "$APTDIR/etc/sources.list.d";
Dir::Etc::preferences "/dev/null";
Dir::Etc::preferencesparts "$APTDIR/etc/preferences.d";
Dir::State::lists "$APTDIR/lists";
Dir::State::status "/dev/null";
Dir::Cache "$APTDIR/cache";
Dir::Cache::archives "$APTDIR/cache/archives";
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
Acquire::Languages "none";
Acquire::GzipIndexes "true";
Acquire::Check-Valid-Until "false";
Acquire::Retries "3";
APT::Architecture "amd64";
APT::Architectures { "amd64"; };
APT::Sandbox::User "root";
Debug::NoLocking "true";
EOF
export APT_CONFIG="$APTDIR/apt.conf"
APT_OPTS=(-o "Dir::State::status=/dev/null" -q)

log "apt-get update (private config, $SUITE main)"
if ! apt-get "${APT_OPTS[@]}" update >"$WORK/update.log" 2>&1; then
  cat "$WORK/update.log" >&2
  die "apt-get update for '$MIRROR_LINE' failed (is deb.debian.org reachable?)"
fi

for pkg in "${PINNED[@]}"; do
  have="$(apt-cache "${APT_OPTS[@]}" show "$pkg/$SUITE" 2>/dev/null | awk '/^Version:/ {print $2; exit}')"
  [ "$have" = "$DEB_VERSION" ] || die "$pkg in $SUITE is '$have', expected $DEB_VERSION"
done

log "downloading ${#PACKAGES[@]} packages"
specs=()
for pkg in "${PACKAGES[@]}"; do specs+=("$pkg/$SUITE"); done
if ! (cd "$WORK/debs" && apt-get "${APT_OPTS[@]}" download "${specs[@]}") >"$WORK/download.log" 2>&1; then
  cat "$WORK/download.log" >&2
  die "apt-get download failed"
fi

n=0
for deb in "$WORK"/debs/*.deb; do
  [ -e "$deb" ] || die "no .deb downloaded"
  dpkg -x "$deb" "$WORK/root" || die "dpkg -x $(basename "$deb") failed"
  n=$((n + 1))
done
[ "$n" = "${#PACKAGES[@]}" ] || die "expected ${#PACKAGES[@]} .deb files, got $n"
log "unpacked $n packages"

LIBDIR="$WORK/root/usr/lib/$MULTIARCH"
[ -x "$WORK/root/usr/bin/julia" ] || die "usr/bin/julia missing after unpacking"
[ -d "$LIBDIR/julia" ] || die "usr/lib/$MULTIARCH/julia missing after unpacking"

for entry in "${HOST_LIBS[@]}"; do
  so="${entry%%:*}"
  src="$(host_lib_path "$so")"
  [ -n "$src" ] || die "host library $so still missing"
  ln -sfn "$src" "$LIBDIR/$so"
done

# Debian's docs/man pages are not needed.
rm -rf "$WORK/root/usr/share/doc" "$WORK/root/usr/share/man" "$WORK/root/usr/share/lintian"

mkdir -p "$WORK/root/bin" "$WORK/root/depot"
cat > "$WORK/root/bin/julia" <<'EOF'
#!/bin/sh
# Wrapper for the user-space Julia 1.5.3 unpacked by jlir's scripts/install-julia.sh.
here="$(cd "$(dirname "$0")/.." && pwd)"
lib="$here/usr/lib/x86_64-linux-gnu"
LD_LIBRARY_PATH="$lib:$lib/julia${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
JULIA_DEPOT_PATH="$here/depot"
JULIA_LOAD_PATH="@:@stdlib"
JULIA_PKG_OFFLINE=true
JULIA_PKG_SERVER=""
export LD_LIBRARY_PATH JULIA_DEPOT_PATH JULIA_LOAD_PATH JULIA_PKG_OFFLINE JULIA_PKG_SERVER
unset JULIA_PROJECT JULIA_BINDIR
exec "$here/usr/bin/julia" --startup-file=no --history-file=no "$@"
EOF
chmod +x "$WORK/root/bin/julia"

log "checking the unpacked Julia"
got="$("$WORK/root/bin/julia" -e 'println(VERSION)' 2>"$WORK/check.log")" || {
  cat "$WORK/check.log" >&2
  die "the unpacked Julia does not start"
}
[ "$got" = "$JULIA_VERSION" ] || { cat "$WORK/check.log" >&2; die "unpacked Julia reports version '$got'"; }

echo "$DEB_VERSION" > "$WORK/root/.jlir-installed"
rm -rf "$PREFIX"
mv "$WORK/root" "$PREFIX"
log "Julia $JULIA_VERSION installed in $PREFIX ($(du -sh "$PREFIX" | cut -f1))"
echo "$WRAPPER"
