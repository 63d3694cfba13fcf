/*
 * t-planfile-writes-whole-and-reads-back - the plan file (out/planfile.h): what
 * `plan --save-plan` writes, `run --plan` reads back as the same identity and the same
 * estimate (none from a file without one, so run prints its own); nothing is left
 * under the temporary name; a missing file and a file that is no plan file are refused with
 * the path in the reason, as the edge prints it.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "core/err.h"
#include "core/safety/safety.h"
#include "out/planfile.h"

int main(void)
{
	struct sp_target_identity id = {.name = "sdb",
					.size_bytes = 1ull << 30,
					.logical_sector = 512,
					.serial = "S1",
					.model = "a disk"},
				  back;
	char dir[] = "/tmp/sp-planfile-XXXXXX", path[128], tmp[160], junk[128];
	struct sp_err e;
	double est = -1;
	FILE *fp;

	CHECK(mkdtemp(dir) != NULL);
	snprintf(path, sizeof(path), "%s/plan", dir);
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	snprintf(junk, sizeof(junk), "%s/junk", dir);

	CHECK(sp_planfile_write(path, &id, 586.4, &e) == 0);
	CHECK(access(tmp, F_OK) < 0);
	memset(&back, 0, sizeof(back));
	CHECK(sp_planfile_read(path, &back, &est, &e) == 0);
	CHECK_NEAR(est, 586.4, 1e-9);
	CHECK_STR(back.name, "sdb");
	CHECK_EQ_U64(back.size_bytes, 1ull << 30);
	CHECK_EQ_U64(back.logical_sector, 512);
	CHECK_STR(back.serial, "S1");
	CHECK_STR(back.model, "a disk");
	/* no estimate written: none read */
	CHECK(sp_planfile_write(path, &id, 0, &e) == 0);
	CHECK(sp_planfile_read(path, &back, &est, &e) == 0);
	CHECK(est == 0);
	CHECK_STR(back.serial, "S1");

	/* a directory that does not exist: the code alone, the edge says what failed */
	CHECK(sp_planfile_write("/nonexistent-dir/plan", &id, 1, &e) == -ENOENT);
	CHECK(e.code == -ENOENT);

	CHECK(sp_planfile_read(junk, &back, &est, &e) == -ENOENT);
	CHECK(strstr(e.reason, "cannot read the plan file '") != NULL);
	CHECK(strstr(e.reason, junk) != NULL);

	fp = fopen(junk, "w");
	CHECK(fp != NULL);
	if (fp) {
		fputs("not a plan\n", fp);
		fclose(fp);
	}
	CHECK(sp_planfile_read(junk, &back, &est, &e) == -EINVAL);
	CHECK(strncmp(e.reason, "'", 1) == 0 && strstr(e.reason, junk) != NULL);

	unlink(path);
	unlink(junk);
	rmdir(dir);
	return CHECK_DONE();
}
