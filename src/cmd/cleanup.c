/*
 * cleanup.c - `swapplace cleanup [JOURNAL]`: undo what a run that did not finish (killed,
 * crashed, power cut) records in its journal and has not undone, newest first, and nothing
 * else; then mark the journal cleaned so a second cleanup does nothing.
 *
 * It takes the one-run lock first: a run still going owns its journal, and a zram id or a
 * cgroup name a dead run left could otherwise be one a live run is using now.
 */
#include "act/cleanup.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "act/journal.h"
#include "act/runlock.h"
#include "act/setup_apply.h"
#include "cmd/commands.h"
#include "cmd/fail.h"
#include "core/safety/journal.h"
#include "sys/sysfs.h"

#define PENDING_MAX 4096

/*
 * The twin as cleanup may touch it: a name core/safety/journal.c accepts, and, when it
 * exists, the same name once every symbolic link is resolved. Returns: 0, or -EINVAL with why.
 */
static int twin_ok(const char *twin, struct sp_err *e)
{
	char real[PATH_MAX];

	if (sp_journal_twin_check(twin, e) < 0)
		return -EINVAL;
	if (*twin && realpath(twin, real) && strcmp(real, twin))
		return sp_err_set(e, -EINVAL,
				  "its twin '%s' is reached through a symbolic link ('%s')", twin,
				  real);
	return 0;
}

/* Is path a file directly in the run directory (both as realpath spells them)? */
static int in_run_dir(const char *path)
{
	char dir[PATH_MAX];
	const char *slash = strrchr(path, '/');
	size_t n;

	if (!realpath(sp_run_dir(), dir) || !slash)
		return 0;
	n = strlen(dir);
	return (size_t)(slash - path) == n && !strncmp(path, dir, n);
}

/* Finish the twin copy too, when it is the same run's journal and still unfinished. */
static void clean_twin(const struct sp_journal *j)
{
	struct sp_journal t;
	struct sp_err e;
	char *text = NULL;
	int fd;

	if (!j->head.twin[0])
		return;
	fd = sp_journal_read_trusted(j->head.twin, O_RDWR, &text, &e);
	if (fd < 0) {
		if (fd != -ENOENT)
			fprintf(stderr, "swapplace: the twin '%s' is left as it is: %s\n",
				j->head.twin, e.reason);
		return;
	}
	if (sp_journal_parse(text, strlen(text), &t, NULL) == 0) {
		if (t.head.pid == j->head.pid && t.head.start_ticks == j->head.start_ticks &&
		    !strcmp(t.head.boot_id, j->head.boot_id) && !sp_journal_finished(&t))
			sp_journal_mark_cleaned_fd(fd);
		sp_journal_release(&t);
	}
	close(fd);
	free(text);
}

/*
 * The copy under the run directory goes once cleaned, when its twin in the output directory
 * keeps the record: /run does not fill up with the journals of killed runs. Only a file
 * directly in the run directory is ever removed (twin_ok checked the twin's spelling).
 */
static void remove_run_copy(const char *path, const struct sp_journal *j)
{
	const char *copy = NULL;
	char real[PATH_MAX];

	if (realpath(path, real) && in_run_dir(real) && j->head.twin[0] &&
	    access(j->head.twin, F_OK) == 0)
		copy = path;
	else if (j->head.twin[0] && in_run_dir(j->head.twin))
		copy = j->head.twin;
	if (copy && unlink(copy) == 0)
		fprintf(stderr, "swapplace: removed '%s' (its twin keeps the record)\n", copy);
}

/* Clean one journal. Returns an exit code. */
static int clean_one(const char *path)
{
	const struct sp_jrec **pend = calloc(PENDING_MAX, sizeof(*pend));
	const char *sysctl_root = getenv("SWAPPLACE_PROC_SYS");
	struct sp_journal j;
	char *text = NULL, said[768];
	struct sp_err e;
	size_t n, undone = 0;
	int ret, rc = SP_EXIT_OK, same_boot, fd, unit_stopped = 0;

	if (!pend)
		return sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(-ENOMEM), "cannot clean up");
	/* only a journal root alone could have written is acted on */
	fd = sp_journal_read_trusted(path, O_RDWR, &text, &e);
	if (fd == -ELOOP || fd == -EPERM) {
		free(pend);
		return sp_fail(SP_EXIT_REFUSED, NULL, "refusing '%s': %s", path, e.reason);
	}
	if (fd < 0) {
		free(pend);
		return sp_fail(SP_EXIT_FAILURE, &e, "cannot read the journal '%s'", path);
	}
	ret = sp_journal_parse(text, strlen(text), &j, &e);
	free(text);
	if (ret < 0) {
		close(fd);
		free(pend);
		if (ret == -ENOMEM)
			return sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(ret), "cannot read '%s'", path);
		return sp_fail(SP_EXIT_REFUSED, NULL,
			       "refusing '%s': not a swapplace journal this version can undo (%s)",
			       path, e.reason);
	}
	if (sp_journal_finished(&j)) {
		fprintf(stderr, "swapplace: '%s' is finished: nothing to undo\n", path);
		goto out;
	}
	if (sp_journal_writer_alive(&j.head)) {
		rc = sp_fail(SP_EXIT_REFUSED, NULL,
			     "refusing '%s': its swapplace %s (pid %d) is still running", path,
			     j.head.cmd, j.head.pid);
		goto out;
	}
	n = sp_journal_pending(&j, pend, PENDING_MAX);
	if (n > PENDING_MAX) {
		rc = sp_fail(SP_EXIT_FAILURE, NULL, "'%s' holds more than %d changes to undo", path,
			     PENDING_MAX);
		goto out;
	}
	if (twin_ok(j.head.twin, &e) < 0) {
		rc = sp_fail(SP_EXIT_REFUSED, NULL, "refusing '%s': %s", path, e.reason);
		goto out;
	}
	/* every record checked before the first is acted on: a journal edited by hand to name
	 * something that is not swapplace's is refused whole */
	for (size_t i = 0; i < n; i++) {
		if (sp_jrec_check(pend[i], sysctl_root, &e) < 0) {
			rc = sp_fail(SP_EXIT_REFUSED, NULL,
				     "refusing '%s': record %u (%s '%s') is %s", path, pend[i]->seq,
				     sp_jkind_name(pend[i]->kind), pend[i]->f[0], e.reason);
			goto out;
		}
	}
	same_boot = sp_journal_same_boot(&j.head);
	fprintf(stderr, "swapplace: cleaning up after swapplace %s (pid %d) from '%s'\n",
		j.head.cmd, j.head.pid, path);
	if (!same_boot)
		fprintf(stderr, "swapplace: the machine restarted since: the swap, zram, cgroups "
				"and settings of that run went with it\n");
	for (size_t i = 0; i < n; i++) {
		ret = sp_cleanup_undo(pend[i], same_boot, said, sizeof(said));
		if (ret > 0) {
			printf("swapplace: cleanup: %s\n", said);
			undone++;
			unit_stopped |= pend[i]->kind == SP_J_UNIT;
		} else if (ret < 0) {
			rc = sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(ret), "cannot undo record %u: %s",
				     pend[i]->seq, said);
		} else if (same_boot) {
			fprintf(stderr, "swapplace: nothing to undo: %s\n", said);
		}
	}
	/* an advise --apply killed under systemd: its unit stopped and its files put back (the
	 * records undone in reverse), systemd made to see them, as --undo does */
	if (unit_stopped && rc == SP_EXIT_OK) {
		struct sp_apply_log *log = calloc(1, sizeof(*log));

		ret = log ? sp_setup_unit_reactivate(log) : -ENOMEM;
		for (size_t k = 0; log && k < log->n; k++)
			printf("swapplace: cleanup: %s\n", log->line[k]);
		free(log);
		if (ret < 0)
			rc = sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(ret),
				     "cannot make systemd see the files put back (systemctl "
				     "daemon-reload, start)");
	}
	for (size_t i = 0; i < j.n; i++)
		if (j.recs[i].kind == SP_J_PARTTABLE)
			fprintf(stderr,
				"swapplace: the partition table written on '%s'%s stays (the "
				"disk is as the run planned it, swapplace-* partitions)\n",
				j.recs[i].f[0], same_boot ? "" : " (its name then)");
	fflush(stdout);
	if (rc != SP_EXIT_OK) {
		fprintf(stderr,
			"swapplace: '%s' stays unfinished: run cleanup again once that "
			"is resolved\n",
			path);
		goto out;
	}
	ret = sp_journal_mark_cleaned_fd(fd);
	if (ret < 0) {
		rc = sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(ret), "cannot mark '%s' cleaned", path);
		goto out;
	}
	clean_twin(&j);
	remove_run_copy(path, &j);
	fprintf(stderr, "swapplace: '%s' cleaned: %zu change%s undone\n", path, undone,
		undone == 1 ? "" : "s");
out:
	close(fd);
	sp_journal_release(&j);
	free(pend);
	return rc;
}

/* Every journal-* in the run directory that is not finished; the lock says none is live. */
static int clean_all(void)
{
	struct dirent **names = NULL;
	char path[600];
	struct sp_err e;
	int n, rc = SP_EXIT_OK, found = 0, fd;

	n = sp_list_dir(NULL, sp_run_dir(), &names);
	if (n < 0 && n != -ENOENT)
		return sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(n), "cannot list '%s'", sp_run_dir());
	for (int i = 0; i < n; i++) {
		struct sp_journal j;
		char *text = NULL;
		int unfinished = 0;

		if (strncmp(names[i]->d_name, "journal-", 8))
			continue;
		snprintf(path, sizeof(path), "%s/%s", sp_run_dir(), names[i]->d_name);
		fd = sp_journal_read_trusted(path, O_RDONLY, &text, &e);
		if (fd >= 0 && sp_journal_parse(text, strlen(text), &j, NULL) == 0) {
			unfinished = !sp_journal_finished(&j);
			sp_journal_release(&j);
		} else {
			unfinished = 1; /* clean_one says why it refuses it */
		}
		if (fd >= 0)
			close(fd);
		free(text);
		if (!unfinished)
			continue;
		found++;
		unfinished = clean_one(path);
		if (unfinished != SP_EXIT_OK && rc == SP_EXIT_OK)
			rc = unfinished;
	}
	if (n > 0)
		sp_free_list(names, n);
	if (!found)
		fprintf(stderr, "swapplace: no unfinished journal in '%s': nothing to undo\n",
			sp_run_dir());
	return rc;
}

int sp_cmd_cleanup(const struct sp_config *c)
{
	char holder[200];
	int ret;

	if (geteuid() != 0)
		return sp_fail(SP_EXIT_FAILURE, NULL,
			       "'cleanup' needs root: it swaps off, removes zram devices and "
			       "cgroups");
	ret = sp_runlock_take("cleanup", holder, sizeof(holder));
	if (ret == -EBUSY)
		return sp_fail(SP_EXIT_REFUSED, NULL,
			       "another swapplace run is active (%s): clean up after it ends",
			       holder);
	if (ret < 0)
		return sp_fail(SP_EXIT_FAILURE, SP_ERR_OF(ret), "cannot take the lock in '%s'",
			       sp_run_dir());
	return c->input ? clean_one(c->input) : clean_all();
}
