/* transport.h: a transport's calibration check (transport.c), as SMPI
 * checks its own: the microbenchmark its row comes from, run through
 * psim's model again, against the row's source. */
#ifndef PSIM_TRANSPORT_H
#define PSIM_TRANSPORT_H

struct hw_transport;

/* One message size of the check: what the source measured, and what
 * psim's simulation of the same microbenchmark gives (-1: it failed). */
struct calibration {
	double		 bytes;
	double		 source_Bps;
	double		 psim_Bps;
};

/* The points of t's check into *points (malloc'd), their count
 * returned: each size of its rate curve (what one connection moved), or
 * of its factor curve (the share of its link's bandwidth, bench_Bps);
 * each simulated as two machines' ring all-reduce on the ideal network
 * with no latency, each message of that size, on a link of bench_Bps
 * (a loopback: a link that does not bind), psim's rate the bytes one
 * link moved over the time.  With nominal, every host-side mechanism
 * off (the check must then fail: transport_ok). */
int transport_calibrate(const struct hw_transport *t, int nominal,
    struct calibration **points);
/* Whether psim's figure is within 5% of the source's. */
int transport_ok(const struct calibration *);

#endif
