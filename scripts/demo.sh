#!/usr/bin/env bash
# The demo: adds the bundled example to a data directory, then shows what Lectio made of it.
# Usage: scripts/demo.sh LECTIO_BINARY DATA_DIR
set -euo pipefail
lectio=${1:-build/lectio}
data=${2:-lectio-data}
out=out/demo
mkdir -p "$out"

echo "== Adding the example notes (data directory: $data)"
"$lectio" --data "$data" add examples/gpu-tpu/gpu_tpu_lesson_notes.md \
  --id gpu001 --url https://example.com/gpu-tpu-notes

echo
echo "== Sources"
"$lectio" --data "$data" sources

echo
echo "== Chunks of file_gpu001 (citable ids, file, pages, heading path)"
"$lectio" --data "$data" chunks file_gpu001
"$lectio" --data "$data" chunks file_gpu001 --json > "$out/chunks.json"

if "$lectio" search --help > /dev/null 2>&1; then
  echo
  echo "== Search: \"where are TPUs strongest\""
  "$lectio" --data "$data" search "where are TPUs strongest" --k 3
fi

echo
echo "The chunks are in $out/chunks.json; the store is $data/lectio.db."
