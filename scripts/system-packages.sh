#!/usr/bin/env bash
# Installs the Debian packages that tests need (listed in
# system-packages.txt), once: a package already installed costs nothing.
# Called by `make setup`. Needs root (CI and the dev machines run as root);
# elsewhere, install the listed packages yourself.
set -euo pipefail
cd "$(dirname "$0")/.."
want=$(grep -v '^\s*#' system-packages.txt | tr -s ' \n' ' ')
missing=()
for p in $want; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != 0 ]; then
  echo "system-packages: please install: ${missing[*]}" >&2
  exit 0
fi
echo "system-packages: installing ${missing[*]}"
# A failed install is reported, not fatal: the tests that need a missing
# program (Chromium for printable pages, tmux) say so and skip.
if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; }; then
  echo "system-packages: could not install ${missing[*]}; the tests that need them will skip" >&2
fi
