#!/bin/sh
# Faults: preemptions turn worker hosts off; all-reduce restarts from its
# checkpoint, a synchronous PS waits for the replacement, an asynchronous
# PS trains on.  Times are checked against hand-computed timelines,
# gradients against conservation, the goodput order against its flip.
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"
S=$SRCDIR/tests/data/faults-ring.json
run() { "$PSIM" run --format json "$@"; }
# (runs whose figures are compared go through save, their checks through
# ran: two failed runs give two empty figures, which compare alike)
PS='--set strategy={"name":"ps","shards":1}'
ASYNC='--set strategy={"name":"ps","shards":1,"sync":"async"}'

# The hand-computed timeline (tests/data/faults-one.csv: worker 1 goes at
# 25 s and its replacement is up at 85 s).  A ring step is T = 1 s +
# 6 (10 us + 25 MB / 1.25 GB/s), 10 us being two NICs' latency; a
# checkpoint of 100 MB from worker 0 to the storage host takes
# C = 80 ms + 10 us.  Checkpoints after steps 10 and 20 delay the job by
# C each; at 25 s steps 21 and 22 are done, so 2 are lost; 60 s stalled,
# 20 s of restart, then the storage host sends 100 MB to each of the 4
# workers over its NIC (0.32 s + 10 us); then steps 20-49, with
# checkpoints after 30 and 40.
run "$S" >"$TMP/ring.json"
T=$(awk 'BEGIN { printf "%.12g", 1 + 6 * (1e-5 + 25e6 / 1.25e9) }')
C=$(awk 'BEGIN { printf "%.12g", 1e8 / 1.25e9 + 1e-5 }')
check "all-reduce: one preemption, one restart" test \
    "$(json "$TMP/ring.json" faults.preemptions)-$(json "$TMP/ring.json" faults.restarts)" = 1-1
check "all-reduce: the 2 steps since the checkpoint at 20 are lost" test \
    "$(json "$TMP/ring.json" faults.lost_steps)" = 2
check_near "all-reduce: stalled from 25 s to the replacement at 85 s" \
    "$(json "$TMP/ring.json" faults.stalled_s)" 60 1e-9
check_near "all-reduce: restart 20 s + the restore, 4 x 100 MB from storage" \
    "$(json "$TMP/ring.json" faults.restart_s)" 20.32001 1e-9
check_near "all-reduce: 4 checkpoints of 100 MB (after steps 10, 20, 30, 40)" \
    "$(json "$TMP/ring.json" faults.checkpoint_s)" "$(awk -v c="$C" 'BEGIN { print 4 * c }')" 1e-9
check_near "all-reduce: done at 25 + 60 + 20.32001 + 30 T + 2 C" \
    "$(json "$TMP/ring.json" faults.done_s)" \
    "$(awk -v t="$T" -v c="$C" 'BEGIN { printf "%.12g", 105.32001 + 30 * t + 2 * c }')" 1e-9
check_near "all-reduce: goodput is 50 steps over that" \
    "$(json "$TMP/ring.json" goodput_steps_per_s)" \
    "$(awk -v d="$(json "$TMP/ring.json" faults.done_s)" 'BEGIN { printf "%.12g", 50 / d }')" 1e-9

# Nothing happens: the same step times as without faults.
printf 'time_s,event,host\n0,return,a\n' >"$TMP/calm.csv"
for s in "" "$PS" "$ASYNC"; do
	# shellcheck disable=SC2086
	save "$TMP/calm.json" run $s \
	    --set "faults.preemption={\"trace\": \"$TMP/calm.csv\"}" \
	    --set faults.checkpoint.every=1000 "$S"
	# shellcheck disable=SC2086
	save "$TMP/none.json" run $s "$SRCDIR/tests/data/faults-none.json"
	check "no preemption${s:+ ($s)}: the same mean step time as no faults" \
	    ran "$TMP/calm.json" "$TMP/none.json" -- same \
	    "$(json "$TMP/calm.json" step_time_s.mean)" "$(json "$TMP/none.json" step_time_s.mean)"
done
check "a trace whose hosts all map: no event unreplayed" \
    test "$(json "$TMP/calm.json" faults.unreplayed_trace_events)" = 0

# Under faults the breakdown adds up to the step time: compute, the
# communication not hidden, the wait for peers and the time the workers
# stood still between steps (before: 1.27 s of the synchronous PS's
# 8.98 s step was in no row; its long steps have fewer workers, and the
# breakdown weighed them by worker).
for sc in spot-250m-10w-10g-sync-ps8 spot-250m-10w-10g-ring \
    spot-250m-10w-10g-ring-checkpoints ps8-server-failures; do
	save "$TMP/$sc.json" run "$SRCDIR/scenarios/$sc.json"
	j=$TMP/$sc.json
	check_near "$sc: compute + exposed + wait + stood still = the step" \
	    "$(awk -v a="$(json "$j" breakdown_s.compute)" \
	    -v b="$(json "$j" breakdown_s.exposed_communication)" \
	    -v c="$(json "$j" breakdown_s.wait)" \
	    -v d="$(json "$j" breakdown_s.between_steps)" \
	    'BEGIN { printf "%.12g", a + b + c + d }')" \
	    "$(json "$j" step_time_s.mean)" 1e-9
	check "$sc: it stood still between steps" \
	    awk -v d="$(json "$j" breakdown_s.between_steps)" 'BEGIN { exit !(d > 0) }'
done
"$PSIM" run "$SRCDIR/scenarios/spot-250m-10w-10g-sync-ps8.json" >"$TMP/sps.txt"
check "the text's breakdown has the row" grep -q '^    stood still  ' "$TMP/sps.txt"

# 8 shards on 3 or 5 servers: a worker that dies between its pushes of
# the last step (one server's shards have it, another's not) leaves its
# replacement pushing the step after the last to the shards that
# finished; they discard it and reply (before: an assertion, SIGABRT;
# make fuzz-run seed 1212).  The run ends at its steps, nothing dropped.
for s in 3 5; do
	save "$TMP/sps$s.json" run --set placement.servers=$s --set run.steps=300 \
	    "$SRCDIR/scenarios/spot-250m-10w-10g-sync-ps8.json"
	check "8 shards on $s servers under faults: 300 steps, none dropped" \
	    ran "$TMP/sps$s.json" -- test \
	    "$(json "$TMP/sps$s.json" steps)-$(json "$TMP/sps$s.json" dropped_gradients)" = 300-0
done

# A trace's hosts after the first 4 (the workers) map to none: said, with
# their events (before: the storage host's preemption was dropped and the
# run reported 0 preemptions without a word).
printf 'time_s,event,host\n0,return,w0\n0,return,w1\n0,return,w2\n0,return,w3\n0,return,storage\n30,preempt,storage\n40,preempt,w9\n' >"$TMP/extra.csv"
"$PSIM" run --set "faults.preemption={\"trace\": \"$TMP/extra.csv\"}" "$S" >"$TMP/extra.txt"
check "trace hosts past the workers: the text report names the first and counts their events" \
    grep -q 'faults.preemption.trace: 2 hosts after the first 4 (the workers), from "storage" on,' "$TMP/extra.txt"
check "trace hosts past the workers: 3 events not replayed" \
    grep -q 'map to none: 3 events not replayed' "$TMP/extra.txt"
run --set "faults.preemption={\"trace\": \"$TMP/extra.csv\"}" "$S" >"$TMP/extra.json"
check "trace hosts past the workers: JSON 0 preemptions, 3 events unreplayed" test \
    "$(json "$TMP/extra.json" faults.preemptions)-$(json "$TMP/extra.json" faults.unreplayed_trace_events)" = 0-3

# A synchronous PS waits for the replacement and counts each gradient
# once: its server receives exactly 50 steps x 4 workers x 100 MB, and
# with real gradients it ends where the run without faults does.
# shellcheck disable=SC2086
save "$TMP/ps.json" run $PS --set 'numerics={"model": "linear", "features": 8}' "$S"
# shellcheck disable=SC2086
save "$TMP/ps0.json" run $PS --set 'numerics={"model": "linear", "features": 8}' \
    "$SRCDIR/tests/data/faults-none.json"
check "sync PS: the server received each of the 200 gradients once" test \
    "$(awk '/"role": "server 0/ { match($0, /"bytes_received": [0-9.e+]+/); print substr($0, RSTART + 18, RLENGTH - 18) }' "$TMP/ps.json")" = 20000000000
check "sync PS: no step lost, no restart, one replacement joined" test \
    "$(json "$TMP/ps.json" faults.lost_steps)-$(json "$TMP/ps.json" faults.restarts)-$(json "$TMP/ps.json" faults.replacements_joined)" = 0-0-1
check "sync PS: the same final loss as without the fault" \
    ran "$TMP/ps.json" "$TMP/ps0.json" -- same \
    "$(json "$TMP/ps.json" numerics.final_loss)" "$(json "$TMP/ps0.json" numerics.final_loss)"
check "sync PS: stalled while worker 1 was down (60 s)" \
    near "$(json "$TMP/ps.json" faults.stalled_s)" 60 1e-9
save "$TMP/rn.json" run --set 'numerics={"model": "linear", "features": 8}' "$S"
save "$TMP/rn0.json" run --set 'numerics={"model": "linear", "features": 8}' \
    "$SRCDIR/tests/data/faults-none.json"
check "all-reduce: replayed from its checkpoint, it ends where the run without faults does" \
    ran "$TMP/rn.json" "$TMP/rn0.json" -- \
    same "$(json "$TMP/rn.json" numerics.final_loss)" "$(json "$TMP/rn0.json" numerics.final_loss)"

# An asynchronous PS trains on: nothing stalls, rolls back or restarts,
# and every gradient the server applied arrived whole from a live worker.
# shellcheck disable=SC2086
save "$TMP/as.json" run $ASYNC --set run.steps=100 "$S"
check "async PS: no stall, no lost step, no restart" test \
    "$(json "$TMP/as.json" faults.stalled_s)-$(json "$TMP/as.json" faults.lost_steps)-$(json "$TMP/as.json" faults.restarts)" = 0-0-0
check "async PS: the replacement joined" test \
    "$(json "$TMP/as.json" faults.replacements_joined)" = 1
check "async PS: server bytes received = gradients applied x 100 MB" \
    ran "$TMP/as.json" -- test \
    "$(awk '/"role": "server 0/ { match($0, /"bytes_received": [0-9.e+]+/); print substr($0, RSTART + 18, RLENGTH - 18) }' "$TMP/as.json")" = \
    "$(awk -v a="$(json "$TMP/as.json" updates_applied)" 'BEGIN { printf "%.0f", a * 1e8 }')"

# The same preemption process for both: asynchronous PS beats synchronous
# all-reduce when preemptions come often against the restart, and the
# order flips when they are rare.
F=$SRCDIR/tests/data/faults-flip.json
for m in 5min 10h; do
	save "$TMP/r-$m.json" run --set "faults.preemption.mttp=\"$m\"" "$F"
	save "$TMP/a-$m.json" run --set "faults.preemption.mttp=\"$m\"" \
	    --set 'strategy={"name":"ps","shards":4,"sync":"async"}' "$F"
done
check "MTTP 5 min: async PS has the higher goodput" \
    ran "$TMP/a-5min.json" "$TMP/r-5min.json" -- awk \
    -v a="$(json "$TMP/a-5min.json" goodput_steps_per_s)" -v r="$(json "$TMP/r-5min.json" goodput_steps_per_s)" \
    'BEGIN { exit !(a > 2 * r) }'
check "MTTP 10 h: ring all-reduce has the higher goodput" \
    ran "$TMP/a-10h.json" "$TMP/r-10h.json" -- awk \
    -v a="$(json "$TMP/a-10h.json" goodput_steps_per_s)" -v r="$(json "$TMP/r-10h.json" goodput_steps_per_s)" \
    'BEGIN { exit !(r > a) }'
save "$TMP/again.json" run --set 'faults.preemption.mttp="5min"' "$F"
grep -v wall_s "$TMP/again.json" >"$TMP/again"
grep -v wall_s "$TMP/r-5min.json" >"$TMP/first"
check "the same seed draws the same preemptions" \
    ran "$TMP/r-5min.json" "$TMP/again.json" -- cmp "$TMP/first" "$TMP/again"
save "$TMP/seed2.json" run --set 'faults.preemption.mttp="5min"' --set seed=2 "$F"
check "another seed, other preemptions" \
    ran "$TMP/seed2.json" "$TMP/r-5min.json" -- test \
    "$(json "$TMP/seed2.json" faults.done_s)" != "$(json "$TMP/r-5min.json" faults.done_s)"


# Prices: workers are billed while up (worker 1 is down 60 s), the
# storage host all along.
run --set 'cluster.price_per_hour={"workers": 3, "storage": 0.5}' "$S" >"$TMP/cost.json"
d=$(json "$TMP/cost.json" faults.done_s)
check_near "cost: worker hours are 4 x the run less worker 1's 60 s down" \
    "$(json "$TMP/cost.json" cost.worker_hours)" "$(awk -v d="$d" 'BEGIN { printf "%.12g", (4 * d - 60) / 3600 }')" 1e-9
check_near "cost: per 1000 steps, (3 x worker hours + 0.5 x storage hours) / 50 x 1000" \
    "$(json "$TMP/cost.json" cost.per_1000_steps)" \
    "$(awk -v d="$d" 'BEGIN { printf "%.12g", (3 * (4 * d - 60) / 3600 + 0.5 * d / 3600) / 50 * 1000 }')" 1e-9


# Backup workers cover a lost worker: with b = 1 nothing stalls and the
# job never waits for the replacement.
# shellcheck disable=SC2086
save "$TMP/bk.json" \
    run --set 'strategy={"name":"ps","shards":2,"sync":"backup","backup_workers":1}' \
    --set run.steps=60 "$S"
check "backup, b = 1: no stall while worker 1 is down" test \
    "$(json "$TMP/bk.json" faults.stalled_s)" = 0
save "$TMP/bk0.json" \
    run --set 'strategy={"name":"ps","shards":2,"sync":"backup","backup_workers":1}' \
    --set run.steps=60 "$SRCDIR/tests/data/faults-none.json"
check "backup, b = 1: the lost worker costs no goodput (the 3 others make the quorum)" \
    ran "$TMP/bk.json" "$TMP/bk0.json" -- \
    awk -v f="$(json "$TMP/bk.json" goodput_steps_per_s)" \
    -v z="$(json "$TMP/bk0.json" goodput_steps_per_s)" 'BEGIN { exit !(f >= z) }'
# SSP: a lost worker holds the others s clocks ahead of it at most.
# shellcheck disable=SC2086
run --set 'strategy={"name":"ps","shards":2,"sync":"ssp","staleness":2}' \
    --set run.steps=60 "$S" >"$TMP/ssp.json"
check "ssp under faults: never more than 2 clocks ahead" test \
    "$(json "$TMP/ssp.json" max_clocks_ahead)" -le 2


# A server fails (tests/data/faults-server.csv: server 0 from 30 s to
# 70 s): the PS job stops, and once the server is back it restores its
# shard from the storage host, the workers join again, and the steps
# since the checkpoint run again.  A step is 1 s + 2 x 0.16 s (each
# server takes 4 x 50 MB in and out at 1.25 GB/s), so 22 steps are done
# at 30 s and the checkpoint at 20 loses 2; the restore sends 2 x 50 MB
# out of the storage host's NIC (80 ms + 10 us) after 10 s of restart.
SRV='--set strategy={"name":"ps","shards":2}'
# shellcheck disable=SC2086
save "$TMP/srv.json" run $SRV --set "faults={\"preemption\": {\"mttp\": \"1000h\"}, \"servers\": {\"trace\": \"$SRCDIR/tests/data/faults-server.csv\"}, \"restart\": \"10s\", \"checkpoint\": {\"every\": 10}}" \
    --set 'numerics={"model": "linear", "features": 8}' \
    "$SRCDIR/tests/data/faults-none.json"
# shellcheck disable=SC2086
save "$TMP/srv0.json" run $SRV --set 'numerics={"model": "linear", "features": 8}' \
    "$SRCDIR/tests/data/faults-none.json"
check "server failure: one, one restart, 2 steps lost" test \
    "$(json "$TMP/srv.json" faults.server_failures)-$(json "$TMP/srv.json" faults.restarts)-$(json "$TMP/srv.json" faults.lost_steps)" = 1-1-2
check_near "server failure: stalled from 30 s to 70 s" \
    "$(json "$TMP/srv.json" faults.stalled_s)" 40 1e-9
check_near "server failure: restart 10 s + the shards' restore (80 ms + 10 us)" \
    "$(json "$TMP/srv.json" faults.restart_s)" 10.08001 1e-9
check "server failure: restored and replayed, the same final loss as without it" \
    ran "$TMP/srv.json" "$TMP/srv0.json" -- same \
    "$(json "$TMP/srv.json" numerics.final_loss)" "$(json "$TMP/srv0.json" numerics.final_loss)"


# A notice lets the all-reduce job save at the end of the step under way:
# with no checkpoint before the preemption at 25 s, it loses 22 steps
# without, and with a 10 s notice (at 15 s, during step 14) only the 8
# done after that save.
run --set faults.notice=10s --set faults.checkpoint.every=100 "$S" >"$TMP/nn.json"
run --set faults.notice=10s --set faults.checkpoint.every=100 \
    --set faults.checkpoint.on_notice=true "$S" >"$TMP/on.json"
check "no checkpoint on notice: 22 steps lost" test "$(json "$TMP/nn.json" faults.lost_steps)" = 22
check "a checkpoint on the notice: 8 steps lost" test "$(json "$TMP/on.json" faults.lost_steps)" = 8

# No spare left: the synchronous job can never have its workers again
# and says so; the asynchronous PS finishes with the other three.
run --set faults.spares=0 --set run.steps=100 "$S" >"$TMP/ns.json" 2>"$TMP/ns.err"
check "no spare: all-reduce gives up, exit 2" test $? = 2
check "no spare: no report" test ! -s "$TMP/ns.json"
check "no spare: it says the spares ran out" grep -Eq \
    '/faults/spares: the job cannot finish: in [0-9.e+]+ simulated s, [0-9]+ of its 100 steps were done .*: the spares ran out$' "$TMP/ns.err"
# shellcheck disable=SC2086
save "$TMP/nsa.json" run $ASYNC --set faults.spares=0 --set run.steps=100 "$S"
# (a time: not null, nor the "" of a report without the key)
check "no spare: the asynchronous PS still gets its steps" ran "$TMP/nsa.json" -- \
    awk -v d="$(json "$TMP/nsa.json" faults.done_s)" 'BEGIN { exit !(d + 0 > 0) }'


# psim trace writes the draws as a trace file; replayed, they give the
# very same run.
F5='--set faults.preemption.mttp="5min"'
# shellcheck disable=SC2086
save "$TMP/drawn.csv" "$PSIM" trace $F5 --until 100h "$SRCDIR/tests/data/faults-flip.json"
check "trace: the events format, a return at 0 for each of the 8 workers" test \
    "$(head -1 "$TMP/drawn.csv")-$(grep -c '^0,return,' "$TMP/drawn.csv")" = "time_s,event,host-8"
# shellcheck disable=SC2086
save "$TMP/d1.json" run $F5 "$SRCDIR/tests/data/faults-flip.json"
save "$TMP/d2.json" run --set "faults.preemption={\"trace\": \"$TMP/drawn.csv\"}" \
    "$SRCDIR/tests/data/faults-flip.json"
grep -v -e wall_s -e '"overrides"' "$TMP/d1.json" >"$TMP/d1"
grep -v -e wall_s -e '"overrides"' "$TMP/d2.json" >"$TMP/d2"
check "trace: replaying the printed trace gives the same report" \
    ran "$TMP/drawn.csv" "$TMP/d1.json" "$TMP/d2.json" -- cmp "$TMP/d1" "$TMP/d2"


# The checkpoint interval's trade-off peaks near Young's optimum,
# sqrt(2 C M) = sqrt(2 x 6.4 s x 590 s) = 87 s = 34 steps (plots/).
K=$SRCDIR/scenarios/spot-250m-10w-10g-ring-checkpoints.json
for e in 5 35 500; do
	save "$TMP/k$e.json" run --set faults.checkpoint.every=$e "$K"
done
check "checkpoints every 34 steps (Young) beat every 5 and every 500" \
    ran "$TMP/k5.json" "$TMP/k35.json" "$TMP/k500.json" -- awk \
    -v a="$(json "$TMP/k5.json" goodput_steps_per_s)" \
    -v b="$(json "$TMP/k35.json" goodput_steps_per_s)" \
    -v c="$(json "$TMP/k500.json" goodput_steps_per_s)" \
    'BEGIN { exit !(b > a && b > c) }'

# Server failures alone: each stops the job, which loses at most the 99
# steps since a checkpoint every 100.
save "$TMP/psf.json" run --set run.steps=600 "$SRCDIR/scenarios/ps8-server-failures.json"
check "server failures only: some, and restarts" ran "$TMP/psf.json" -- awk \
    -v f="$(json "$TMP/psf.json" faults.server_failures)" -v r="$(json "$TMP/psf.json" faults.restarts)" \
    'BEGIN { exit !(f > 0 && r > 0 && r <= f) }'
check "server failures: at most 99 steps lost per stop" ran "$TMP/psf.json" -- awk \
    -v l="$(json "$TMP/psf.json" faults.lost_steps)" -v f="$(json "$TMP/psf.json" faults.server_failures)" \
    'BEGIN { exit !(l <= 99 * f) }'


# Elastic ring (Horovod elastic): at 25 s the ring breaks, re-forms with
# the 3 others after a 5 s rendezvous and goes on from step 22, nothing
# lost: 28 steps of T3 = 1 s + 4 (10 us + 33333334 B / 1.25 GB/s), each
# of the 3 chunks on the wire as ceil(1e8 B / 3) (patterns.h: part_bytes;
# their elements are 8333334, 8333333 and 8333333), and the checkpoints
# after steps 30 and 40.
run --set 'faults.elastic={"rendezvous": "5s"}' "$S" >"$TMP/el.json"
T3=$(awk 'BEGIN { printf "%.12g", 1 + 4 * (1e-5 + 33333334 / 1.25e9) }')
check "elastic: no step lost, one re-rendezvous, no stall" test \
    "$(json "$TMP/el.json" faults.lost_steps)-$(json "$TMP/el.json" faults.restarts)-$(json "$TMP/el.json" faults.stalled_s)" = 0-1-0
check_near "elastic: done at 30 s + 28 T3 + 2 C" "$(json "$TMP/el.json" faults.done_s)" \
    "$(awk -v t="$T3" -v c="$C" 'BEGIN { printf "%.12g", 30 + 28 * t + 2 * c }')" 1e-9
# With min_workers 4 it waits for the replacement (up at 85 s) but keeps
# its state: the replacement takes 100 MB from a survivor, and the run
# goes on from step 22, nothing lost.
run --set 'faults.elastic={"rendezvous": "5s", "min_workers": 4}' "$S" >"$TMP/el4.json"
check "elastic, min 4: no step lost, stalled 25 s to 85 s" test \
    "$(json "$TMP/el4.json" faults.lost_steps)-$(json "$TMP/el4.json" faults.stalled_s)" = 0-60
check_near "elastic, min 4: restart is the 5 s rendezvous" \
    "$(json "$TMP/el4.json" faults.restart_s)" 5 1e-9


# Worker 1's link is down from 25 s to 45 s (tests/data/faults-link.csv):
# the host stays, the worker is cut off.  Ring restarts from its
# checkpoint once the link is repaired, 50 s sooner than after the
# 60 s preemption with its 20 s relaunch; a synchronous PS waits 20 s;
# both replay to the fault-free final loss.
L="faults={\"links\": {\"trace\": \"$SRCDIR/tests/data/faults-link.csv\"}, \"restart\": \"10s\", \"checkpoint\": {\"every\": 10}}"
N='numerics={"model": "linear", "features": 8}'
save "$TMP/lk.json" run --set "$L" --set "$N" "$SRCDIR/tests/data/faults-none.json"
check "link: one failure, 2 steps lost, stalled 25 s to 45 s" test \
    "$(json "$TMP/lk.json" faults.link_failures)-$(json "$TMP/lk.json" faults.lost_steps)-$(json "$TMP/lk.json" faults.stalled_s)" = 1-2-20
check_near "link: done 50 s before the preempted run (139.08183 s)" \
    "$(json "$TMP/lk.json" faults.done_s)" 89.08183 1e-9
check "link: ring replays to the fault-free final loss" \
    ran "$TMP/lk.json" "$TMP/rn0.json" -- same \
    "$(json "$TMP/lk.json" numerics.final_loss)" "$(json "$TMP/rn0.json" numerics.final_loss)"
# shellcheck disable=SC2086
save "$TMP/lkp.json" run $SRV --set "$L" --set "$N" "$SRCDIR/tests/data/faults-none.json"
check "link: a synchronous PS waits 20 s and ends at the fault-free loss" \
    ran "$TMP/lkp.json" "$TMP/srv0.json" -- same \
    "$(json "$TMP/lkp.json" faults.stalled_s)" 20 \
    "$(json "$TMP/lkp.json" numerics.final_loss)" "$(json "$TMP/srv0.json" numerics.final_loss)"
# Worker 0's link still down when the job ends (an async PS goes on
# without it): the closed form is the platform's, the fault-free run's,
# not that of the 1 B/s a link down carries (it was read after the run).
printf 'time_s,event,host\n0,return,a\n0,return,b\n30,preempt,a\n' >"$TMP/lk-end.csv"
# shellcheck disable=SC2086
save "$TMP/lkend.json" run $ASYNC --set "faults={\"links\": {\"trace\": \"$TMP/lk-end.csv\"}, \"restart\": \"10s\", \"checkpoint\": {\"every\": 10}}" \
    "$SRCDIR/tests/data/faults-none.json"
# shellcheck disable=SC2086
save "$TMP/lkend0.json" run $ASYNC "$SRCDIR/tests/data/faults-none.json"
check "link down at the end: the closed form is the fault-free one" \
    ran "$TMP/lkend.json" "$TMP/lkend0.json" -- same \
    "$(json "$TMP/lkend.json" faults.link_failures)" 1 \
    "$(json "$TMP/lkend.json" analytic.step_time_s)" "$(json "$TMP/lkend0.json" analytic.step_time_s)"


# Regressions found in review.
D=$SRCDIR/tests/data
FS() { echo "faults={\"servers\": {\"trace\": \"$D/$1\"}, \"restart\": \"10s\", \"checkpoint\": {\"every\": 10$2}}"; }
# shards of unequal sizes save at different times: a server lost between
# them restores a checkpoint that every shard has (no abort)
run --set 'strategy={"name":"ps","shards":2,"partition":"balanced","variables":["20M","5M"]}' \
    --set "$(FS faults-ckmix.csv ', "size": "8GB"')" "$D/faults-none.json" >"$TMP/ckmix.json"
check "a checkpoint counts once every shard has saved it" test \
    "$(json "$TMP/ckmix.json" faults.lost_steps)" = 10
# a server down from the start: the job waits for it, stalled, no restart
run --set 'strategy={"name":"ps","shards":2}' --set "$(FS faults-server-late.csv)" \
    "$D/faults-none.json" >"$TMP/late.json"
check "a server down until 20 s: 20 s stalled, no restart" test \
    "$(json "$TMP/late.json" faults.stalled_s)-$(json "$TMP/late.json" faults.restarts)" = 20-0
# two servers lost at the same instant are two failures
run --set 'strategy={"name":"ps","shards":2}' --set "$(FS faults-two-servers.csv)" \
    "$D/faults-none.json" >"$TMP/two.json"
check "two servers lost at once: 2 failures, 1 restart" test \
    "$(json "$TMP/two.json" faults.server_failures)-$(json "$TMP/two.json" faults.restarts)" = 2-1
# a notice shorter than the step: no stray checkpoint after the restart
run --set faults.notice=0.3s --set faults.checkpoint.every=100 \
    --set faults.checkpoint.on_notice=true "$S" >"$TMP/late-notice.json"
check "a notice too late to save: no checkpoint at all" test \
    "$(json "$TMP/late-notice.json" faults.checkpoint_s)" = 0
# ssp with replacements keeps its bound
run --set run.steps=60 --set 'strategy={"name":"ps","shards":3,"sync":"ssp","staleness":1}' \
    --set 'cluster.compute_jitter={"lognormal":0.5}' --set 'faults.preemption.mttp="1min"' \
    --set faults.replacement=0s --set faults.checkpoint.every=5 "$D/faults-flip.json" >"$TMP/sspr.json"
check "ssp with replacements: never more than 1 clock ahead" test \
    "$(json "$TMP/sspr.json" max_clocks_ahead)" -le 1


# With numerics the loss curve shows the rollback: steps 21 and 22 are
# sampled twice, before the preemption and after the restart.
check "the loss curve goes back to the checkpoint's step after the restart" test \
    "$(awk '/"loss_curve"/,/\]/' "$TMP/rn.json" | grep -o '"step": [0-9]*' | awk '{ printf "%s ", $2 }' | grep -o '20 21 22 21 22 23')" = "20 21 22 21 22 23"


# psim trace --servers: the servers' failures, replayed as
# faults.servers.trace, give the same run.
PSF=$SRCDIR/scenarios/ps8-server-failures.json
save "$TMP/srv.csv" "$PSIM" trace --servers --until=3h --set run.steps=600 "$PSF"
save "$TMP/s1.json" run --set run.steps=600 "$PSF"
save "$TMP/s2.json" run --set run.steps=600 \
    --set "faults.servers={\"trace\": \"$TMP/srv.csv\", \"replacement\": \"5min\"}" "$PSF"
grep -v -e wall_s -e "\"overrides\"" "$TMP/s1.json" >"$TMP/s1"
grep -v -e wall_s -e "\"overrides\"" "$TMP/s2.json" >"$TMP/s2"
check "trace --servers: replayed, the same report" \
    ran "$TMP/srv.csv" "$TMP/s1.json" "$TMP/s2.json" -- cmp "$TMP/s1" "$TMP/s2"


# Found by fuzzing: backup workers lost for good (no spare) under server
# failures cannot make their quorum: the job gives up instead of hanging
# (and, having no step done, says so: exit 2, no report of zeros); and
# update statistics survive more updates than steps (a rollback).
run --set 'strategy={"name": "ps", "shards": 2, "sync": "backup", "backup_workers": 1}' \
    --set 'faults={"preemption": {"mttp": "1min"}, "servers": {"mttp": "20s", "replacement": "0s"}, "replacement": "1min", "restart": "30s", "checkpoint": {"every": 1}, "spares": 0}' \
    --set run.steps=10 "$D/faults-none.json" >"$TMP/bq.json" 2>"$TMP/bq.err"
check "backup short of its quorum for good: gives up, no deadlock" test \
    "$?-$(grep -c Deadlock "$TMP/bq.err")-$(grep -c '/faults/spares: the job cannot finish: .*the spares ran out$' "$TMP/bq.err")" = 2-0-1
save "$TMP/bu.json" \
    run --set 'strategy={"name": "ps", "shards": 2, "sync": "backup", "backup_workers": 1}' \
    --set 'faults={"servers": {"mttp": "20s", "replacement": "1min"}, "preemption": {"mttp": "1min"}, "replacement": "10s", "checkpoint": {"every": 10}}' \
    --set run.steps=10 --set placement.workers=2 --set seed=2 "$D/faults-none.json"
check "backup with rollbacks: a report (more updates than steps)" \
    ran "$TMP/bu.json" -- test -s "$TMP/bu.json"


# An elastic ring with real gradients averages over the workers it has
# and a newcomer takes a survivor's state: it trains as well as the run
# without faults (within 2%), with no serial replay to compare.
save "$TMP/eln.json" run --set 'faults.elastic={"rendezvous": "5s"}' --set "$N" "$S"
check "elastic with numerics: the fault-free final loss, within 2%" \
    ran "$TMP/eln.json" "$TMP/rn0.json" -- near \
    "$(json "$TMP/eln.json" numerics.final_loss)" "$(json "$TMP/rn0.json" numerics.final_loss)" 0.02
check "elastic with numerics: no serial replay" test \
    "$(json "$TMP/eln.json" numerics.serial_deviation)" = null


# Shards colocated on workers: losing worker 1 loses shard 1, so the job
# stops and restores from the checkpoint, as for a server; the replay
# ends at the fault-free final loss.
save "$TMP/col.json" run --set 'strategy={"name":"ps","shards":4,"colocate":true}' \
    --set "$N" "$S"
save "$TMP/col0.json" run --set 'strategy={"name":"ps","shards":4,"colocate":true}' \
    --set "$N" "$D/faults-none.json"
check "colocated shards: a lost worker stops the job (1 restart, 2 steps lost, 60 s stalled)" test \
    "$(json "$TMP/col.json" faults.restarts)-$(json "$TMP/col.json" faults.lost_steps)-$(json "$TMP/col.json" faults.stalled_s)" = 1-2-60
check "colocated shards: the fault-free final loss" \
    ran "$TMP/col.json" "$TMP/col0.json" -- same \
    "$(json "$TMP/col.json" numerics.final_loss)" "$(json "$TMP/col0.json" numerics.final_loss)"


# Gradient buckets (a comm actor per worker) restart with the job: the
# replay from the checkpoint ends at the fault-free final loss; an
# elastic ring with buckets goes on with 3 workers.
R="$D/resnet50.json"
B='--set strategy.bucket=25MB --set run.steps=100 --set placement.workers=4'
# shellcheck disable=SC2086
save "$TMP/bk1.json" run $B --set "faults={\"preemption\": {\"trace\": \"$D/faults-one.csv\"}, \"replacement\": \"30s\", \"restart\": \"5s\", \"checkpoint\": {\"every\": 5}}" \
    --set "$N" "$R"
# shellcheck disable=SC2086
save "$TMP/bkn0.json" run $B --set "$N" "$R"
check "buckets: a restart, 2 steps lost, and the fault-free final loss" \
    ran "$TMP/bk1.json" "$TMP/bkn0.json" -- same \
    "$(json "$TMP/bk1.json" faults.restarts)-$(json "$TMP/bk1.json" faults.lost_steps)" 1-2 \
    "$(json "$TMP/bk1.json" numerics.final_loss)" "$(json "$TMP/bkn0.json" numerics.final_loss)"
# shellcheck disable=SC2086
run $B --set "faults={\"preemption\": {\"trace\": \"$D/faults-one.csv\"}, \"elastic\": {\"rendezvous\": \"2s\"}}" \
    "$R" >"$TMP/bke.json"
check "buckets, elastic: the ring re-forms, nothing lost, the job done" test \
    "$(json "$TMP/bke.json" faults.restarts)-$(json "$TMP/bke.json" faults.lost_steps)" = 1-0

# Drawn faults on a platform file: its NICs are unknown to the scenario,
# so the first horizon was infinite and nothing was ever drawn (0
# preemptions, silently).  Hosts named with commas ("n,1") go into a
# trace quoted, and the trace replays to the same preemptions.
cat >"$TMP/comma.xml" <<'XML'
<?xml version="1.0"?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
  <cluster id="lab" prefix="n," radical="1-5" suffix="" speed="1Tf"
           bw="10Gbps" lat="5us" sharing_policy="SPLITDUPLEX"/>
</platform>
XML
printf '{"model": {"params": "250M", "compute": "1s"},
  "cluster": {"platform": "comma.xml"},
  "placement": {"workers": 4, "servers": 0},
  "strategy": {"name": "allreduce", "algorithm": "ring"},
  "run": {"steps": 50}, "network": "ideal",
  "faults": {"preemption": {"mttp": "5min"}, "replacement": "1min",
    "checkpoint": {"every": 5}}}\n' >"$TMP/comma.json"
save "$TMP/comma.out" run "$TMP/comma.json"
check "platform file: drawn preemptions happen" \
    test "$(json "$TMP/comma.out" faults.preemptions)" -gt 0
"$PSIM" trace --until 1h "$TMP/comma.json" >"$TMP/comma.csv"
check "trace: a host name with a comma is quoted" \
    grep -q '^0,return,"n,1"$' "$TMP/comma.csv"
sed "s|\"mttp\": \"5min\"|\"trace\": \"$TMP/comma.csv\"|" "$TMP/comma.json" \
    >"$TMP/comma2.json"
save "$TMP/comma2.out" run "$TMP/comma2.json"
check "trace: replayed, the same preemptions" \
    ran "$TMP/comma.out" "$TMP/comma2.out" -- same \
    "$(json "$TMP/comma2.out" faults.preemptions)" \
    "$(json "$TMP/comma.out" faults.preemptions)"

done_testing
