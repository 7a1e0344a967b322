/* unit-models: the presets' parameter counts and FLOPs against the
 * figures their reference implementations publish.
 *
 * torchvision's model table (docs/source/models.rst, "num_params" and
 * "GFLOPS", which counts the multiply-adds of the convolutions and fully
 * connected layers at the weights' input size): resnet50 25,557,032 and
 * 4.09; resnet101 44,549,160 and 7.80; resnet152 60,192,808 and 11.51; vgg16 138,357,544 and 15.47;
 * inception_v3 27,161,264 and 5.71 (299x299).  BERT-Large: 24 layers,
 * 1024 hidden, 16 heads, "340M" (Devlin et al., table 1); its forward
 * FLOPs per token are 2 N + 2 n_layer n_ctx d (Kaplan et al. 2020,
 * table 1, with N the non-embedding parameters; its attention term
 * counts the scores, and the weighted sum costs the same again), here
 * with n_ctx 128; the pooler runs on one token of the 128, not all. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "models.h"
#include "tap.h"

struct sums {
	double	params, flops, macs;	/* macs: conv and fc only */
	int	n;
};

static struct sums
sum(const char *preset)
{
	struct sums s = { 0, 0, 0, 0 };
	struct model_layer *l = models_preset(preset, &s.n);
	int i;

	for (i = 0; l != NULL && i < s.n; i++) {
		s.params += l[i].params;
		s.flops += l[i].flops;
		/* norms have 2 params per channel; everything else has
		 * weights, whose multiply-adds are half its FLOPs */
		if (strstr(l[i].name, "bn") == NULL &&
		    strstr(l[i].name, "norm") == NULL &&
		    strstr(l[i].name, "embeddings") == NULL)
			s.macs += l[i].flops / 2;
		free(l[i].name);
	}
	free(l);
	return s;
}

int
main(void)
{
	static const struct {
		const char	*name;
		double		 params, gmacs;
		int		 layers;
	} tv[] = {
		{ "resnet50", 25557032, 4.09, 107 },
		{ "resnet101", 44549160, 7.80, 209 },
		{ "resnet152", 60192808, 11.51, 311 },
		{ "vgg16", 138357544, 15.47, 16 },
		{ "inception-v3", 27161264, 5.71, 194 },
	};
	struct sums s;
	char name[128];
	double n_body, want;
	size_t i;
	int count;

	for (i = 0; i < sizeof tv / sizeof tv[0]; i++) {
		s = sum(tv[i].name);
		snprintf(name, sizeof name, "%s: %.0f parameters, as "
		    "torchvision's table", tv[i].name, tv[i].params);
		tap_ok(s.params == tv[i].params, name);
		if (s.params != tv[i].params)
			printf("# got %.0f\n", s.params);
		snprintf(name, sizeof name, "%s: %d layers", tv[i].name,
		    tv[i].layers);
		tap_ok(s.n == tv[i].layers, name);
		if (s.n != tv[i].layers)
			printf("# got %d\n", s.n);
		/* the table rounds to 3 or 4 digits */
		snprintf(name, sizeof name, "%s: %.2f G multiply-adds, as "
		    "torchvision's GFLOPS", tv[i].name, tv[i].gmacs);
		tap_near(s.macs / 1e9, tv[i].gmacs, 0.006, name);
		snprintf(name, sizeof name, "%s: norms add under 1%% of the "
		    "FLOPs", tv[i].name);
		tap_ok(s.flops >= 2 * s.macs && s.flops < 2 * s.macs * 1.01,
		    name);
	}

	/* MXNet's AlexNet at 224x224 (symbols/alexnet.py): sides 54, 26,
	 * 12, 12, 12 after conv1-5, 5 after the last pooling; weights
	 * k^2 cin cout plus a bias per filter: 34,944 + 614,656 + 885,120 +
	 * 1,327,488 + 884,992, then 6400x4096, 4096x4096, 4096x1000 and
	 * their biases: 26,218,496 + 16,781,312 + 4,097,000; multiply-adds
	 * 101,616,768 + 415,334,400 + 127,401,984 + 191,102,976 +
	 * 127,401,984 + 26,214,400 + 16,777,216 + 4,096,000 */
	s = sum("alexnet");
	tap_ok(s.params == 50844008, "alexnet: 50,844,008 parameters");
	tap_ok(s.n == 8, "alexnet: 8 layers");
	tap_ok(s.macs == 1009945728, "alexnet: 1,009,945,728 multiply-adds");
	tap_ok(s.flops == 2 * s.macs, "alexnet: no norms, 2 FLOPs a "
	    "multiply-add");

	s = sum("bert-large");
	tap_ok(s.params == 335141888, "bert-large: 335,141,888 parameters");
	tap_ok(s.n == 197, "bert-large: 197 layers");
	/* non-embedding parameters: 24 layers of 4 h^2 + 8 h^2 weights and
	 * their biases and norms, and the pooler */
	n_body = s.params - (30522.0 + 512 + 2) * 1024 - 2 * 1024;
	want = 128 * (2 * n_body + 4 * 24 * 128 * 1024.0);
	tap_near(s.flops, want, 0.005, "bert-large: 2N + 4 n_layer n_ctx d "
	    "FLOPs per token (Kaplan's, with the weighted sum beside the "
	    "scores)");

	tap_ok(models_preset("resnet5", &count) == NULL,
	    "an unknown preset: NULL");
	for (i = 0; models_list[i] != NULL; i++) {
		snprintf(name, sizeof name, "%s: every layer has FLOPs",
		    models_list[i]);
		{
			struct model_layer *l = models_preset(models_list[i],
			    &count);
			int j, ok = l != NULL;

			for (j = 0; l != NULL && j < count; j++) {
				ok = ok && l[j].flops > 0 && l[j].params > 0;
				free(l[j].name);
			}
			free(l);
			tap_ok(ok, name);
		}
	}
	return tap_done();
}
