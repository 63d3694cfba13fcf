/*
 * t-hddmodel-seek-rotation-transfer - the HDD model's parts behave as the model says: seek
 * grows with distance from nothing at distance 0 through the track-to-track time to exactly
 * the full-stroke time across the disk; the rotational delay stays in [0, 60/rpm) and its mean
 * converges to half a rotation; the media rate at LBA 0 and at the last LBA are the outer and
 * inner rates; a read continuing the previous one inside the track buffer pays transfer only,
 * one beyond it pays seek and rotation; the same seed gives the same delays; bad parameters
 * and out-of-disk requests are refused.
 */
#include <errno.h>

#include "../hddmodel/hddmodel.h"
#include "check.h"

int main(void)
{
	struct hdd_params p;
	struct hdd_model m, m2;
	struct hdd_cost c, c2;
	const char *why;
	double prev, rot_sum = 0, period;
	int n = 200000, monotone = 1, in_range = 1, same = 1;
	uint64_t size, v;

	hdd_params_default(&p);
	p.size_bytes = size = 4ull << 30;
	p.rpm = 5400;
	p.t2t_ms = 0.8;
	p.full_ms = 21;
	p.outer_mb_s = 180;
	p.inner_mb_s = 75;
	p.buffer_bytes = 128 << 10;
	p.seed = 42;
	CHECK(hdd_params_check(&p, &why) == 0);

	/* seek: bounds and monotony */
	CHECK(hdd_seek_us(&p, 0) == 0);
	CHECK_NEAR(hdd_seek_us(&p, 1), 800, 0.001);
	CHECK_NEAR(hdd_seek_us(&p, size), 21000, 1e-9);
	CHECK_NEAR(hdd_seek_us(&p, size * 2), 21000, 1e-9); /* clamps, never beyond full stroke */
	prev = 0;
	for (uint64_t d = 0; d <= size; d += size / 997 + 1) {
		double s = hdd_seek_us(&p, d);

		if (s < prev)
			monotone = 0;
		prev = s;
	}
	CHECK(monotone);
	/* sqrt curve: a quarter of the stroke costs t2t + half the difference */
	CHECK_NEAR(hdd_seek_us(&p, size / 4), 800 + (21000 - 800) / 2.0, 1e-9);

	/* rotation: range and mean half a rotation */
	period = hdd_rotation_period_us(&p);
	CHECK_NEAR(period, 60e6 / 5400, 1e-12);
	hdd_model_init(&m, &p);
	for (int i = 0; i < n; i++) {
		/* alternate far apart, so every request is a random one */
		uint64_t off = (i & 1) ? size - 4096 : 0;

		CHECK(hdd_model_request(&m, HDD_READ, off, 4096, &c) == 0);
		if (!(c.rot_us >= 0 && c.rot_us < period) || c.continuation)
			in_range = 0;
		rot_sum += c.rot_us;
	}
	CHECK(in_range);
	/* standard error of the mean: period / sqrt(12 n) ~ 0.06 %; 1 % is > 15 sigma */
	CHECK_NEAR(rot_sum / n, period / 2, 0.01);

	/* rates: outer at LBA 0, inner at the last LBA, linear in between */
	CHECK_NEAR(hdd_rate_bytes_s(&p, 0), 180e6, 1e-12);
	CHECK_NEAR(hdd_rate_bytes_s(&p, size - 1), 75e6, 1e-12);
	CHECK_NEAR(hdd_rate_bytes_s(&p, 0) / hdd_rate_bytes_s(&p, size - 1), 180.0 / 75, 1e-12);
	CHECK_NEAR(hdd_rate_bytes_s(&p, (size - 1) / 2), (180e6 + 75e6) / 2, 1e-6);
	CHECK_NEAR(hdd_xfer_us(&p, 0, 1 << 20), 1e6 * (1 << 20) / hdd_rate_bytes_s(&p, 1 << 19),
		   1e-12);
	CHECK_NEAR(hdd_expect_seq_bytes_s(&p, 0) / hdd_expect_seq_bytes_s(&p, size - 1), 180.0 / 75,
		   1e-12);

	/* sequential continuation inside the buffer: transfer only */
	hdd_model_init(&m, &p);
	CHECK(hdd_model_request(&m, HDD_READ, 1 << 30, 65536, &c) == 0);
	CHECK(!c.continuation && c.rot_us >= 0 && c.seek_us > 0);
	CHECK(hdd_model_request(&m, HDD_READ, (1 << 30) + 65536, 65536, &c) == 0);
	CHECK(c.continuation);
	CHECK(c.seek_us == 0 && c.rot_us == 0);
	CHECK_NEAR(c.total_us, hdd_xfer_us(&p, (1 << 30) + 65536, 65536), 1e-12);
	/* a gap inside the window streams past under the head: its transfer is paid too */
	CHECK(hdd_model_request(&m, HDD_READ, (1 << 30) + 3 * 65536, 4096, &c) == 0);
	CHECK(c.continuation);
	CHECK_NEAR(c.total_us, hdd_xfer_us(&p, (1 << 30) + 2 * 65536, 65536 + 4096), 1e-12);
	/* just beyond the window: a real access again (distance > 0: at least track-to-track) */
	v = (1 << 30) + 3 * 65536 + 4096;
	CHECK(hdd_model_request(&m, HDD_READ, v + p.buffer_bytes, 4096, &c) == 0);
	CHECK(!c.continuation);
	CHECK(c.seek_us >= 800);
	/* backwards is never a continuation */
	CHECK(hdd_model_request(&m, HDD_READ, v, 4096, &c) == 0);
	CHECK(!c.continuation);
	/* flush and trim cost nothing and do not break the stream */
	CHECK(hdd_model_request(&m, HDD_FLUSH, 0, 0, &c) == 0 && c.total_us == 0);
	CHECK(hdd_model_request(&m, HDD_READ, v + 4096, 4096, &c) == 0 && c.continuation);
	/* no buffer, no continuation */
	p.buffer_bytes = 0;
	hdd_model_init(&m, &p);
	CHECK(hdd_model_request(&m, HDD_READ, 0, 4096, &c) == 0);
	CHECK(hdd_model_request(&m, HDD_READ, 4096, 4096, &c) == 0 && !c.continuation);
	CHECK(c.seek_us == 0); /* distance 0: no seek, but a rotation */
	p.buffer_bytes = 128 << 10;

	/* a seed fixes the delays; another seed changes them */
	hdd_model_init(&m, &p);
	hdd_model_init(&m2, &p);
	for (int i = 0; i < 100; i++) {
		hdd_model_request(&m, HDD_READ, (uint64_t)i * 7919 * 4096 % size, 4096, &c);
		hdd_model_request(&m2, HDD_READ, (uint64_t)i * 7919 * 4096 % size, 4096, &c2);
		if (c.total_us != c2.total_us)
			same = 0;
	}
	CHECK(same);
	p.seed = 43;
	hdd_model_init(&m2, &p);
	hdd_model_request(&m2, HDD_READ, 1 << 20, 4096, &c2);
	p.seed = 42;
	hdd_model_init(&m, &p);
	hdd_model_request(&m, HDD_READ, 1 << 20, 4096, &c);
	CHECK(c.rot_us != c2.rot_us);

	/* requests outside the disk are refused and change nothing */
	hdd_model_init(&m, &p);
	CHECK(hdd_model_request(&m, HDD_READ, size - 4096, 8192, &c) == -EINVAL);
	CHECK(hdd_model_request(&m, HDD_WRITE, size + 1, 0, &c) == -EINVAL);
	CHECK(hdd_model_request(&m, HDD_READ, ~0ull - 100, 4096, &c) == -EINVAL);
	CHECK(m.head == 0 && !m.streaming);

	/* parameters: parsed from their option names, bad ones refused with a reason */
	CHECK(hdd_params_set(&p, "size", "8G") == 0 && p.size_bytes == 8ull << 30);
	CHECK(hdd_params_set(&p, "buffer", "64K") == 0 && p.buffer_bytes == 65536);
	CHECK(hdd_params_set(&p, "rpm", "7200") == 0 && p.rpm == 7200);
	CHECK(hdd_params_set(&p, "size", "8X") == -EINVAL);
	CHECK(hdd_params_set(&p, "size", "-1") == -EINVAL);
	CHECK(hdd_params_set(&p, "rpm", "fast") == -EINVAL);
	CHECK(hdd_params_set(&p, "seed", "") == -EINVAL);
	CHECK(hdd_params_set(&p, "colour", "1") == -ENOENT);
	CHECK(hdd_params_check(&p, &why) == 0);
	p.full_ms = 0.5;
	CHECK(hdd_params_check(&p, &why) == -EINVAL && why && strstr(why, "full-ms"));
	p.full_ms = 18;
	p.inner_mb_s = 300;
	CHECK(hdd_params_check(&p, &why) == -EINVAL && why && strstr(why, "outer"));
	p.inner_mb_s = 100;
	p.rpm = 0;
	CHECK(hdd_params_check(&p, &why) == -EINVAL);
	return CHECK_DONE();
}
