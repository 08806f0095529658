#!/usr/bin/env bash
# The editor plugins' headless tests, against a built `beacon` in offline demo mode:
#
#   editors/test.sh                                   # uses .build/debug/beacon
#   BEACON_BINARY=/path/to/beacon NVIM=/path/to/nvim editors/test.sh
#
# Runs Neovim's test script (nvim --headless), Emacs's ERT suite (emacs --batch) and the VS Code
# extension's tests (node --test). Each runs with a fresh store, no Geoapify key and none of the
# caller's BEACON_* settings. An editor that is not installed is skipped, except in CI (CI=true),
# where .ci/run installs it first and its absence is a failure.
set -uo pipefail
cd "$(dirname "$0")/.."

binary="${BEACON_BINARY:-$PWD/.build/debug/beacon}"
if [ ! -x "$binary" ]; then
  echo "error: no beacon binary at $binary (run swift build, or set BEACON_BINARY)" >&2
  exit 1
fi
nvim="${NVIM:-nvim}"
emacs="${EMACS:-emacs}"
node="${NODE:-node}"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# `env` arguments that unset the caller's Geoapify key and BEACON_* variables.
clean_env=(-u GEOAPIFY_API_KEY)
while IFS='=' read -r name _; do
  [[ $name == BEACON_* ]] && clean_env+=(-u "$name")
done < <(env)

passed=0 failed=0 skipped=0

# suite NAME COMMAND...: runs COMMAND (at most 5 minutes) in the clean environment with its own store.
suite() {
  local name=$1
  shift
  if ! command -v "$1" >/dev/null 2>&1; then
    if [ "${CI:-}" = true ]; then
      echo "== $name: FAILED ($1 is not installed)"
      failed=$((failed + 1))
    else
      echo "== $name: skipped ($1 is not installed)"
      skipped=$((skipped + 1))
    fi
    return
  fi
  echo "== $name"
  if env "${clean_env[@]}" BEACON_BINARY="$binary" BEACON_STORE="$scratch/$name.sqlite" \
    timeout 300 "$@" </dev/null; then
    passed=$((passed + 1))
  else
    echo "== $name: FAILED"
    failed=$((failed + 1))
  fi
}

suite neovim "$nvim" --headless -u NONE -i NONE -n -c 'luafile editors/neovim/tests/run.lua'
suite emacs "$emacs" --batch -Q -L editors/emacs -l editors/emacs/test/beacon-tests.el \
  -f ert-run-tests-batch-and-exit
suite vscode sh -c "cd editors/vscode && exec \"$node\" --test"

summary="editor suites: $passed passed, $failed failed"
[ "$skipped" -gt 0 ] && summary+=", $skipped skipped"
echo "$summary"
[ "$failed" -eq 0 ]
