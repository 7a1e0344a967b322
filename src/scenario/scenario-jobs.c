/* scenario-jobs.c: a scenario of several jobs on one cluster.  The file
 * gives "jobs": [{name, model, placement, strategy, run, start}, ...]
 * instead of the single job's model, placement, strategy and run; each
 * job is loaded as a scenario of its own (the file's tree without
 * "jobs", with the job's keys), through the same steps as a single job,
 * its errors under /jobs/<i>.  The hosts are given out later, when the
 * platform is known (platform_place_jobs).
 *
 * Not with several jobs (yet): faults, numerics, run.replicates and
 * run.duration; a generated cluster must give cluster.hosts (the hosts
 * the jobs share), and the jobs on a platform file name their hosts. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario-json.h"
#include "xmalloc.h"

/* The most jobs on one cluster: each is simulated alone too, in a child
 * process of its own. */
#define JOBS_MAX	64

int
scenario_job_path(const char *path)
{
	const struct top_key *t;
	size_t len;

	for (t = scenario_keys; t->key != NULL; t++) {
		len = strlen(t->key);
		if (t->place == TOP_JOB && path[0] == '/' &&
		    strncmp(path + 1, t->key, len) == 0 &&
		    (path[1 + len] == '\0' || path[1 + len] == '/'))
			return 1;
	}
	return 0;
}

/* The top of a file with "jobs": its keys, no single job's keys beside
 * them, nothing several jobs do not support; the jobs array, or NULL. */
/* The --set among sets that gives top key key (KEY=... or KEY.x=...),
 * or NULL. */
static const char *
set_of(const char *key, char *const *sets, int nsets)
{
	size_t len = strlen(key);
	int i;

	for (i = 0; i < nsets; i++) {
		if (strncmp(sets[i], key, len) == 0 && (sets[i][len] == '=' ||
		    sets[i][len] == '.'))
			return sets[i];
	}
	return NULL;
}

static const cJSON *
check_top(struct ctx *c, const cJSON *root, char *const *sets, int nsets)
{
	const char *set;
	const struct top_key *t;
	const cJSON *jobs, *cluster;
	char path[32];

	check_keys(c, root, "", scenario_top_keys(1));
	/* (the table has the jobs' own keys before the single job's) */
	for (t = scenario_keys; t->key != NULL; t++) {
		snprintf(path, sizeof path, "/%s", t->key);
		if (!scenario_tree_has(root, t->key))
			continue;
		if (t->place == TOP_JOB && (set = set_of(t->key, sets,
		    nsets)) != NULL)
			err_at(c, path, "expected each job's %s in /jobs, "
			    "found one beside /jobs from --set %s; a job's "
			    "is jobs.N.%s (jobs.0.%s for the first)", t->key,
			    set, set, set);
		else if (t->place == TOP_JOB)
			err_at(c, path, "expected each job's %s in /jobs, "
			    "found one beside /jobs", t->key);
		else if (t->place == TOP_SINGLE)
			err_at(c, path, "expected no %s with /jobs (not "
			    "supported for several jobs), found a %s block",
			    t->key, t->key);
	}
	cluster = cJSON_GetObjectItemCaseSensitive(root, "cluster");
	if (cJSON_IsObject(cluster) && !scenario_tree_has(cluster,
	    "platform") && !scenario_tree_has(cluster, "hosts"))
		err_at(c, "/cluster/hosts", "expected the number of hosts the "
		    "jobs share with /jobs, found none");
	jobs = cJSON_GetObjectItemCaseSensitive(root, "jobs");
	if (!cJSON_IsArray(jobs) || cJSON_GetArraySize(jobs) < 1 ||
	    cJSON_GetArraySize(jobs) > JOBS_MAX) {
		if (cJSON_IsArray(jobs))
			err_at(c, "/jobs", "expected an array of 1 to %d jobs, "
			    "found %d", JOBS_MAX, cJSON_GetArraySize(jobs));
		else
			err_at(c, "/jobs", "expected an array of 1 to %d jobs, "
			    "found %s", JOBS_MAX, json_type(jobs));
		return NULL;
	}
	return jobs;
}

/* Lines of from that to has not yet (the cluster's errors, which every
 * job's load finds again), added to to. */
static void
merge_errors(struct errors *to, struct errors *from)
{
	char *text = errors_take(from), *line, *next;

	for (line = text; line != NULL && *line != '\0'; line = next) {
		if ((next = strchr(line, '\n')) == NULL)
			break;
		*next++ = '\0';
		if (to->text == NULL || strstr(to->text, line) == NULL)
			errors_add(to, NULL, "%s", line);
	}
	free(text);
}

/* The tree of job i: the file's shared keys (TOP_SHARED), with the
 * job's own. */
static cJSON *
job_tree(const cJSON *root, const cJSON *job)
{
	cJSON *t = cJSON_Duplicate(root, 1);
	const cJSON *v;
	int k;

	for (k = 0; scenario_keys[k].key != NULL; k++) {
		if (scenario_keys[k].place == TOP_SHARED)
			continue;
		cJSON_DeleteItemFromObjectCaseSensitive(t,
		    scenario_keys[k].key);
		if (scenario_keys[k].place == TOP_JOB && (v =
		    cJSON_GetObjectItemCaseSensitive(job,
		    scenario_keys[k].key)) != NULL)
			cJSON_AddItemToObject(t, scenario_keys[k].key,
			    cJSON_Duplicate(v, 1));
	}
	return t;
}

/* What a job of several may not have; c's paths are the job's. */
static void
check_job(struct ctx *c, const struct scenario *sc)
{
	if (sc->run.replicates > 1)
		err_at(c, "/run/replicates", "expected 1 with /jobs (no "
		    "replicates of several jobs), found %d",
		    sc->run.replicates);
	if (sc->run.duration_s > 0)
		err_at(c, "/run/duration", "expected none with /jobs (several "
		    "jobs run their steps), found %g s", sc->run.duration_s);
	if (sc->cluster.topology == TOPO_PLATFORM &&
	    sc->placement.worker_hosts == NULL)
		err_at(c, "/placement/worker_hosts", "expected the hosts of "
		    "each job on a platform file with /jobs, found none");
	if (sc->cluster.topology == TOPO_PLATFORM &&
	    sc->placement.servers > 0 && sc->placement.server_hosts == NULL)
		err_at(c, "/placement/server_hosts", "expected the hosts of "
		    "each job on a platform file with /jobs, found none");
}

/* Job i of the array: its name and start, then its scenario. */
static struct scenario *
load_job(struct ctx *c, const cJSON *root, const cJSON *job, int i,
    char *const *sets, int nsets)
{
	char path[32], name[32], where[48];
	struct ctx jc = { c->file, ERRORS_INIT, path, ERRORS_INIT };
	struct scenario *sc;
	double start = 0;
	cJSON *t;

	snprintf(path, sizeof path, "/jobs/%d", i);
	if (!cJSON_IsObject(job)) {
		err_at(c, path, "expected a job (an object), found %s",
		    json_type(job));
		return NULL;
	}
	check_keys(c, job, path, job_keys);
	get_units(c, job, path, "start", 0, &range_delay, &start);
	t = job_tree(root, job);
	sc = scenario_load_tree(&jc, t, sets, nsets);
	cJSON_Delete(t);
	check_job(&jc, sc);
	merge_errors(&c->errors, &jc.errors);
	merge_errors(&c->notes, &jc.notes);
	if ((sc->job.name = get_string(c, job, path, "name", 0)) == NULL) {
		snprintf(name, sizeof name, "job-%d", i);
		sc->job.name = xstrdup(name);
	}
	snprintf(where, sizeof where, "%s/name", path);
	one_line(c, where, sc->job.name);
	sc->job.index = i;
	sc->job.start_s = start;
	return sc;
}

struct scenario *
scenario_load_jobs(struct ctx *c, const cJSON *root, char *const *sets,
    int nsets)
{
	struct ctx quiet = { c->file, ERRORS_INIT, NULL, ERRORS_INIT };
	const cJSON *jobs;
	struct scenario *top, **sc;
	char path[40];
	int i, j, n;
	cJSON *t;

	if ((jobs = check_top(c, root, sets, nsets)) == NULL)
		return NULL;
	n = cJSON_GetArraySize(jobs);
	sc = xcalloc((size_t)n, sizeof *sc);
	for (i = 0; i < n; i++)
		sc[i] = load_job(c, root, cJSON_GetArrayItem(jobs, i), i, sets,
		    nsets);
	for (i = 0; i < n; i++) {
		for (j = 0; sc[i] != NULL && j < i; j++) {
			if (sc[j] == NULL || strcmp(sc[i]->job.name,
			    sc[j]->job.name) != 0)
				continue;
			snprintf(path, sizeof path, "/jobs/%d/name", i);
			err_at(c, path, "expected a name no other job has, "
			    "found \"%s\", job %d's too", sc[i]->job.name, j);
			break;
		}
	}
	/* the scenario of the jobs: job 0's besides, its errors found */
	t = job_tree(root, cJSON_GetArrayItem(jobs, 0));
	top = scenario_load_tree(&quiet, t, sets, nsets);
	cJSON_Delete(t);
	errors_free(&quiet.errors);
	errors_free(&quiet.notes);
	top->njobs = n;
	top->jobs = sc;
	for (i = 0; i < n; i++) {
		if (sc[i] == NULL) {	/* an error: no scenario of it */
			top->njobs = i;
			break;
		}
	}
	for (j = i + 1; j < n; j++)
		scenario_free(sc[j]);
	return top;
}
