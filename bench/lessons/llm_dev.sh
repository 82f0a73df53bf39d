#!/usr/bin/env bash
# The LLM engine held to issue 28's measure: ../shared/eval/lessons/run-dev.sh composes the dev
# briefs as it does for the built-in engine, but every `lesson` is written by the LLM engine
# talking to the chat test server with the tests' scripted author (lectio_fake_llm_server), so
# lesson-lint and lesson-topicality score the same documents against the same judgments.
# The scripted author writes each section from the excerpts the engine put in its prompt, so the
# figures measure the engine's choice of material per insight and its verifier, not a model.
#   bench/lessons/llm_dev.sh LECTIO FAKE_SERVER [WORKDIR] [--honest] [--verbatim]
# (FAKE_SERVER: build/bench/lectio_fake_llm_server; WORKDIR as run-dev.sh's; the flags are the
# server's.)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
usage="usage: llm_dev.sh LECTIO FAKE_SERVER [WORKDIR] [--honest] [--verbatim]"
[ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }
lectio=$(realpath "$1"); server=$(realpath "$2"); work=${3:-/tmp/lectio-dev-lessons}
server_flags=("${@:4}")
run_dev=$here/../../../shared/eval/lessons/run-dev.sh
[ -x "$run_dev" ] || { echo "llm_dev.sh: $run_dev: not found" >&2; exit 1; }
mkdir -p "$work"
shim_dir=$(mktemp -d "$work/llm-shim.XXXXXX")
trap 'exec 3>&-; rm -rf "$shim_dir"' EXIT

# The server reads its standard input until it closes: fd 3 is held open by this script.
mkfifo "$shim_dir/in"
"$server" "${server_flags[@]}" < "$shim_dir/in" > "$shim_dir/url" 2> "$shim_dir/server.log" &
exec 3> "$shim_dir/in"
for _ in $(seq 50); do [ -s "$shim_dir/url" ] && break; sleep 0.1; done
url=$(head -n1 "$shim_dir/url")
[ -n "$url" ] || { echo "llm_dev.sh: the test server did not start" >&2; cat "$shim_dir/server.log" >&2; exit 1; }

# run-dev.sh calls LECTIO for `add`, `chunks` and `lesson`; only `lesson` gets the engine.
cat > "$shim_dir/lectio" <<EOF
#!/usr/bin/env bash
for a in "\$@"; do
  if [ "\$a" = lesson ]; then
    exec "$lectio" "\$@" --engine llm --llm-base-url "$url" --llm-model scripted
  fi
done
exec "$lectio" "\$@"
EOF
chmod +x "$shim_dir/lectio"
bash "$run_dev" "$shim_dir/lectio" "$work"
