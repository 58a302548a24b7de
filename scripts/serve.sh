#!/usr/bin/env bash
# Builds the release app and serves it on localhost, together with the mock LLM
# server so Hearth can be tried without an API key. Ctrl+C stops both. The app is
# served with the headers of dist/_headers (its CSP), as a strict host would.
#   PORT=8080 MOCK_PORT=8787 scripts/serve.sh
set -euo pipefail
HEARTH_SETUP_BROWSER=0 "$(dirname "${BASH_SOURCE[0]}")/build.sh"
cd "$(dirname "${BASH_SOURCE[0]}")/.."

node tests/mock/server.mjs --port "${MOCK_PORT:-8787}" &
MOCK_PID=$!
trap 'kill $MOCK_PID 2>/dev/null || true' EXIT INT TERM
sleep 0.3
echo "To try it without a key: Base URL http://127.0.0.1:${MOCK_PORT:-8787}/v1 (Gemini: /v1beta), any key, any model (try 'markdown' or 'slow')."
echo "Web search: model 'search' (or 'search-refused'); pictures: model 'image' (or 'image-refused'); either API, Chat Completions or Responses."
node tests/support/static-server.mjs --root dist --headers --port "${PORT:-8080}"
