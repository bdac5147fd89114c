#!/usr/bin/env bash
# Installs the Debian packages of firmware-packages.txt (the ARM toolchain
# and QEMU), once. Called by `make firmware`, never by `make test`. Needs
# root; elsewhere it names what to install.
set -euo pipefail
cd "$(dirname "$0")/.."
want=$(grep -v '^\s*#' firmware-packages.txt | tr -s ' \n' ' ')
missing=()
for p in $want; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != 0 ]; then
  echo "firmware-packages: please install: ${missing[*]}" >&2
  exit 1
fi
echo "firmware-packages: installing ${missing[*]}"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
