#!/usr/bin/env bash
# The demo: adds the bundled example to a data directory, composes its lesson, and leaves the
# results in out/demo/ where a person can open them.
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
echo "== Chunks of file_gpu001 (citable ids, file, pages, heading path)"
"$lectio" --data "$data" chunks file_gpu001
"$lectio" --data "$data" chunks file_gpu001 --json > "$out/chunks.json"

echo
echo "== Search: \"where are TPUs strongest\""
"$lectio" --data "$data" search "where are TPUs strongest" --k 3

echo
echo "== The lesson composed from examples/gpu-tpu/brief.yaml"
"$lectio" --data "$data" lesson examples/gpu-tpu/brief.yaml --json > "$out/lesson.json"
"$lectio" --data "$data" lesson examples/gpu-tpu/brief.yaml --markdown | tee "$out/lesson.md"

echo
echo "Results: $out/lesson.md (readable), $out/lesson.json (full), $out/chunks.json;"
echo "the store is $data/lectio.db."
