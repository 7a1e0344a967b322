/* ranges.c: the ranges (ranges.h). */
#include "config.h"

#include "ranges.h"

/* The ranges: far beyond what a real cluster or model needs, short of
 * where the engine's doubles overflow, underflow or stop moving (a
 * year of simulated time is 3.2e7 s, SimGrid's clock has 15 digits).
 * Durations per step stop at 1e6 s (11.6 days), waits at a year,
 * lifetimes and trace offsets at ten years. */
const struct range range_step = { UNIT_TIME, "a duration", 1e-9, 1e6,
    "1ns", "1e6s", 0, 0 };
const struct range range_latency = { UNIT_TIME, "a duration", 1e-9, 10,
    "1ns", "10s", 1, 0 };
const struct range range_delay = { UNIT_TIME, "a duration", 1e-9,
    8760 * 3600.0, "1ns", "8760h", 1, 0 };
const struct range range_run = { UNIT_TIME, "a duration", 1e-3,
    8760 * 3600.0, "1ms", "8760h", 0, 0 };
const struct range range_lifetime = { UNIT_TIME, "a duration", 1,
    87600 * 3600.0, "1s", "87600h", 0, 0 };
const struct range range_offset = { UNIT_TIME, "a duration", 1e-9,
    87600 * 3600.0, "1ns", "87600h", 1, 0 };
const struct range range_bandwidth = { UNIT_BANDWIDTH, "a bandwidth",
    1 / 8.0, 100e12 / 8, "1bps", "100Tbps", 0, 0 };
const struct range range_speed = { UNIT_SPEED, "a speed", 1, 1e18, "1f",
    "1e18f", 0, 0 };
const struct range range_flops = { UNIT_FLOPS, "a flop count", 1, 1e24,
    "1", "1e24", 0, 0 };
const struct range range_params = { UNIT_COUNT, "a whole parameter count",
    1, 1e15, "1", "1e15", 0, 1 };
const struct range range_batch = { UNIT_COUNT, "a whole number of samples",
    1, 2147483648.0, "1", "2147483648", 0, 1 };
const struct range range_bytes = { UNIT_BYTES, "a size", 1, 1e15, "1B",
    "1000TB", 0, 0 };
const struct range range_factor = { UNIT_COUNT, "a slow-down factor", 1,
    1000, "1", "1000", 0, 0 };
const struct range range_ratio = { UNIT_COUNT, "a ratio", 1, 1000, "1",
    "1000", 0, 0 };
const struct range range_sigma = { UNIT_COUNT, "a deviation", 0, 3, "0",
    "3", 0, 0 };
const struct range range_fraction = { UNIT_COUNT, "a fraction", 0.01, 1,
    "0.01", "1", 0, 0 };
