#!/usr/bin/env bash
# Installs the Debian packages a list file names (one per line, # comments),
# once: a package already installed costs nothing.
#
#   scripts/debian-packages.sh system-packages.txt     (make setup: tests)
#   scripts/debian-packages.sh --required firmware-packages.txt   (make firmware)
#
# Needs root (CI and the dev machines run as root); elsewhere it names what
# to install. Without --required a failed or impossible install is reported,
# not fatal: the tests that need a missing program (Chromium, Mosquitto, tmux)
# say so and skip. With --required it fails, as `make firmware` cannot go on
# without its toolchain.
set -euo pipefail
required=0
if [ "${1:-}" = --required ]; then required=1; shift; fi
list=$1
name=$(basename "$list" .txt)
cd "$(dirname "$0")/.."
want=$(grep -v '^\s*#' "$list" | tr -s ' \n' ' ')
missing=()
for p in $want; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != 0 ]; then
  echo "$name: please install: ${missing[*]}" >&2
  exit $required
fi
echo "$name: installing ${missing[*]}"
if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; }; then
  echo "$name: could not install ${missing[*]}" >&2
  exit $required
fi
