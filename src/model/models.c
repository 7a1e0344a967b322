/* models.c: layer lists of well-known models (models.h).
 *
 * resnet50: torchvision's ResNet-50, 25,557,032 parameters: convolutions
 * without bias, batch norms with a scale and a shift per channel (running
 * statistics are not parameters), the 1000-way classifier.
 * vgg16: VGG-16 (configuration D), 138,357,544: 13 3x3 convolutions and 3
 * fully connected layers, all with biases.
 * bert-large: BERT-Large, 335,141,888: word, position and token-type
 * embeddings and their layer norm, 24 encoder layers (attention Q, K, V
 * and output projections, layer norm, a 4096-wide feed-forward, layer
 * norm) and the pooler.  Usually quoted as 340M. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "models.h"
#include "xmalloc.h"

const char *const models_list[] = { "resnet50", "vgg16", "bert-large",
    NULL };

struct builder {
	struct model_layer *l;
	int		 n, cap;
};

static void
add(struct builder *b, double params, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void
add(struct builder *b, double params, const char *fmt, ...)
{
	va_list ap;
	char name[96];

	va_start(ap, fmt);
	vsnprintf(name, sizeof name, fmt, ap);
	va_end(ap);
	if (b->n == b->cap) {
		b->cap = b->cap ? 2 * b->cap : 64;
		b->l = xreallocarray(b->l, (size_t)b->cap, sizeof *b->l);
	}
	b->l[b->n].name = xstrdup(name);
	b->l[b->n].params = params;
	b->n++;
}

static void
resnet50(struct builder *b)
{
	static const int width[] = { 64, 128, 256, 512 };
	static const int blocks[] = { 3, 4, 6, 3 };
	double in = 64, w;
	int s, k;

	add(b, 7 * 7 * 3 * 64, "conv1");
	add(b, 2 * 64, "bn1");
	for (s = 0; s < 4; s++) {
		w = width[s];
		for (k = 0; k < blocks[s]; k++) {
			add(b, in * w, "layer%d.%d.conv1", s + 1, k);
			add(b, 2 * w, "layer%d.%d.bn1", s + 1, k);
			add(b, 9 * w * w, "layer%d.%d.conv2", s + 1, k);
			add(b, 2 * w, "layer%d.%d.bn2", s + 1, k);
			add(b, w * 4 * w, "layer%d.%d.conv3", s + 1, k);
			add(b, 2 * 4 * w, "layer%d.%d.bn3", s + 1, k);
			if (k == 0) {
				add(b, in * 4 * w, "layer%d.0.downsample.conv",
				    s + 1);
				add(b, 2 * 4 * w, "layer%d.0.downsample.bn",
				    s + 1);
			}
			in = 4 * w;
		}
	}
	add(b, 2048.0 * 1000 + 1000, "fc");
}

static void
vgg16(struct builder *b)
{
	static const int conv[][2] = { { 3, 64 }, { 64, 64 }, { 64, 128 },
	    { 128, 128 }, { 128, 256 }, { 256, 256 }, { 256, 256 },
	    { 256, 512 }, { 512, 512 }, { 512, 512 }, { 512, 512 },
	    { 512, 512 }, { 512, 512 } };
	int i;

	for (i = 0; i < 13; i++)
		add(b, 9.0 * conv[i][0] * conv[i][1] + conv[i][1], "conv%d",
		    i + 1);
	add(b, 25088.0 * 4096 + 4096, "fc6");
	add(b, 4096.0 * 4096 + 4096, "fc7");
	add(b, 4096.0 * 1000 + 1000, "fc8");
}

static void
bert_large(struct builder *b)
{
	double h = 1024, ff = 4096;
	int i;

	add(b, 30522 * h, "embeddings.word");
	add(b, 512 * h, "embeddings.position");
	add(b, 2 * h, "embeddings.token_type");
	add(b, 2 * h, "embeddings.layer_norm");
	for (i = 0; i < 24; i++) {
		add(b, h * h + h, "encoder.%d.attention.query", i);
		add(b, h * h + h, "encoder.%d.attention.key", i);
		add(b, h * h + h, "encoder.%d.attention.value", i);
		add(b, h * h + h, "encoder.%d.attention.output", i);
		add(b, 2 * h, "encoder.%d.attention.layer_norm", i);
		add(b, h * ff + ff, "encoder.%d.intermediate", i);
		add(b, ff * h + h, "encoder.%d.output", i);
		add(b, 2 * h, "encoder.%d.output.layer_norm", i);
	}
	add(b, h * h + h, "pooler");
}

struct model_layer *
models_preset(const char *name, int *count)
{
	struct builder b = { NULL, 0, 0 };

	if (strcmp(name, "resnet50") == 0)
		resnet50(&b);
	else if (strcmp(name, "vgg16") == 0)
		vgg16(&b);
	else if (strcmp(name, "bert-large") == 0)
		bert_large(&b);
	else
		return NULL;
	*count = b.n;
	return b.l;
}

const char *
models_names(void)
{
	return "resnet50, vgg16, bert-large";
}
