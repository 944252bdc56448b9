#!/usr/bin/env bash
# Checks the release build's fallback as a toolchain update would trigger
# it: with size options the toolchain refuses (the panic strategy renamed,
# as immediate-abort once was), choose_release_build must choose the
# stable build and say so in one notice line; then prints what it chooses
# with the real options. (scripts/test then builds the stable way and
# checks that build's size and page.)
set -euo pipefail
# shellcheck source=ensure.sh
source "$(dirname "${BASH_SOURCE[0]}")/ensure.sh"
cd "$ROOT"

notices="$(mktemp)"
# A probe of its own, so it runs every time (a refusal takes a second).
RELEASE_PROBE_DIR="$(mktemp -d)"
trap 'rm -rf "$notices" "$RELEASE_PROBE_DIR"' EXIT
real=("${SIZE_OPTIONS_ENV[@]}")
SIZE_OPTIONS_ENV=(
	RUSTC_BOOTSTRAP=1
	CARGO_UNSTABLE_BUILD_STD=std,panic_abort
	CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-Zunstable-options -Cpanic=renamed-in-a-later-toolchain"
)
RELEASE_BUILD="" choose_release_build 2>"$notices"
[[ $RELEASE_BUILD_KIND == stable && ${#RELEASE_BUILD_ENV[@]} -eq 0 ]] ||
	die "a refused option chose the $RELEASE_BUILD_KIND build"
[[ "$(grep -c '^notice: ' "$notices")" == 1 ]] ||
	die "a refused option should print one notice line, printed: $(cat "$notices")"
log "a refused option falls back: $(grep '^notice: ' "$notices")"

SIZE_OPTIONS_ENV=("${real[@]}")
RELEASE_PROBE_DIR=""
RELEASE_BUILD="" choose_release_build
log "this toolchain: the $RELEASE_BUILD_KIND build"
