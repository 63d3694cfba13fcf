/*
 * printer.c - opening and writing a printer device (see printer.h).
 */
#include "out/printer.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sys/sysfs.h"

int sp_printer_open(const char *path, int allow_file)
{
	struct stat st;
	int fd, ret;

	if (!path || !*path)
		return -EINVAL;
	if (stat(path, &st) < 0)
		return -errno;
	if (S_ISREG(st.st_mode) && !allow_file)
		return -EPERM; /* `print r.json --printer r.json` would destroy the report */
	if (!S_ISREG(st.st_mode) && !S_ISCHR(st.st_mode) && !S_ISFIFO(st.st_mode))
		return -ENODEV;
	/*
	 * No O_CREAT: a printer that is not there is an error, never a new file. O_NONBLOCK for
	 * the open alone: a FIFO without a reader is ENXIO at once instead of a wait for ever.
	 */
	fd = sp_open_stat(path, O_WRONLY | O_NOCTTY | O_NONBLOCK, &st);
	if (fd < 0)
		return fd;
	if ((S_ISREG(st.st_mode) && !allow_file) ||
	    (!S_ISREG(st.st_mode) && !S_ISCHR(st.st_mode) && !S_ISFIFO(st.st_mode))) {
		close(fd); /* swapped between the stat and the open */
		return S_ISREG(st.st_mode) ? -EPERM : -ENODEV;
	}
	ret = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) < 0 ? -errno : 0;
	if (!ret && S_ISREG(st.st_mode) && ftruncate(fd, 0) < 0)
		ret = -errno;
	if (ret) {
		close(fd);
		return ret;
	}
	return fd;
}

int sp_printer_write(int fd, const void *buf, size_t len, size_t *sent)
{
	const char *p = buf;
	size_t done = 0;
	int ret = 0;

	while (done < len) {
		ssize_t n = write(fd, p + done, len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			ret = -errno;
			break;
		}
		if (n == 0) { /* a printer that takes nothing and says nothing */
			ret = -EIO;
			break;
		}
		done += (size_t)n;
	}
	if (sent)
		*sent = done;
	return ret;
}

int sp_printer_close(int fd)
{
	struct stat st;
	int ret = 0;

	/* a stand-in file is synced like a report; a printer's driver has its own buffer */
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && fsync(fd) < 0)
		ret = -errno;
	if (close(fd) < 0 && !ret && errno != EINTR)
		ret = -errno;
	return ret;
}
