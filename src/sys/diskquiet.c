/*
 * diskquiet.c - polls a block device's stat until its write counters stand still (see
 * diskquiet.h).
 */
#include "sys/diskquiet.h"

#include <errno.h>
#include <string.h>
#include <time.h>

#include "core/measure/procparse.h"
#include "sys/log.h"
#include "sys/sysfs.h"
#include "sys/timer.h"

static int read_stat(const char *path, struct sp_blk_stat *s)
{
	char buf[512];
	ssize_t n = sp_read_text(NULL, path, buf, sizeof(buf));

	if (n < 0)
		return (int)n;
	return sp_parse_blk_stat(buf, s);
}

static void nap_ms(uint32_t ms)
{
	struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};

	/* a signal may cut it short: the caller's stop() says whether to go on */
	nanosleep(&ts, NULL);
}

int sp_disk_wait_quiet(const char *dev, uint32_t quiet_ms, uint32_t max_ms, int (*stop)(void),
		       struct sp_quiet *q)
{
	char path[256];
	struct sp_blk_stat first, last, now;
	struct sp_time t0 = sp_now(), since;
	uint32_t poll_ms = quiet_ms / 10 < 10 ? 10 : quiet_ms / 10;
	int ret;

	memset(q, 0, sizeof(*q));
	if (!dev || !*dev || !quiet_ms || max_ms < quiet_ms)
		return -EINVAL;
	ret = sp_block_attr_path(dev, "stat", path, sizeof(path));
	if (ret < 0)
		return ret;
	ret = read_stat(path, &first);
	if (ret < 0)
		return ret;
	last = first;
	since = t0;
	for (;;) {
		uint64_t quiet_for, total;

		if (stop && stop())
			return -EINTR;
		nap_ms(poll_ms);
		ret = read_stat(path, &now);
		if (ret < 0)
			return ret;
		if (sp_blk_stat_writes_between(&last, &now))
			since = sp_now();
		last = now;
		quiet_for = sp_elapsed_ns(since, sp_now()) / 1000000;
		total = sp_elapsed_ns(t0, sp_now()) / 1000000;
		q->waited_ms = (uint32_t)total;
		q->writes = sp_blk_stat_writes_between(&first, &now);
		q->write_bytes = sp_blk_stat_write_bytes_between(&first, &now);
		if (quiet_for >= quiet_ms) {
			q->quiet = 1;
			break;
		}
		if (total >= max_ms)
			break;
	}
	sp_debug("quiet", "%s: %s after %u ms, %llu writes (%llu bytes) meanwhile", dev,
		 q->quiet ? "quiet" : "still writing", q->waited_ms, (unsigned long long)q->writes,
		 (unsigned long long)q->write_bytes);
	return q->quiet ? 0 : -ETIMEDOUT;
}
