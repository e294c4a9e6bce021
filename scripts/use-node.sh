#!/usr/bin/env bash
# Brings the project's Node (the version in .nvmrc) from the npm registry and puts it first
# on PATH. Machines here and in CI carry an older Node and reach only the npm registry, whose
# node-<os>-<arch> packages hold the official binary and its headers.
#
#   source scripts/use-node.sh      # this shell: node, npm and npx run on the project's Node
#   scripts/use-node.sh CMD ARGS…   # run one command on it
#
# The binary is kept in .tools/ (git-ignored); a second call costs nothing. Native modules
# built from source would otherwise use the machine's own Node headers (npm's nodedir), so
# npm_config_nodedir points node-gyp at the brought Node's.
_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_want="$(tr -d ' \nv' <"$_root/.nvmrc")"

_have="$(node --version 2>/dev/null | tr -d v || true)"
if [ "$_have" != "$_want" ]; then
  case "$(uname -s)" in Linux) _os=linux ;; Darwin) _os=darwin ;; *) echo "use-node: no npm package of Node for $(uname -s); install Node $_want yourself" >&2; return 1 2>/dev/null || exit 1 ;; esac
  case "$(uname -m)" in x86_64 | amd64) _arch=x64 ;; aarch64 | arm64) _arch=arm64 ;; *) echo "use-node: no npm package of Node for $(uname -m)" >&2; return 1 2>/dev/null || exit 1 ;; esac
  _dir="$_root/.tools/node-$_want-$_os-$_arch"
  if [ ! -x "$_dir/bin/node" ]; then
    _tmp="$(mktemp -d)"
    echo "use-node: fetching node-$_os-$_arch@$_want from the npm registry…" >&2
    # npm pack checks the tarball against the registry's integrity hash.
    if ! (cd "$_tmp" && npm pack --silent "node-$_os-$_arch@$_want" >/dev/null) ||
      ! mkdir -p "$_dir.part" || ! tar -xzf "$_tmp"/node-*.tgz -C "$_dir.part" --strip-components=1; then
      rm -rf "$_tmp" "$_dir.part"
      echo "use-node: could not fetch node-$_os-$_arch@$_want" >&2
      return 1 2>/dev/null || exit 1
    fi
    rm -rf "$_tmp" "$_dir"
    mv "$_dir.part" "$_dir"
  fi
  export PATH="$_dir/bin:$PATH"
  export npm_config_nodedir="$_dir"
fi

if [ "$(node --version)" != "v$_want" ]; then
  echo "use-node: expected Node $_want, got $(node --version)" >&2
  return 1 2>/dev/null || exit 1
fi

# Sourced (no shell options are changed): leave PATH set in the caller's shell. Executed with arguments: run them.
if [ "${BASH_SOURCE[0]}" = "$0" ] && [ "$#" -gt 0 ]; then exec "$@"; fi
