/*
 * runlock.c - the one-run lock (see runlock.h for why a record lock and not flock).
 */
#include "act/runlock.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "act/journal.h"
#include "sys/log.h"

static int lock_fd = -1; /* open for the process's life: closing any fd of it drops the lock */

int sp_runlock_take(const char *cmd, char *holder, size_t len)
{
	struct flock fl = {.l_type = F_WRLCK, .l_whence = SEEK_SET};
	char path[600], text[160];
	struct tm tm;
	time_t now;
	ssize_t n;
	int fd;

	holder[0] = '\0';
	if (lock_fd >= 0)
		return 0;
	if (mkdir(sp_run_dir(), 0700) < 0 && errno != EEXIST)
		return -errno;
	snprintf(path, sizeof(path), "%s/lock", sp_run_dir());
	fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (fd < 0)
		return -errno;
	if (fcntl(fd, F_SETLK, &fl) < 0) {
		int err = errno;

		if (err != EACCES && err != EAGAIN) {
			close(fd);
			return -err;
		}
		n = pread(fd, text, sizeof(text) - 1, 0);
		text[n > 0 ? n : 0] = '\0';
		text[strcspn(text, "\n")] = '\0';
		fl.l_type = F_WRLCK;
		if (!text[0] && fcntl(fd, F_GETLK, &fl) == 0 && fl.l_type != F_UNLCK)
			snprintf(text, sizeof(text), "pid %d", (int)fl.l_pid);
		snprintf(holder, len, "%s", text[0] ? text : "pid unknown");
		close(fd);
		return -EBUSY;
	}
	now = time(NULL);
	gmtime_r(&now, &tm);
	n = snprintf(text, sizeof(text),
		     "pid %d, swapplace %s started at %04d-%02d-%02d %02d:%02d:%02d UTC\n",
		     (int)getpid(), cmd, tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
		     tm.tm_min, tm.tm_sec);
	if (ftruncate(fd, 0) < 0 || pwrite(fd, text, (size_t)n, 0) != n)
		sp_debug("lock", "cannot write the holder into %s", path);
	lock_fd = fd;
	return 0;
}
