#!/usr/bin/env bash
# The GitHub Action's one step (action.yml): `robots-txt lint` and `robots-txt check` from the npm package, run through
# npx with JSON output, which annotate.mjs turns into annotations on the lines, a job summary and step outputs; lint's
# SARIF too when asked; and, given sites to watch (the scheduled mode), `robots-txt watch` with its state folder.
# Inputs arrive as INPUT_* variables. The exit status is the worst of the commands' (0 clean, 1 problems, failed
# expectations or a warning or critical change of a deployed file, 2 bad input, nothing to check or a fetch that got
# no file).
set -uo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
temp="${RUNNER_TEMP:-${TMPDIR:-/tmp}}"
output="${GITHUB_OUTPUT:-/dev/null}"

fail() {
	echo "::error title=robots-txt action::$1"
	exit 2
}

boolean() {
	case "$2" in
		true | false) ;;
		*) fail "the $1 input is true or false, not \"$2\"" ;;
	esac
}

boolean lint "${INPUT_LINT:-true}"
boolean hints "${INPUT_HINTS:-false}"

# Each word of the package input is one `npx --package`: the package, or a tarball and what it needs.
packages=()
for spec in ${INPUT_PACKAGE:-}; do
	packages+=("--package=$spec")
done
[ ${#packages[@]} -gt 0 ] || fail 'the package input names the npm package that provides robots-txt'
robots_txt() {
	npx --yes "${packages[@]}" -- robots-txt "$@"
}

# The lines of an input, one item a line, into `lines`; blank lines and surrounding spaces are ignored.
read_lines() {
	lines=()
	local line
	while IFS= read -r line; do
		line="${line#"${line%%[![:space:]]*}"}"
		line="${line%"${line##*[![:space:]]}"}"
		[ -z "$line" ] || lines+=("$line")
	done <<< "$1"
}

read_lines "${INPUT_PATHS:-.}"
paths=(${lines[@]+"${lines[@]}"})
[ ${#paths[@]} -gt 0 ] || paths=(.)

worst=0
record() {
	if [ "$1" -gt "$worst" ]; then
		worst=$1
	fi
}

if [ "${INPUT_LINT:-true}" = true ]; then
	args=(lint "${paths[@]}")
	[ -z "${INPUT_CRAWLERS:-}" ] || args+=(--crawler "$INPUT_CRAWLERS")
	[ -z "${INPUT_MAX_WARNINGS:-}" ] || args+=(--max-warnings "$INPUT_MAX_WARNINGS")
	[ "${INPUT_HINTS:-false}" = false ] || args+=(--hints)
	robots_txt "${args[@]}" --format json > "$temp/robots-txt-lint.json"
	status=$?
	node "$here/annotate.mjs" lint "$temp/robots-txt-lint.json" "$status" || record 2
	record "$status"
	if [ -n "${INPUT_SARIF_FILE:-}" ]; then
		robots_txt "${args[@]}" --format sarif > "$INPUT_SARIF_FILE"
		echo "sarif-file=$INPUT_SARIF_FILE" >> "$output"
	fi
fi

# Expectations live in files; sites given by URL have none.
local_paths=()
for path in "${paths[@]}"; do
	case "$path" in
		http://* | https://*) ;;
		*) local_paths+=("$path") ;;
	esac
done
case "${INPUT_CHECK:-auto}" in
	true) check=true ;;
	false) check=false ;;
	auto)
		# `robots-txt check` fails when there is nothing to check, so auto runs it only when there is something.
		check=false
		if [ ${#local_paths[@]} -gt 0 ] && find "${local_paths[@]}" \( -name node_modules -o -name .git \) -prune -o -type f \( -name robots.expectations -o -name '*.robots.expectations' \) -print 2>/dev/null | grep -q .; then
			check=true
		fi
		;;
	*) fail "the check input is auto, true or false, not \"$INPUT_CHECK\"" ;;
esac
if [ "$check" = true ]; then
	robots_txt check "${local_paths[@]}" --format json > "$temp/robots-txt-check.json"
	status=$?
	node "$here/annotate.mjs" check "$temp/robots-txt-check.json" "$status" || record 2
	record "$status"
fi

# The scheduled mode: the deployed files compared with the last readings kept in the state folder, which the workflow
# keeps between runs (actions/cache, or committed).
read_lines "${INPUT_WATCH:-}"
if [ ${#lines[@]} -gt 0 ]; then
	args=(watch "${lines[@]}" --state "${INPUT_WATCH_STATE:-.robots-txt-watch}")
	[ -z "${INPUT_CRAWLERS:-}" ] || args+=(--crawler "$INPUT_CRAWLERS")
	[ -z "${INPUT_WATCH_EXPECTATIONS:-}" ] || args+=(--expectations "$INPUT_WATCH_EXPECTATIONS")
	robots_txt "${args[@]}" --format json > "$temp/robots-txt-watch.json"
	status=$?
	node "$here/annotate.mjs" watch "$temp/robots-txt-watch.json" "$status" || record 2
	record "$status"
fi

exit "$worst"
