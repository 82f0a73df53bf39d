#!/usr/bin/env bash
# Installs the Debian 12 packages Lectio builds and tests with, only those missing.
# Runs as root (CI, a fresh machine) or through sudo when available.
set -euo pipefail

packages=(
  # toolchain
  cmake g++ make pkg-config
  # libraries
  libicu-dev libmd4c-dev libgumbo-dev libpoppler-cpp-dev libzip-dev libpugixml-dev
  libyaml-cpp-dev nlohmann-json3-dev libsqlite3-dev libxapian-dev libsodium-dev
  libspdlog-dev libfmt-dev libcli11-dev
  flite1-dev libespeak-ng-dev espeak-ng-data libsoxr-dev libebur128-dev libmp3lame-dev
  libopusenc-dev libtag1-dev libcpp-httplib-dev libkainjow-mustache-dev
  # tests and benchmarks
  libgtest-dev libgmock-dev libbenchmark-dev sqlite3 qpdf poppler-utils zip
  ffmpeg flite python3-feedparser chromium fonts-wqy-zenhei nodejs wrk nginx-light
)

missing=()
# npm comes with NodeSource's nodejs; Debian's nodejs needs the npm package beside it.
command -v npm >/dev/null || packages+=(npm)
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
