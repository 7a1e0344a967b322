/* hardware.h: published figures of devices and links (hardware.def),
 * for cluster.gpu, cluster.nic and cluster.intra_bw. */
#ifndef PSIM_HARDWARE_H
#define PSIM_HARDWARE_H

/* One GPU's training throughput for a preset. */
struct hw_rate {
	const char	*gpu, *preset;
	int		 batch;		/* samples per GPU per step */
	const char	*dtype;		/* "fp32", "fp16" */
	double		 per_s;		/* samples per second */
	const char	*source;
};

/* A kind of link. */
struct hw_link {
	const char	*name;
	double		 bps;		/* bits per second, per direction */
	double		 latency_s;	/* per link */
	const char	*source;
};

/* A software transport's measured rate for one flow. */
struct hw_transport {
	const char	*name;
	double		 Bps;		/* bytes per second of one flow */
	const char	*source;
};

extern const struct hw_rate hw_rates[];
extern const int hw_nrates;
extern const struct hw_link hw_links[];
extern const int hw_nlinks;

extern const struct hw_transport hw_transports[];
extern const int hw_ntransports;

/* The transport named name (case-insensitive), or NULL; the names,
 * malloc'd. */
const struct hw_transport *hw_transport_find(const char *name);
char *hw_transport_names(void);

/* The row for gpu, preset, batch and dtype, or NULL. */
const struct hw_rate *hw_rate_find(const char *gpu, const char *preset,
    int batch, const char *dtype);
/* The link named name (case-insensitive), or NULL. */
const struct hw_link *hw_link_find(const char *name);
/* A GPU's rows in words, "inception-v3, resnet50, ... at batch 64
 * (fp32)", malloc'd; NULL when psim has no row for gpu. */
char *hw_rates_of(const char *gpu);
/* The GPUs' names, "p100, v100", and the links', malloc'd. */
char *hw_gpu_names(void);
char *hw_link_names(void);

#endif
