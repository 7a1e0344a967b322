#!/bin/sh
# tests/asan-check.sh: make check once more, on a build with
# AddressSanitizer, LeakSanitizer and UndefinedBehaviorSanitizer, in a
# copy of the tree (the tracked files as they are now) under /tmp.  .ci/run
# runs it after the plain make check.
#
# What the sanitizers say goes to log files (log_path), not to stderr, so
# that the tests' checks on stderr see psim's own output.  One line there
# is expected and ignored: SimGrid switches between actor stacks it
# allocates itself, and when it kills an actor (faults, a job given up)
# ASan warns that it "is ignoring requested __asan_handle_no_return" on
# such a stack.  Anything else in a log -- an ASan error, a leak, a UBSan
# runtime error -- fails the check.  Leaks are checked in every run; an
# ASan build runs its actors without guard pages (src/engine/sim-engine.c,
# engine_init), because LeakSanitizer scans the stack blocks of actors
# SimGrid has killed (faults, a job given up) and crashed on their guard
# page ("Tracer caught signal 11"), which would have needed
# detect_leaks=0 for every run with faults.
set -e
src=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/psim-asan.XXXXXX")
logs=$work/sanitizer-logs
mkdir "$logs"
cd "$src"
git ls-files -z | xargs -0 tar -cf - | tar -xf - -C "$work"
cd "$work"
autoreconf -fi >/dev/null 2>&1
./configure -q --enable-asan CFLAGS="-g -O1"
make -j"$(nproc)" >/dev/null
status=0
ASAN_OPTIONS="log_path=$logs/asan:detect_leaks=1" \
UBSAN_OPTIONS="log_path=$logs/ubsan:print_stacktrace=1" \
    make -j"$(nproc)" check >"$work/check.log" 2>&1 || status=$?
grep -E '^(# (TOTAL|PASS|SKIP|FAIL|ERROR)|FAIL:|ERROR:)' "$work/check.log" |
    sed 's/^/asan: /'
found=0
for f in "$logs"/*; do
	[ -e "$f" ] || continue
	if grep -v -e 'WARNING: ASan is ignoring requested __asan_handle_no_return' \
	    -e '^False positive error reports may follow' \
	    -e '^For details see https://github.com/google/sanitizers/issues/189' \
	    "$f" | grep -q .; then
		found=$((found + 1))
		echo "asan: $f:"
		head -40 "$f"
	fi
done
if [ $status -ne 0 ] || [ $found -ne 0 ]; then
	echo "asan: make check under the sanitizers failed ($found reports); $work kept" >&2
	exit 1
fi
rm -rf "$work"
echo "asan: make check passes under ASan, LSan and UBSan"
