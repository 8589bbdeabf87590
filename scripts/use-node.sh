#!/usr/bin/env bash
# The project's Node for this machine: the Node line that `.nvmrc` names (docs/decisions.md "Node 24"),
# first on PATH. Where the machine's own Node is older, this fetches the npm registry's package of it
# (`node-<os>-<arch>`, which carries the binary and its headers) into a cache folder outside the repository
# and puts that first; where the machine's Node is that line or newer, it changes nothing.
#
#   source scripts/use-node.sh      # this shell: node, npm and every npm script run on it
#   scripts/use-node.sh npm test    # one command
#
# The cache: $CCT_NODE_CACHE, else ${XDG_CACHE_HOME:-~/.cache}/classcharts-tray/node, one folder per
# version (v24.21.0-linux-x64/bin/node). Offline, the newest cached version of the line is used.
# `npm_config_nodedir` points node-gyp at the fetched Node's own headers (machines here set npm's
# `nodedir` to /usr, which holds the system Node's). Needs the machine's node and npm; prints one line
# saying which Node is in use. docs/development.md "Node".

# The newest of the versions on stdin (x.y.z, one per line), compared as numbers: 24.10.0 after 24.9.0.
cct_newest() {
  sort -t. -k1,1n -k2,2n -k3,3n | tail -n 1
}

cct_use_node() {
  local root line current major platform arch pkg cache dir version tmp
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  line=$(tr -d ' \r\nv' <"$root/.nvmrc")
  if ! [[ "$line" =~ ^[0-9]+$ ]]; then
    echo "use-node: .nvmrc should name a Node major line such as 24, not '$line'" >&2
    return 1
  fi
  current=$(node --version 2>/dev/null || true)
  major=${current#v}
  major=${major%%.*}
  if [[ "$major" =~ ^[0-9]+$ ]] && ((major >= line)); then
    echo "Node $current ($(command -v node)): the machine's own, Node $line or newer"
    return 0
  fi

  case "$(uname -s)" in
    Linux) platform=linux ;;
    Darwin) platform=darwin ;;
    *)
      echo "use-node: no registry package of Node for $(uname -s); install Node $line (see .nvmrc)" >&2
      return 1
      ;;
  esac
  case "$(uname -m)" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *)
      echo "use-node: no registry package of Node for $(uname -m); install Node $line (see .nvmrc)" >&2
      return 1
      ;;
  esac
  pkg="node-$platform-$arch"
  cache=${CCT_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/classcharts-tray/node}

  # The newest release of the line the registry has; offline, the newest one already cached. npm answers
  # one version as a JSON string and several as an array: one per line, then the same numeric sort.
  version=$(npm view "$pkg@$line" version --json 2>/dev/null |
    node -e 'let s="";process.stdin.on("data",(d)=>(s+=d)).on("end",()=>{try{for(const v of [].concat(JSON.parse(s)))console.log(v)}catch{}})' 2>/dev/null |
    cct_newest || true)
  if [[ -z "$version" ]]; then
    version=$(find "$cache" -maxdepth 1 -type d -name "v$line.*-$platform-$arch" 2>/dev/null |
      sed -E "s|.*/v([0-9.]+)-$platform-$arch\$|\\1|" | cct_newest)
    if [[ -z "$version" ]]; then
      echo "use-node: cannot reach the npm registry for $pkg@$line and none is cached in $cache" >&2
      return 1
    fi
  fi
  dir="$cache/v$version-$platform-$arch"

  if ! "$dir/bin/node" --version >/dev/null 2>&1; then
    mkdir -p "$cache" || return 1
    tmp=$(mktemp -d "$cache/.fetch-XXXXXX") || return 1
    echo "use-node: fetching $pkg@$version from the npm registry into $cache" >&2
    # npm pack checks the tarball against the registry's integrity hash.
    if ! (cd "$tmp" && npm pack "$pkg@$version" --silent >/dev/null && tar -xzf ./*.tgz) ||
      ! "$tmp/package/bin/node" --version >/dev/null 2>&1; then
      rm -rf "$tmp"
      echo "use-node: could not fetch or run $pkg@$version" >&2
      return 1
    fi
    rm -rf "$dir"
    mv "$tmp/package" "$dir" && rm -rf "$tmp" || return 1
  fi

  export PATH="$dir/bin:$PATH"
  export npm_config_nodedir="$dir"
  hash -r
  echo "Node $(node --version) ($dir/bin/node): the registry's $pkg, as the machine's Node ${current:-(none)} is older than $line"
}

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  set -uo pipefail
  cct_use_node >&2 || exit 1
  if (($# > 0)); then exec "$@"; fi
else
  cct_use_node
fi
