# shellcheck shell=bash
# Shared setup for scripts/serve and scripts/test: installs whatever the
# build and tests need that is missing, idempotently, and is quick when
# everything is present. Source it; do not run it.
#
# Everything comes from a package registry (crates.io, npm, Debian): the
# machines this project runs on cannot download anything else, which is why
# trunk runs offline with pinned tools (see Trunk.toml).

set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
TRUNK_VERSION="0.21.14"

export PATH="$ROOT/node_modules/.bin:${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
# Playwright must use Debian's chromium; its own browser downloads cannot work here.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
export DEBIAN_FRONTEND=noninteractive

log() { printf '==> %s\n' "$*" >&2; }
die() {
	printf 'error: %s\n' "$*" >&2
	exit 1
}

_apt_updated=false
# apt-get install, running `apt-get update` at most once and only when needed.
apt_install() {
	command -v apt-get >/dev/null || die "apt-get not found; install $* by hand"
	if ! $_apt_updated; then
		log "apt-get update"
		apt-get update -qq
		_apt_updated=true
	fi
	log "apt-get install $*"
	apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

ensure_rust() {
	command -v cargo >/dev/null || die "cargo not found: install Rust with rustup first"
	local installed
	installed="$(rustup component list --installed 2>/dev/null || true)"
	# rust-src: the release build compiles the standard library (see
	# SIZE_OPTIONS_ENV).
	for component in rustfmt clippy rust-src; do
		if ! grep -q "^$component" <<<"$installed"; then
			log "rustup component add $component"
			rustup component add "$component"
		fi
	done
	if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
		log "rustup target add wasm32-unknown-unknown"
		rustup target add wasm32-unknown-unknown
	fi
}

# The version of a package as resolved in Cargo.lock.
locked_version() {
	awk -v name="$1" '
		$0 == "name = \"" name "\"" { found = 1; next }
		found && /^version = / { gsub(/"/, "", $3); print $3; exit }
	' "$ROOT/Cargo.lock"
}

ensure_trunk() {
	if [[ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]]; then
		log "cargo install trunk $TRUNK_VERSION (takes about 10 minutes)"
		cargo install trunk --version "$TRUNK_VERSION" --locked
	fi
}

# wasm-bindgen-cli must match the wasm-bindgen crate exactly, and Trunk.toml
# pins the same version so trunk never tries to download it.
ensure_wasm_bindgen() {
	local version pinned
	[[ -f "$ROOT/Cargo.lock" ]] || die "Cargo.lock is missing"
	version="$(locked_version wasm-bindgen)"
	[[ -n "$version" ]] || die "wasm-bindgen not found in Cargo.lock"
	pinned="$(sed -n 's/^wasm_bindgen *= *"\(.*\)"/\1/p' "$ROOT/Trunk.toml")"
	[[ "$pinned" == "$version" ]] ||
		die "Trunk.toml pins wasm_bindgen = \"$pinned\" but Cargo.lock has $version; update Trunk.toml"
	if [[ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $version" ]]; then
		log "cargo install wasm-bindgen-cli $version"
		# Not --locked: the CLI's own lockfile can pin crates that no longer build.
		cargo install wasm-bindgen-cli --version "$version"
	fi
}

# The split step of the app's build (scripts/lib/split.mjs) cuts cargo's
# wasm into the main module and lazy chunks with wasm-split-cli, the CLI of
# the crate cargo-leptos splits with (wasm_split_cli_support), pinned: its
# output must match the wasm_split_helpers runtime in Cargo.lock.
WASM_SPLIT_VERSION="0.2.4"
ensure_wasm_split() {
	if [[ "$(cargo install --list 2>/dev/null | grep -c "^wasm_split_cli_support v$WASM_SPLIT_VERSION:")" != 1 ]] ||
		! command -v wasm-split-cli >/dev/null; then
		log "cargo install wasm_split_cli_support $WASM_SPLIT_VERSION (takes about 3 minutes)"
		cargo install wasm_split_cli_support --version "$WASM_SPLIT_VERSION" --locked --features build-binary
	fi
}

ensure_node() {
	if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
		apt_install nodejs npm
	fi
	# @playwright/test 1.65 requires Node 20 or newer.
	local major
	major="$(node -p 'process.versions.node.split(".")[0]')"
	((major >= 20)) || die "Node $(node --version) is too old: the e2e suite needs Node 20 or newer"
}

# npm ci is slow, so it only runs when package-lock.json changed since the
# last install (tracked by a stamp inside node_modules).
ensure_npm_deps() {
	local stamp="$ROOT/node_modules/.installed-lock.sha256" want
	want="$(sha256sum "$ROOT/package-lock.json" | cut -d' ' -f1)"
	if [[ "$(cat "$stamp" 2>/dev/null)" != "$want" ]]; then
		log "npm ci"
		(cd "$ROOT" && npm ci --no-audit --no-fund --loglevel=error)
		echo "$want" >"$stamp"
	fi
	[[ "$(wasm-opt --version 2>/dev/null)" == *"version_132"* ]] ||
		die "wasm-opt 132 not found in node_modules/.bin (npm package binaryen@132)"
}

ensure_chromium() {
	if [[ ! -x /usr/bin/chromium ]]; then
		apt_install chromium chromium-driver
	fi
}

# zsh and fish: the CLI's completion scripts are checked by each shell's
# own syntax check (PowerShell has no Debian package: its script is checked
# for its registration and words only).
ensure_shells() {
	if ! command -v zsh >/dev/null || ! command -v fish >/dev/null; then
		apt_install zsh fish
	fi
}

# xmllint (libxml2-utils): `robotstxt test --format junit` is validated
# against the vendored JUnit schema with it (cli/tests/junit.rs).
ensure_xmllint() {
	if ! command -v xmllint >/dev/null; then
		apt_install libxml2-utils
	fi
}

# The size options of the release build: compile Rust's standard library
# with the app (build-std, so LTO and opt-level "z" reach std too) and make
# a panic a bare trap (`-Cpanic=immediate-abort`: no message formatting,
# no source locations). Measured on the release build with the matrix:
# 294.7 KB of gzipped wasm with the prebuilt std, 289.9 KB with build-std,
# 273.2 KB with both. Since then: std built with its optimize_for_size
# feature, no source locations for panics (-Zlocation-detail=none) and no
# Debug formatting (-Zfmt-debug=none: `{:?}` prints nothing, so no message
# the app shows may use it): 6.0 KB less on the first load (307,051 to
# 300,994 B, 2026-11-26). The price: a panic in a release build shows no
# message in the console (the app has none on any input; `scripts/serve
# --dev` builds keep the messages). Both are unstable options of the
# pinned stable compiler, allowed for these builds only by RUSTC_BOOTSTRAP
# (the Rust project's own switch for this), and only for the wasm target
# (native tests, the CLI and clippy build as usual).
#
# A toolchain update may rename or drop them (immediate-abort was a
# build-std feature before it was a panic strategy), so they are probed,
# not assumed: `choose_release_build` builds a small program with them
# once per toolchain and falls back, with a one-line notice, to the stable
# build (the same app, larger) when the toolchain refuses. RELEASE_BUILD=
# stable forces the fallback (`scripts/test` builds it too, to keep it
# working and within its budget).
SIZE_OPTIONS_ENV=(
	RUSTC_BOOTSTRAP=1
	CARGO_UNSTABLE_BUILD_STD=std,panic_abort
	CARGO_UNSTABLE_BUILD_STD_FEATURES=optimize_for_size
	CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-Zunstable-options -Cpanic=immediate-abort -Zlocation-detail=none -Zfmt-debug=none"
)

# What the last choose_release_build chose: `size` (with SIZE_OPTIONS_ENV)
# or `stable`, and the environment that builds it.
RELEASE_BUILD_KIND=""
RELEASE_BUILD_ENV=()

# Whether this toolchain builds a program for wasm32 with the size
# options: a std-using program with a panic path, built as the release
# build would (build-std, panic=abort then immediate-abort). The answer is
# kept in target/release-probe/ (RELEASE_PROBE_DIR) per toolchain and
# options, so the probe (about a minute: it compiles std) runs once; its
# output stays beside it, in SIZE_PROBE_LOG.
SIZE_PROBE_LOG=""
size_options_accepted() {
	local dir="${RELEASE_PROBE_DIR:-$ROOT/target/release-probe}" key answer
	key="$(
		{
			rustc -vV
			cargo -V
			printf '%s\n' "${SIZE_OPTIONS_ENV[@]}"
			declare -f size_options_accepted
		} | sha256sum | cut -c1-16
	)"
	answer="$dir/answer-$key"
	SIZE_PROBE_LOG="$dir/probe-$key.log"
	if [[ ! -f "$answer" ]]; then
		mkdir -p "$dir/src"
		cat >"$dir/Cargo.toml" <<-'TOML'
			[package]
			name = "release-probe"
			version = "0.0.0"
			edition = "2021"
			publish = false

			[workspace]

			[profile.release]
			opt-level = 0
			debug = false
			panic = "abort"
		TOML
		cat >"$dir/src/main.rs" <<-'RUST'
			fn main() {
			    let args: Vec<String> = std::env::args().collect();
			    let first = args.first().map(String::as_str).unwrap_or("none");
			    assert!(first.len() < 1 << 20, "{first}");
			    println!("{first} {}", args.len());
			}
		RUST
		log "probing whether $(rustc -V) accepts the release build's size options (once per toolchain)"
		if (cd "$dir" && env "${SIZE_OPTIONS_ENV[@]}" CARGO_TARGET_DIR="$dir/target" \
			cargo build --release --target wasm32-unknown-unknown --quiet) >"$SIZE_PROBE_LOG" 2>&1; then
			echo accepted >"$answer"
		else
			echo refused >"$answer"
		fi
	fi
	[[ "$(cat "$answer")" == accepted ]]
}

# Sets RELEASE_BUILD_KIND and RELEASE_BUILD_ENV: the size options when
# the toolchain accepts them, else (or with RELEASE_BUILD=stable) none.
choose_release_build() {
	if [[ "${RELEASE_BUILD:-}" == stable ]]; then
		RELEASE_BUILD_KIND=stable
		RELEASE_BUILD_ENV=()
	elif size_options_accepted; then
		RELEASE_BUILD_KIND=size
		RELEASE_BUILD_ENV=("${SIZE_OPTIONS_ENV[@]}")
	else
		RELEASE_BUILD_KIND=stable
		RELEASE_BUILD_ENV=()
		printf 'notice: %s refuses the size options (build-std, -Cpanic=immediate-abort; see %s): building the stable way, about 33 KB larger gzipped\n' \
			"$(rustc -V)" "${SIZE_PROBE_LOG#"$ROOT"/}" >&2
	fi
}

# trunk builds with cargo --offline, so every crate must be downloaded
# first, including those of the standard library a size build compiles.
ensure_crates() {
	local locked=()
	# CI must build exactly what was committed.
	[[ "${CI:-}" == "true" ]] && locked=(--locked)
	(cd "$ROOT" && cargo fetch --quiet "${locked[@]}")
	choose_release_build
	if [[ $RELEASE_BUILD_KIND == size ]]; then
		(cd "$ROOT" && env "${RELEASE_BUILD_ENV[@]}" cargo fetch --quiet --target wasm32-unknown-unknown)
	fi
}

# The release build of the app into dist/ (or where --dist says), the
# kind choose_release_build chose.
release_build() {
	[[ -n "$RELEASE_BUILD_KIND" ]] || choose_release_build
	log "release build: $RELEASE_BUILD_KIND"
	(cd "$ROOT" && env "${RELEASE_BUILD_ENV[@]}" trunk build --release --offline "$@")
}

# Everything `trunk build` needs.
ensure_build_tools() {
	ensure_rust
	ensure_node
	ensure_npm_deps
	ensure_trunk
	ensure_wasm_bindgen
	ensure_wasm_split
	ensure_crates
}
