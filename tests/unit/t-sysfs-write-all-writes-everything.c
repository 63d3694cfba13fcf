/*
 * t-sysfs-write-all-writes-everything - sp_write_all(), the one write loop (swapfile.c and the
 * fault probe's result pipe had a copy each): 1 MiB through a pipe, far more than the pipe
 * holds, so the kernel makes it a series of short writes, arrives whole and in order; a pipe
 * without a reader is -EPIPE, a bad descriptor -EBADF.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "sys/sysfs.h"

#define LEN (1u << 20)

int main(void)
{
	unsigned char *buf = malloc(LEN), *got = malloc(LEN);
	size_t have = 0;
	int fd[2], status;
	pid_t pid;

	if (!buf || !got || pipe(fd) < 0)
		return 1;
	for (size_t i = 0; i < LEN; i++)
		buf[i] = (unsigned char)(i * 131 + (i >> 12));
	pid = fork();
	if (pid < 0)
		return 1;
	if (pid == 0) {
		close(fd[0]);
		_exit(sp_write_all(fd[1], buf, LEN) == 0 ? 0 : 1);
	}
	close(fd[1]);
	for (;;) {
		ssize_t n = read(fd[0], got + have, LEN - have);

		if (n <= 0)
			break;
		have += (size_t)n;
	}
	close(fd[0]);
	waitpid(pid, &status, 0);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	CHECK_EQ_U64(have, LEN);
	CHECK(memcmp(buf, got, LEN) == 0);

	signal(SIGPIPE, SIG_IGN);
	if (pipe(fd) < 0)
		return 1;
	close(fd[0]);
	CHECK(sp_write_all(fd[1], buf, 16) == -EPIPE);
	close(fd[1]);
	CHECK(sp_write_all(-1, buf, 16) == -EBADF);
	CHECK(sp_write_all(-1, buf, 0) == 0); /* nothing to write, nothing tried */
	free(buf);
	free(got);
	return CHECK_DONE();
}
