#!/usr/bin/env bash
# Installs the Debian 12 packages named in scripts/debian-packages.txt, only those missing.
# Runs as root (CI, a fresh machine) or through sudo when available.
set -euo pipefail
list="$(dirname "$0")/debian-packages.txt"

mapfile -t packages < <(sed -E 's/#.*//' "$list" | tr -s ' \t' '\n\n' | grep -v '^$')
missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "Installing missing Debian packages: ${missing[*]}"
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
