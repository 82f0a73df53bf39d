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

echo
echo "== A learning plan: the notes of examples/ai-hardware, and the plan of 4 chapters over them"
"$lectio" --data "$data" add examples/ai-hardware/gpu_execution.md \
  examples/ai-hardware/memory_hierarchy.md examples/ai-hardware/tensor_cores.md \
  examples/ai-hardware/interconnects.md examples/ai-hardware/inference_serving.md \
  examples/ai-hardware/cost.md
# Every lesson is composed and rendered (in parallel); an unchanged lesson is reused.
"$lectio" --data "$data" plan build examples/ai-hardware/plan.yaml --json > "$out/plan.json"
"$lectio" --data "$data" plan show how_ai_hardware_works | tee "$out/plan.txt"

echo
echo "== A plan drafted from the same notes alone: out/demo/plan_draft.yaml"
"$lectio" --data "$data" plan draft --goal "how does a GPU work" --chapters 4 \
  --out "$out/plan_draft.yaml"
"$lectio" --data "$data" plans
echo "Plan results: $out/plan.txt, $out/plan.json (lessons and measured durations),"
echo "$out/plan_draft.yaml (edit it, then: lectio plan build $out/plan_draft.yaml)."

echo
echo "== The web app: lesson and plan pages, the player with its live transcript, questions,"
echo "   accounts, reviews, the JSON API (docs/api.md) and podcast feeds"
if [ "${DEMO_SERVE:-1}" = "0" ]; then
  echo "(DEMO_SERVE=0: not starting it; run: $lectio --data $data serve)"
  exit 0
fi
echo "Open http://127.0.0.1:${PORT:-8080}/lessons/gpu_vs_tpu_how_to_choose — Ctrl-C stops the server."
exec "$lectio" --data "$data" serve --port "${PORT:-8080}"
