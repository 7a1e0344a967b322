#!/bin/sh
# Many actors (issue 11): more SimGrid actors than guarded stacks allow
# under Linux's default vm.max_map_count (65530 mappings, two per guarded
# stack) run to the end instead of aborting in SimGrid ("Failed to
# protect stack"), and a run too big for the machine's memory is refused
# up front, in one line, with exit status 2.
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"
S=$SRCDIR/scenarios

# 32 shards x 1050 workers: 33,600 connection actors with faults, plus
# the workers and servers: 34,700 actors, 69,400 guarded mappings.
"$PSIM" run --format json --set placement.workers=1050 \
    --set strategy.shards=32 --set placement.servers=32 \
    --set model.params=1M --set run.steps=2 --set run.warmup=1 \
    "$S/spot-250m-10w-10g-async-ps8.json" >"$TMP/big.json" 2>"$TMP/big.err"
rc=$?
check "34,700 actors: the run ends (exit 0)" test "$rc" = 0
check "34,700 actors: nothing on stderr" test ! -s "$TMP/big.err"
check "34,700 actors: bytes sent = bytes received, and not 0" awk \
    -v s="$(json "$TMP/big.json" conservation.bytes_sent)" \
    -v r="$(json "$TMP/big.json" conservation.bytes_received)" \
    'BEGIN { exit !(s == r && s > 0) }'
check "34,700 actors: every worker stepped" awk \
    -v w="$(json "$TMP/big.json" workers)" \
    'BEGIN { exit !(w == 1050) }'

# The schema's largest count, 1,048,576 workers, with faults on an
# 8-shard PS: 8.4 million connections, 9.4 million actors, about 620 GB; refused at once.
"$PSIM" run --set placement.workers=1048576 \
    "$S/spot-250m-10w-10g-async-ps8.json" >"$TMP/huge.out" 2>"$TMP/huge.err"
rc=$?
check "1,048,576 workers with faults: exit 2" test "$rc" = 2
check "1,048,576 workers: one line on stderr" test "$(wc -l <"$TMP/huge.err")" = 1
check "1,048,576 workers: the line names the key, the actors and the memory" grep -q \
    "^psim: .*spot-250m-10w-10g-async-ps8.json: /placement/workers: 1048576 workers make about 9437264 SimGrid actors, which need about [0-9.]* GB (64 KB each: a stack and the engine's state); this machine has [0-9.]* GB$" \
    "$TMP/huge.err"
check "1,048,576 workers: nothing on stdout" test ! -s "$TMP/huge.out"

# all-to-all keeps 2n(n-1) messages in flight at once (where its flows
# are not symmetric: a backbone here): over 200,000 workers, 8e10 of
# them, about 88 TB, though its 200,000 actors would fit; refused at
# once, in one line.
"$PSIM" run --set placement.workers=200000 --set cluster.switch_bw=100Tbps \
    "$S/seed-250m-10w-10g-all-to-all.json" >"$TMP/a2a.out" 2>"$TMP/a2a.err"
rc=$?
check "all-to-all over 200,000 workers: exit 2" test "$rc" = 2
check "all-to-all over 200,000 workers: one line naming the messages in flight" grep -q \
    "^psim: .*seed-250m-10w-10g-all-to-all.json: /placement/workers: all-to-all over 200000 workers keeps 79999600000 messages in flight at once, which need about [0-9.]* GB (about 1 KB each in SimGrid); this machine has [0-9.]* GB$" \
    "$TMP/a2a.err"
# (the loader's note on what the value costs comes first: issue 38)
check "all-to-all over 200,000 workers: nothing else but the loader's cost note" test \
    "$(grep -vc ': note: ' "$TMP/a2a.err")-$(grep -c '/placement/workers: note: 200000 workers each send to all 199999 others' "$TMP/a2a.err")-$(wc -c <"$TMP/a2a.out")" = 1-1-0

# Under a limit on its address space (ulimit -v, prlimit) the limit is
# what psim may use: 65,536 PS8 workers (73,808 actors, about 4.8 GB)
# under 2 GB are refused at once, where SimGrid aborted with bad_alloc
# (signal 6) after 6 s.  (Not under ASan, whose shadow needs no limit.)
if command -v prlimit >/dev/null 2>&1 &&
    ! { ldd "$PSIM" 2>/dev/null | grep -q asan; }; then
	prlimit --as=2000000000 "$PSIM" run --set placement.workers=65536 \
	    "$S/seed-250m-10w-10g-ps8.json" >"$TMP/lim.out" 2>"$TMP/lim.err"
	check "65,536 workers under a 2 GB ulimit: exit 2, no report" \
	    test $? -eq 2 -a ! -s "$TMP/lim.out"
	check "65,536 workers under a 2 GB ulimit: one line naming the limit" grep -q \
	    "^psim: .*: /placement/workers: 65536 workers make about 73808 SimGrid actors, which need about 4.8 GB (64 KB each: a stack and the engine's state); under its ulimit this process may use 2.0 GB$" \
	    "$TMP/lim.err"
	# the generated cluster's hosts count too: 300,000 hosts for 10
	# workers take 1.2 GB in SimGrid (make fuzz-run found 1,048,576 of
	# them run out of memory under 4 GB, and then 1,000,000)
	prlimit --as=1000000000 "$PSIM" run --set cluster.hosts=300000 \
	    "$S/seed-250m-10w-10g-ring.json" >"$TMP/h.out" 2>"$TMP/h.err"
	check "300,000 hosts under a 1 GB ulimit: exit 2, one line" \
	    test $? -eq 2 -a ! -s "$TMP/h.out" -a "$(wc -l <"$TMP/h.err")" -eq 1
	check "300,000 hosts under a 1 GB ulimit: names /cluster/hosts" grep -q \
	    "^psim: .*: /cluster/hosts: a generated cluster of 300000 hosts needs about 1.2 GB in SimGrid" \
	    "$TMP/h.err"
	# a synchronous PS on 200,000 hosts under 1.2 GB: the fast-forward's
	# history (every host's numbers, 104 times with a checkpoint every
	# 100 steps: 1.6 GB) would not fit, so every step runs
	prlimit --as=1200000000 "$PSIM" run -f json --set cluster.hosts=200000 \
	    --set run.steps=20 "$S/spot-250m-10w-10g-sync-ps8.json" \
	    >"$TMP/ffm.json" 2>"$TMP/ffm.err"
	check "200,000 hosts under 1.2 GB: the run, without fast-forward" \
	    test $? -eq 0 -a "$(json "$TMP/ffm.json" simulation.fast_forwarded_steps)" = 0
	# An open-ended spot ring of 1024 workers that no step gets through
	# (a preemption every 6 s): its error, not its step records up to
	# run.steps' largest value (8 GB an array), within 1 GB.
	prlimit --as=1000000000 "$PSIM" run --set placement.workers=1024 \
	    --set run.steps=null --set run.duration=10min \
	    "$S/spot-250m-10w-10g-ring.json" >"$TMP/g.out" 2>"$TMP/g.err"
	check "a hopeless open-ended spot ring of 1024 within 1 GB: exit 2, one line" \
	    test $? -eq 2 -a ! -s "$TMP/g.out" -a "$(wc -l <"$TMP/g.err")" -eq 1
	check "... the job cannot finish, at its preemptions" grep -q \
	    "/faults/preemption/mttp: the job cannot finish: .* no step after the warm-up was done" \
	    "$TMP/g.err"
else
	skip "a hopeless spot ring of 1024 within 1 GB" "no prlimit, or an ASan build"
	skip "a hopeless spot ring of 1024 within 1 GB: the message" "no prlimit, or an ASan build"
	skip "300,000 hosts under a 1 GB ulimit" "no prlimit, or an ASan build"
	skip "300,000 hosts under a 1 GB ulimit: the message" "no prlimit, or an ASan build"
	skip "65,536 workers under a 2 GB ulimit" "no prlimit, or an ASan build"
	skip "65,536 workers under a 2 GB ulimit: the message" "no prlimit, or an ASan build"
fi

done_testing
