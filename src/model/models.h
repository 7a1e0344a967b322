/* models.h: the layers of well-known models, for model.preset: each
 * layer's parameter count and forward FLOPs, derived from the
 * architecture as the reference implementations define it (torchvision,
 * the BERT paper). */
#ifndef PSIM_MODELS_H
#define PSIM_MODELS_H

struct model_layer {
	char	*name;
	double	 params;
	double	 flops;		/* forward, per sample (models.c) */
};

/* The layers of preset name in forward order, malloc'd (names too), or
 * NULL for an unknown name. */
struct model_layer *models_preset(const char *name, int *count);

/* "resnet50, resnet101, resnet152, inception-v3, vgg16, alexnet, bert-large" */
const char *models_names(void);
extern const char *const models_list[];

#endif
