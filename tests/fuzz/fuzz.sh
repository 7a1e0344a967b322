#!/bin/sh
# fuzz.sh FUZZER SRCDIR SECONDS [FINDINGS]: run the scenario loader's
# libFuzzer harness (fuzz-scenario.c) for SECONDS seconds (make fuzz).
# The seed corpus is the shipped scenarios and tests/data/*.json, copied
# here at run time, some with --set lines in front; the dictionary is
# every quoted word of those files.  A finding (crash, sanitizer report,
# leak, exit, timeout, memory over the limits) is written to FINDINGS
# (default ./fuzz-findings) and the script exits 1; rerun one with
# `FUZZER FINDINGS/crash-...`.
#
# Memory: ASan reserves terabytes of address space for its shadow, so a
# ulimit -v / prlimit --as cap would stop it before main; libFuzzer's own
# limits bound it instead (-rss_limit_mb, -malloc_limit_mb: 2048 MB).
set -u
fuzzer=$1 srcdir=$2 seconds=${3:-60} findings=${4:-$PWD/fuzz-findings}
case $fuzzer in /*) ;; *) fuzzer=$PWD/$fuzzer ;; esac
mkdir -p "$findings" && findings=$(cd "$findings" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/psim-fuzz.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
mkdir "$tmp/corpus" "$tmp/work"
for f in "$srcdir"/scenarios/*.json "$srcdir"/tests/data/*.json; do
	cp "$f" "$tmp/corpus/$(basename "$f")"
done
# --set lines in front of the seed scenario (the harness's "%%" line)
seed=$srcdir/scenarios/seed-250m-10w-10g-ps8.json
i=0
for s in 'model.params=1e308' 'cluster.nic="1bps"' 'placement.workers=0' \
    'run.steps=-1' 'strategy={"name":"ps","shards":3}' \
    'faults.preemption.mttp="1h"' 'numerics.mode=real' 'cluster.hosts=1e9'; do
	i=$((i + 1))
	{ printf '%s\n%%%%\n' "$s"; cat "$seed"; } >"$tmp/corpus/set-$i"
done
{
	printf '"%%%%\\x0a"\n"="\n"."\n'
	cat "$srcdir"/scenarios/*.json "$srcdir"/tests/data/*.json |
	    grep -o '"[A-Za-z0-9_. -]*"' | sort -u
} >"$tmp/dict"
# The harness runs in an empty folder: a platform or trace path in an
# input finds nothing of the tree's.
cd "$tmp/work" || exit 1
"$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -malloc_limit_mb=2048 -max_len=16384 -dict="$tmp/dict" \
    -artifact_prefix="$findings/" -print_final_stats=1 \
    "$tmp/corpus" >"$tmp/log" 2>&1
rc=$?
tail -n 60 "$tmp/log"
if [ $rc -ne 0 ]; then
	echo "fuzz: a finding (exit $rc), its input in $findings/" >&2
	exit 1
fi
echo "fuzz: no finding in ${seconds}s"
