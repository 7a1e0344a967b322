/* models.c: layer lists of well-known models (models.h).
 *
 * Each layer has its parameter count and its forward FLOPs for one
 * sample: 2 per multiply-add of a convolution or a fully connected layer
 * (a bias adds none), 2 per element for a batch or layer norm (its scale
 * and shift), and for BERT's attention the scores and the weighted sum
 * (4 S^2 h per sample), counted with the output projection.  The
 * multiply-adds of the convolutions and fully connected layers are what
 * torchvision's model table calls GFLOPS (unit-models checks them).
 *
 * resnet50, resnet101, resnet152: torchvision's ResNet-50, -101 and -152
 * (v1.5, stride on the 3x3 convolution), 224x224 input, 25,557,032,
 * 44,549,160 and 60,192,808 parameters: convolutions without bias, batch norms with a scale and a
 * shift per channel (running statistics are not parameters), the
 * 1000-way classifier.
 * inception-v3: torchvision's Inception v3 with its auxiliary classifier
 * (trained with it), 299x299 input, 27,161,264 parameters.
 * vgg16: VGG-16 (configuration D), 138,357,544: 13 3x3 convolutions and 3
 * fully connected layers, all with biases, 224x224 input.
 * alexnet: MXNet's AlexNet (example/image-classification/symbols/
 * alexnet.py: Krizhevsky et al.'s, 96 filters in the first layer, its
 * LRNs no parameters), 224x224 input (train_imagenet.py's default image
 * shape), so its first fully connected layer takes 256 x 5 x 5; 5
 * convolutions and 3 fully connected layers, all with biases,
 * 50,844,008 parameters.
 * bert-large: BERT-Large, 335,141,888: word, position and token-type
 * embeddings and their layer norm, 24 encoder layers (attention Q, K, V
 * and output projections, layer norm, a 4096-wide feed-forward, layer
 * norm) and the pooler.  Usually quoted as 340M.  FLOPs for a sequence
 * of 128 tokens (BERT's pre-training phase 1); an embedding counts one
 * add per element. */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "models.h"
#include "xmalloc.h"

const char *const models_list[] = { "resnet50", "resnet101", "resnet152",
    "inception-v3", "vgg16", "alexnet", "bert-large", NULL };

struct builder {
	struct model_layer *l;
	int		 n, cap;
};

static void
add(struct builder *b, double params, double flops, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void
add(struct builder *b, double params, double flops, const char *fmt, ...)
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
	b->l[b->n].flops = flops;
	b->n++;
}

/* A convolution of kh x kw from cin to cout channels whose output is
 * h x w, without bias; name is the layer's name. */
static void
conv(struct builder *b, int kh, int kw, double cin, double cout, int h,
    int w, const char *name)
{
	double macs = (double)kh * kw * cin * cout;

	add(b, macs, 2 * macs * h * w, "%s", name);
}

/* A batch norm of c channels over h x w. */
static void
bn(struct builder *b, double c, int h, int w, const char *name)
{
	add(b, 2 * c, 2 * c * h * w, "%s", name);
}

static void
fc(struct builder *b, double in, double out, const char *name)
{
	add(b, in * out + out, 2 * in * out, "%s", name);
}

static void
resnet(struct builder *b, const int blocks[4])
{
	static const int width[] = { 64, 128, 256, 512 };
	double in = 64, w;
	int s, k, r = 56, o;
	char n[64];

	conv(b, 7, 7, 3, 64, 112, 112, "conv1");
	bn(b, 64, 112, 112, "bn1");
	for (s = 0; s < 4; s++) {
		w = width[s];
		for (k = 0; k < blocks[s]; k++) {
			o = s > 0 && k == 0 ? r / 2 : r;
			snprintf(n, sizeof n, "layer%d.%d.conv1", s + 1, k);
			conv(b, 1, 1, in, w, r, r, n);
			snprintf(n, sizeof n, "layer%d.%d.bn1", s + 1, k);
			bn(b, w, r, r, n);
			snprintf(n, sizeof n, "layer%d.%d.conv2", s + 1, k);
			conv(b, 3, 3, w, w, o, o, n);
			snprintf(n, sizeof n, "layer%d.%d.bn2", s + 1, k);
			bn(b, w, o, o, n);
			snprintf(n, sizeof n, "layer%d.%d.conv3", s + 1, k);
			conv(b, 1, 1, w, 4 * w, o, o, n);
			snprintf(n, sizeof n, "layer%d.%d.bn3", s + 1, k);
			bn(b, 4 * w, o, o, n);
			if (k == 0) {
				snprintf(n, sizeof n, "layer%d.0.downsample."
				    "conv", s + 1);
				conv(b, 1, 1, in, 4 * w, o, o, n);
				snprintf(n, sizeof n, "layer%d.0.downsample."
				    "bn", s + 1);
				bn(b, 4 * w, o, o, n);
			}
			in = 4 * w;
			r = o;
		}
	}
	fc(b, 2048, 1000, "fc");
}

static void
resnet50(struct builder *b)
{
	static const int blocks[] = { 3, 4, 6, 3 };

	resnet(b, blocks);
}

static void
resnet101(struct builder *b)
{
	static const int blocks[] = { 3, 4, 23, 3 };

	resnet(b, blocks);
}

static void
resnet152(struct builder *b)
{
	static const int blocks[] = { 3, 8, 36, 3 };

	resnet(b, blocks);
}

/* Inception v3's BasicConv2d: a convolution without bias and its batch
 * norm, named prefix.name.conv and prefix.name.bn. */
static void
basic(struct builder *b, const char *prefix, const char *name, int kh,
    int kw, double cin, double cout, int r)
{
	char n[96];

	snprintf(n, sizeof n, "%s%s%s.conv", prefix, *prefix ? "." : "",
	    name);
	conv(b, kh, kw, cin, cout, r, r, n);
	snprintf(n, sizeof n, "%s%s%s.bn", prefix, *prefix ? "." : "", name);
	bn(b, cout, r, r, n);
}

/* InceptionA at 35x35: 64 + 64 + 96 + pool features out. */
static void
inception_a(struct builder *b, const char *m, double in, double pool)
{
	basic(b, m, "branch1x1", 1, 1, in, 64, 35);
	basic(b, m, "branch5x5_1", 1, 1, in, 48, 35);
	basic(b, m, "branch5x5_2", 5, 5, 48, 64, 35);
	basic(b, m, "branch3x3dbl_1", 1, 1, in, 64, 35);
	basic(b, m, "branch3x3dbl_2", 3, 3, 64, 96, 35);
	basic(b, m, "branch3x3dbl_3", 3, 3, 96, 96, 35);
	basic(b, m, "branch_pool", 1, 1, in, pool, 35);
}

/* InceptionC at 17x17, c7 channels in its 7x7 branches: 768 out. */
static void
inception_c(struct builder *b, const char *m, double c7)
{
	basic(b, m, "branch1x1", 1, 1, 768, 192, 17);
	basic(b, m, "branch7x7_1", 1, 1, 768, c7, 17);
	basic(b, m, "branch7x7_2", 1, 7, c7, c7, 17);
	basic(b, m, "branch7x7_3", 7, 1, c7, 192, 17);
	basic(b, m, "branch7x7dbl_1", 1, 1, 768, c7, 17);
	basic(b, m, "branch7x7dbl_2", 7, 1, c7, c7, 17);
	basic(b, m, "branch7x7dbl_3", 1, 7, c7, c7, 17);
	basic(b, m, "branch7x7dbl_4", 7, 1, c7, c7, 17);
	basic(b, m, "branch7x7dbl_5", 1, 7, c7, 192, 17);
	basic(b, m, "branch_pool", 1, 1, 768, 192, 17);
}

/* InceptionE at 8x8: 320 + 768 + 768 + 192 = 2048 out. */
static void
inception_e(struct builder *b, const char *m, double in)
{
	basic(b, m, "branch1x1", 1, 1, in, 320, 8);
	basic(b, m, "branch3x3_1", 1, 1, in, 384, 8);
	basic(b, m, "branch3x3_2a", 1, 3, 384, 384, 8);
	basic(b, m, "branch3x3_2b", 3, 1, 384, 384, 8);
	basic(b, m, "branch3x3dbl_1", 1, 1, in, 448, 8);
	basic(b, m, "branch3x3dbl_2", 3, 3, 448, 384, 8);
	basic(b, m, "branch3x3dbl_3a", 1, 3, 384, 384, 8);
	basic(b, m, "branch3x3dbl_3b", 3, 1, 384, 384, 8);
	basic(b, m, "branch_pool", 1, 1, in, 192, 8);
}

static void
inception_v3(struct builder *b)
{
	basic(b, "", "Conv2d_1a_3x3", 3, 3, 3, 32, 149);
	basic(b, "", "Conv2d_2a_3x3", 3, 3, 32, 32, 147);
	basic(b, "", "Conv2d_2b_3x3", 3, 3, 32, 64, 147);
	basic(b, "", "Conv2d_3b_1x1", 1, 1, 64, 80, 73);
	basic(b, "", "Conv2d_4a_3x3", 3, 3, 80, 192, 71);
	inception_a(b, "Mixed_5b", 192, 32);
	inception_a(b, "Mixed_5c", 256, 64);
	inception_a(b, "Mixed_5d", 288, 64);
	/* InceptionB: 35x35 to 17x17, 384 + 96 + 288 = 768 out */
	basic(b, "Mixed_6a", "branch3x3", 3, 3, 288, 384, 17);
	basic(b, "Mixed_6a", "branch3x3dbl_1", 1, 1, 288, 64, 35);
	basic(b, "Mixed_6a", "branch3x3dbl_2", 3, 3, 64, 96, 35);
	basic(b, "Mixed_6a", "branch3x3dbl_3", 3, 3, 96, 96, 17);
	inception_c(b, "Mixed_6b", 128);
	inception_c(b, "Mixed_6c", 160);
	inception_c(b, "Mixed_6d", 160);
	inception_c(b, "Mixed_6e", 192);
	/* the auxiliary classifier, on Mixed_6e's output pooled to 5x5 */
	basic(b, "AuxLogits", "conv0", 1, 1, 768, 128, 5);
	basic(b, "AuxLogits", "conv1", 5, 5, 128, 768, 1);
	fc(b, 768, 1000, "AuxLogits.fc");
	/* InceptionD: 17x17 to 8x8, 320 + 192 + 768 = 1280 out */
	basic(b, "Mixed_7a", "branch3x3_1", 1, 1, 768, 192, 17);
	basic(b, "Mixed_7a", "branch3x3_2", 3, 3, 192, 320, 8);
	basic(b, "Mixed_7a", "branch7x7x3_1", 1, 1, 768, 192, 17);
	basic(b, "Mixed_7a", "branch7x7x3_2", 1, 7, 192, 192, 17);
	basic(b, "Mixed_7a", "branch7x7x3_3", 7, 1, 192, 192, 17);
	basic(b, "Mixed_7a", "branch7x7x3_4", 3, 3, 192, 192, 8);
	inception_e(b, "Mixed_7b", 1280);
	inception_e(b, "Mixed_7c", 2048);
	fc(b, 2048, 1000, "fc");
}

static void
vgg16(struct builder *b)
{
	static const int conv_[][3] = { { 3, 64, 224 }, { 64, 64, 224 },
	    { 64, 128, 112 }, { 128, 128, 112 }, { 128, 256, 56 },
	    { 256, 256, 56 }, { 256, 256, 56 }, { 256, 512, 28 },
	    { 512, 512, 28 }, { 512, 512, 28 }, { 512, 512, 14 },
	    { 512, 512, 14 }, { 512, 512, 14 } };
	double macs;
	int i;

	for (i = 0; i < 13; i++) {
		macs = 9.0 * conv_[i][0] * conv_[i][1];
		add(b, macs + conv_[i][1],
		    2 * macs * conv_[i][2] * conv_[i][2], "conv%d", i + 1);
	}
	fc(b, 25088, 4096, "fc6");
	fc(b, 4096, 4096, "fc7");
	fc(b, 4096, 1000, "fc8");
}

static void
alexnet(struct builder *b)
{
	/* kernel, in, out, output side */
	static const int conv_[][4] = { { 11, 3, 96, 54 }, { 5, 96, 256, 26 },
	    { 3, 256, 384, 12 }, { 3, 384, 384, 12 }, { 3, 384, 256, 12 } };
	double macs;
	int i;

	for (i = 0; i < 5; i++) {
		macs = (double)conv_[i][0] * conv_[i][0] * conv_[i][1] *
		    conv_[i][2];
		add(b, macs + conv_[i][2],
		    2 * macs * conv_[i][3] * conv_[i][3], "conv%d", i + 1);
	}
	fc(b, 256 * 5 * 5, 4096, "fc6");
	fc(b, 4096, 4096, "fc7");
	fc(b, 4096, 1000, "fc8");
}

static void
bert_large(struct builder *b)
{
	double h = 1024, ff = 4096, s = 128;
	char n[64];
	int i;

	add(b, 30522 * h, s * h, "embeddings.word");
	add(b, 512 * h, s * h, "embeddings.position");
	add(b, 2 * h, s * h, "embeddings.token_type");
	add(b, 2 * h, 2 * s * h, "embeddings.layer_norm");
	for (i = 0; i < 24; i++) {
		add(b, h * h + h, 2 * s * h * h, "encoder.%d.attention.query",
		    i);
		add(b, h * h + h, 2 * s * h * h, "encoder.%d.attention.key",
		    i);
		add(b, h * h + h, 2 * s * h * h, "encoder.%d.attention.value",
		    i);
		add(b, h * h + h, 2 * s * h * h + 4 * s * s * h,
		    "encoder.%d.attention.output", i);
		add(b, 2 * h, 2 * s * h, "encoder.%d.attention.layer_norm", i);
		snprintf(n, sizeof n, "encoder.%d.intermediate", i);
		add(b, h * ff + ff, 2 * s * h * ff, "%s", n);
		add(b, ff * h + h, 2 * s * ff * h, "encoder.%d.output", i);
		add(b, 2 * h, 2 * s * h, "encoder.%d.output.layer_norm", i);
	}
	fc(b, h, h, "pooler");
}

struct model_layer *
models_preset(const char *name, int *count)
{
	static const struct {
		const char	*name;
		void		(*build)(struct builder *);
	} presets[] = {
		{ "resnet50", resnet50 },
		{ "resnet101", resnet101 },
		{ "resnet152", resnet152 },
		{ "inception-v3", inception_v3 },
		{ "vgg16", vgg16 },
		{ "alexnet", alexnet },
		{ "bert-large", bert_large },
	};
	struct builder b = { NULL, 0, 0 };
	size_t i;

	for (i = 0; i < sizeof presets / sizeof presets[0]; i++) {
		if (strcmp(name, presets[i].name) == 0) {
			presets[i].build(&b);
			*count = b.n;
			return b.l;
		}
	}
	return NULL;
}

const char *
models_names(void)
{
	return "resnet50, resnet101, resnet152, inception-v3, vgg16, "
	    "alexnet, bert-large";
}
