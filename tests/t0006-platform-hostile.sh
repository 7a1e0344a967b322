#!/bin/sh
# A user's platform file that SimGrid would abort, crash or deadlock on:
# psim refuses it up front, in one line naming the scenario, the key, the
# file and what is wrong, with exit 2 and no report -- psim validate and
# psim run alike.  Each case failed before: a segfault (139) or a SimGrid
# abort (134), or a deadlock reported as a run of zeros (exit 0).
SRCDIR=${SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
. "$SRCDIR/tests/lib.sh"
D=$SRCDIR/tests/data

head='<?xml version="1.0"?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">'
# Three hosts of a Full zone; only a and b are routed to each other.
cat >"$TMP/partial.xml" <<XML
$head
 <zone id="z" routing="Full">
  <host id="a" speed="1Tf"/><host id="b" speed="1Tf"/><host id="c" speed="1Tf"/>
  <link id="l" bandwidth="10Gbps" latency="5us"/>
  <route src="a" dst="b"><link_ctn id="l"/></route>
 </zone>
</platform>
XML
# Two hosts and no route at all.
cat >"$TMP/none.xml" <<XML
$head
 <zone id="z" routing="Full">
  <host id="a" speed="1Tf"/><host id="b" speed="1Tf"/>
 </zone>
</platform>
XML
# A Floyd zone whose graph has two parts.
cat >"$TMP/floyd.xml" <<XML
$head
 <zone id="z" routing="Floyd">
  <host id="a" speed="1Tf"/><host id="b" speed="1Tf"/><host id="c" speed="1Tf"/>
  <link id="l" bandwidth="10Gbps" latency="5us"/>
  <route src="a" dst="b"><link_ctn id="l"/></route>
 </zone>
</platform>
XML
sed 's/bw="10Gbps"/bw="-1Gbps"/' "$D/four-hosts.xml" >"$TMP/negative.xml"
sed 's/bw="10Gbps"/bw="0Bps"/' "$D/four-hosts.xml" >"$TMP/zero-bw.xml"
sed 's/speed="2Tf"/speed="0f"/' "$D/four-hosts.xml" >"$TMP/zero-speed.xml"
sed 's/lat="5us"/lat="-5us"/' "$D/four-hosts.xml" >"$TMP/negative-lat.xml"

scenario() {	# scenario FILE.xml WORKERS [HOSTS]: a ring on it, in TMP
	printf '{ "model": { "params": "250M", "compute": "2T" },
  "cluster": { "platform": "%s" },
  "placement": { "workers": %s, "servers": 0 %s },
  "strategy": { "name": "allreduce", "algorithm": "ring" },
  "run": { "steps": 2, "warmup": 1 }, "network": "ideal" }\n' \
	    "$1" "$2" "${3:+, \"worker_hosts\": $3}" >"$TMP/${1%.xml}.json"
}

refused() {	# refused NAME SCENARIO PATTERN: run and validate both refuse
	for cmd in validate run; do
		"$PSIM" $cmd "$TMP/$2.json" >"$TMP/out" 2>"$TMP/err"
		rc=$?
		if [ $rc -eq 2 ] && [ ! -s "$TMP/out" ] &&
		    [ "$(wc -l <"$TMP/err")" -eq 1 ] &&
		    grep -q "^psim: $TMP/$2.json: /cluster/platform: .*$3" \
		    "$TMP/err"; then
			ok "$1 ($cmd)"
		else
			not_ok "$1 ($cmd)" "exit $rc: $(head -c 300 "$TMP/err")"
		fi
	done
}

scenario partial.xml 3 '["a", "b", "c"]'
refused "a pair of role hosts with no route" partial \
    'has no route from host "a" to host "c"; every two hosts with a role need one'
scenario none.xml 2
refused "two hosts with no route at all" none \
    'has no route from host "a" to host "b"'
scenario floyd.xml 3
refused "a Floyd zone in two parts" floyd 'has no route from host "a" to host "c"'
scenario negative.xml 4
refused "a link of -1 Gbps" negative \
    'link "lab_link_1_DOWN" has a bandwidth of -1 Gbps (and 7 more links); every link needs a bandwidth above 0'
scenario zero-bw.xml 4
refused "a link of 0 Bps" zero-bw 'has a bandwidth of 0 Gbps (and 7 more links)'
scenario zero-speed.xml 4
refused "a host of speed 0" zero-speed \
    'host "node1.lab" has a speed of 0 flop/s (and 3 more hosts); every host needs a speed above 0'
scenario negative-lat.xml 4
refused "a negative latency" negative-lat 'has a latency of -5e-06 s'

# Positive but so small that no computation or transfer can end (SimGrid
# deadlocked: "Oops! Deadlock detected" and a report of zeros, exit 0;
# then psim's one line about a deadlock): refused as the file is read,
# with the line and the range the scenario's own keys of that kind have.
sed 's/speed="2Tf"/speed="1e-300f"/' "$D/four-hosts.xml" >"$TMP/tiny-speed.xml"
sed 's/bw="10Gbps"/bw="1e-300Bps"/' "$D/four-hosts.xml" >"$TMP/tiny-bw.xml"
for f in tiny-speed tiny-bw; do
	scenario $f.xml 4
	"$PSIM" run "$TMP/$f.json" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	if [ $rc -eq 2 ] && [ ! -s "$TMP/out" ] &&
	    [ "$(wc -l <"$TMP/err")" -eq 1 ] &&
	    grep -q "^psim: $TMP/$f.json: /cluster/platform: .*$f.xml:[0-9]*: .*=\"1e-300.*\" of <.*>: expected a .* between" \
	    "$TMP/err"; then
		ok "$f: refused as the file is read, one line"
	else
		not_ok "$f: refused as the file is read, one line" \
		    "exit $rc: $(head -c 300 "$TMP/err")"
	fi
done

# The part of the partial file that is routed still runs.
scenario partial.xml 2 '["a", "b"]'
"$PSIM" run --format json "$TMP/partial.json" >"$TMP/ok.json"
check "the routed pair of the same file runs" \
    test "$(json "$TMP/ok.json" workers)" = 2
done_testing
