/* message.h: the message layer (message.c): messages between the hosts
 * of a simulation, through SimGrid's mailboxes, kept in the byte ledgers
 * and, with numerics on, carrying the floats they stand for. */
#ifndef PSIM_MESSAGE_H
#define PSIM_MESSAGE_H

#include <stddef.h>

#include <simgrid/comm.h>
#include <simgrid/mailbox.h>

struct msg;
struct scenario;
struct sim;

/* The ideal network on a platform file: psim, not SimGrid, pays each
 * message's route latency, so that flows share links fairly. */
int sim_pays_latency(const struct scenario *);

/* Mark the calling actor as one of a worker's own (worker.c): a PS
 * message it sends is a push. */
void sim_tag_worker_actor(void);

/* sim_send, at a wire size of bytes instead of count elements': a part
 * of an n-way split goes as part_bytes() of the whole (patterns.h), as
 * every other part of it does. */
sg_comm_t sim_send_sized(struct sim *, sg_mailbox_t, int src, int dst,
    int step, long offset, long count, double bytes);
/* The wire size of count elements. */
double sim_bytes(const struct sim *, long count);
/* Post a message of count elements from host src to host dst's mailbox.
 * With numerics on it carries a copy of the floats those elements map to
 * in base (sim_send: worker src's gradient). */
sg_comm_t sim_send(struct sim *, sg_mailbox_t, int src, int dst, int step,
    long offset, long count);
sg_comm_t sim_send_data(struct sim *, sg_mailbox_t, int src, int dst,
    int step, long offset, long count, const float *base);
/* A message of bytes that carries no elements (a checkpoint). */
sg_comm_t sim_send_bytes(struct sim *, sg_mailbox_t, int src, int dst,
    int step, double bytes, int detached);
/* After an all-reduce restart: fresh mailbox names, worker_mbox too. */
void sim_new_generation(struct sim *);
/* A replacement for worker w: a fresh inbox, and rejoin[w] counts it. */
void sim_new_incarnation(struct sim *, int w);
/* sim_send_data without waiting ever: the message is the receiver's. */
void sim_send_detached(struct sim *, sg_mailbox_t, int src, int dst,
    int step, long offset, long count, const float *base);
/* Post a receive into *slot. */
sg_comm_t sim_recv(sg_mailbox_t, struct msg **slot);
/* Account for and free a message host dst has received. */
void sim_received(struct sim *, int dst, struct msg *);

/* What a receiver does with a message's floats: nothing, add them to its
 * own (a reduction), or take them (a broadcast, a gather). */
enum sim_op { SIM_DROP, SIM_ADD, SIM_COPY };
/* sim_received, after applying the floats to base (sim_take: worker
 * dst's gradient). */
void sim_apply(struct sim *, int dst, struct msg *, float *base,
    enum sim_op);
void sim_take(struct sim *, int dst, struct msg *, enum sim_op);

/* Wait for all comms, then release them. */
void sim_wait_all(sg_comm_t *, size_t);

/* Point-to-point steps of the all-reduce algorithms, between workers w
 * and peer: send count elements from offset to peer's mailbox `to`
 * and/or receive one message on w's mailbox `from` (checking it carries
 * the expected offset), and wait.  The received message is accounted and
 * freed; its element count is returned. */
long sim_exchange(struct sim *, int w, int peer, int step, sg_mailbox_t to,
    sg_mailbox_t from, long offset, long count, long expect_offset,
    enum sim_op);
void sim_send_wait(struct sim *, int w, int peer, int step, sg_mailbox_t to,
    long offset, long count);
long sim_recv_wait(struct sim *, int w, int step, sg_mailbox_t from,
    long expect_offset, enum sim_op);

/* Per-round inboxes: n workers x rounds mailboxes named prefix-<i>,
 * the one of worker w in round r at [w * rounds + r]. */
sg_mailbox_t *sim_round_mailboxes(const struct sim *, const char *prefix,
    int n, int rounds);

/* "name-<i>" mailbox handle, looked up once (after an all-reduce
 * restart, a fresh name: "name-<i>.<generation>"). */
sg_mailbox_t sim_mailbox(const struct sim *, const char *prefix, int i);

/* The elements of part i when len elements are cut into n near-equal
 * parts (the first len % n parts one longer). */
long sim_part_offset(long len, int n, int i);
long sim_part_count(long len, int n, int i);


#endif
