/*
 * service.c - the service scenario's case sizes, open-loop schedule and request log (see
 * service.h).
 *
 * The proportions, and why:
 * - fits holds 80 % of the limit (hot 30 %, cold 50 %): room to spare, as in the seed's
 *   healthy runs, with most of the data idle as in most long-running services;
 * - cold grows the cold part to 90 % (120 % in all): the excess is data nobody reads, which
 *   the kernel can push out once and leave there;
 * - hot reads all of its 120 %: the working set itself is over the limit, so about a sixth
 *   of the chunks a request reads must come back from swap, every time (a hot set of 120 %
 *   beside any cold part would not do: the cold part would go out and the hot set fit);
 * - spike is fits plus a burst of 40 % in a second process: 120 % together while it lasts.
 */
#include "core/scenario/service.h"

#include <errno.h>
#include <math.h>
#include <string.h>

static const char *const case_names[SP_SVC_N_CASES] = {"fits", "cold", "hot", "spike"};

/* shares of the limit, in percent: hot, cold, spike burst */
static const unsigned case_pct[SP_SVC_N_CASES][3] = {
    [SP_SVC_FITS] = {30, 50, 0},
    [SP_SVC_COLD] = {30, 90, 0},
    [SP_SVC_HOT] = {120, 0, 0},
    [SP_SVC_SPIKE] = {30, 50, 40},
};

const char *sp_service_case_name(enum sp_service_case_kind k)
{
	return (unsigned)k < SP_SVC_N_CASES ? case_names[k] : "?";
}

int sp_service_case_parse(const char *name, enum sp_service_case_kind *out)
{
	for (int k = 0; k < SP_SVC_N_CASES; k++) {
		if (name && strcmp(name, case_names[k]) == 0) {
			*out = (enum sp_service_case_kind)k;
			return 0;
		}
	}
	return -EINVAL;
}

static uint64_t share_chunks(uint64_t limit_bytes, unsigned pct)
{
	/* rounded down to whole chunks: a request reads whole chunks */
	return limit_bytes / 100 * pct / SP_SERVICE_CHUNK_BYTES * SP_SERVICE_CHUNK_BYTES;
}

int sp_service_size(enum sp_service_case_kind k, uint64_t limit_bytes, struct sp_service_sizes *out)
{
	if ((unsigned)k >= SP_SVC_N_CASES || limit_bytes < SP_SERVICE_MIN_LIMIT)
		return -EINVAL;
	memset(out, 0, sizeof(*out));
	out->limit_bytes = limit_bytes;
	out->hot_bytes = share_chunks(limit_bytes, case_pct[k][0]);
	out->cold_bytes = share_chunks(limit_bytes, case_pct[k][1]);
	out->spike_bytes = share_chunks(limit_bytes, case_pct[k][2]);
	out->hot_chunks = out->hot_bytes / SP_SERVICE_CHUNK_BYTES;
	return 0;
}

uint64_t sp_service_intended_ns(double rate_per_s, uint64_t i)
{
	if (!(rate_per_s > 0))
		return 0;
	/* from the index, never by adding intervals: no rounding drift over a long load */
	return (uint64_t)llround((double)i * 1e9 / rate_per_s);
}

uint64_t sp_service_n_requests(double rate_per_s, double load_s)
{
	if (!(rate_per_s > 0) || !(load_s > 0))
		return 0;
	return (uint64_t)floor(rate_per_s * load_s + 1e-9);
}

uint64_t sp_service_due(double rate_per_s, uint64_t n, uint64_t now_ns)
{
	uint64_t due;

	if (!(rate_per_s > 0) || !n)
		return 0;
	due = (uint64_t)floor((double)now_ns * rate_per_s / 1e9) + 1;
	/* the float estimate may be one off at a boundary: settle it on the exact schedule */
	while (due > 0 && sp_service_intended_ns(rate_per_s, due - 1) > now_ns)
		due--;
	while (due < n && sp_service_intended_ns(rate_per_s, due) <= now_ns)
		due++;
	return due < n ? due : n;
}

int sp_service_log_init(struct sp_service_log *log, double rate_per_s, double timeout_s, uint64_t n,
			uint8_t *state)
{
	if (!(rate_per_s > 0) || !(timeout_s > 0) || (n && !state))
		return -EINVAL;
	memset(log, 0, sizeof(*log));
	log->rate_per_s = rate_per_s;
	log->timeout_ns = (uint64_t)llround(timeout_s * 1e9);
	log->n = n;
	log->state = state;
	if (n)
		memset(state, SP_REQ_UNSENT, n);
	sp_hist_init(&log->lat);
	return 0;
}

static void fail(struct sp_service_log *log, uint64_t seq, uint64_t *why)
{
	log->state[seq] = SP_REQ_FAILED;
	log->pending--;
	log->failed++;
	(*why)++;
}

/* move oldest past what is settled, so expire and drop look at pending requests only */
static void advance_oldest(struct sp_service_log *log)
{
	while (log->oldest < log->n && log->state[log->oldest] != SP_REQ_PENDING &&
	       log->state[log->oldest] != SP_REQ_UNSENT)
		log->oldest++;
}

int sp_service_log_send(struct sp_service_log *log, uint64_t seq, int accepted)
{
	if (seq >= log->n || log->state[seq] != SP_REQ_UNSENT)
		return -EINVAL;
	log->sent++;
	if (accepted) {
		log->state[seq] = SP_REQ_PENDING;
		log->pending++;
	} else {
		log->state[seq] = SP_REQ_FAILED;
		log->failed++;
		log->refused++;
	}
	advance_oldest(log);
	return 0;
}

int sp_service_log_reply(struct sp_service_log *log, uint64_t seq, uint64_t now_ns, int corrupt)
{
	uint64_t t0;

	if (seq >= log->n || log->state[seq] == SP_REQ_UNSENT)
		return -EINVAL;
	if (log->state[seq] != SP_REQ_PENDING)
		return 1;
	t0 = sp_service_intended_ns(log->rate_per_s, seq);
	if (corrupt)
		fail(log, seq, &log->corrupt);
	else if (now_ns < t0 || now_ns - t0 > log->timeout_ns)
		fail(log, seq, &log->late);
	else {
		log->state[seq] = SP_REQ_SERVED;
		log->pending--;
		log->served++;
		sp_hist_add(&log->lat, now_ns - t0);
	}
	advance_oldest(log);
	return 0;
}

void sp_service_log_expire(struct sp_service_log *log, uint64_t now_ns)
{
	/* requests are sent in order, so the too-old ones are a prefix of the pending ones */
	for (uint64_t i = log->oldest; i < log->n && log->pending; i++) {
		uint64_t t0 = sp_service_intended_ns(log->rate_per_s, i);

		if (t0 + log->timeout_ns > now_ns)
			break;
		if (log->state[i] == SP_REQ_PENDING)
			fail(log, i, &log->expired);
	}
	advance_oldest(log);
}

void sp_service_log_drop(struct sp_service_log *log)
{
	for (uint64_t i = log->oldest; i < log->n && log->pending; i++)
		if (log->state[i] == SP_REQ_PENDING)
			fail(log, i, &log->dropped);
	advance_oldest(log);
}

int sp_service_times(double case_s, double *load_s, double *top_s, double *timeout_s)
{
	double top = case_s / 4;

	if (!(case_s > 0) || !isfinite(case_s) || !load_s || !top_s || !timeout_s)
		return -EINVAL;
	*load_s = case_s;
	*top_s = top < 1 ? 1 : top > SP_SERVICE_DEFAULT_TOP_S ? SP_SERVICE_DEFAULT_TOP_S : top;
	*timeout_s = case_s < SP_SERVICE_DEFAULT_TIMEOUT_S ? case_s : SP_SERVICE_DEFAULT_TIMEOUT_S;
	return 0;
}

double sp_service_case_estimate_s(double case_s)
{
	double load, top, timeout;

	if (sp_service_times(case_s, &load, &top, &timeout) < 0)
		return 0;
	return load + top;
}
