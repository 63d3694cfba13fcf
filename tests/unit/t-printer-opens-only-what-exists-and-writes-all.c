/*
 * t-printer-opens-only-what-exists-and-writes-all - sp_printer_open() never creates a printer
 * (a missing path is -ENOENT and stays missing), refuses a directory (-ENODEV) and a FIFO
 * nobody reads (-ENXIO, without blocking), takes a character device; a regular file is refused
 * and left as it was (-EPERM) unless the caller allows one (--printer-file), then truncated;
 * sp_printer_write() delivers every byte in order through a pipe whose slow reader and an
 * interval timer without SA_RESTART make the writes short and interrupted.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "out/printer.h"

#define JOB_BYTES (4u << 20)

static volatile sig_atomic_t ticks;
static void on_alarm(int sig)
{
	(void)sig;
	ticks++;
}

struct reader {
	int fd;
	unsigned char *got;
	size_t len;
};

static void *read_slowly(void *arg)
{
	struct reader *r = arg;
	struct timespec nap = {0, 100000};

	/*
	 * Read nothing until the timer has fired a few times: the writer then sits blocked on a
	 * full pipe when SIGALRM comes (it is blocked in this thread), so its writes are cut
	 * short or interrupted however fast the machine is.
	 */
	while (ticks < 3)
		nanosleep(&nap, NULL);
	for (;;) {
		ssize_t n = read(r->fd, r->got + r->len, 4096); /* small bites: the pipe fills */

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		r->len += (size_t)n;
	}
	return NULL;
}

int main(void)
{
	char tmpl[] = "/tmp/t-printer.XXXXXX", path[256];
	struct sigaction sa = {0};
	struct itimerval it = {{0, 200}, {0, 200}};
	struct reader rd = {0};
	sigset_t alrm;
	unsigned char *job;
	pthread_t th;
	size_t sent = 0;
	struct stat st;
	int fd, p[2];
	FILE *f;

	if (!mkdtemp(tmpl))
		return 77;

	/* missing: refused, not created */
	snprintf(path, sizeof(path), "%s/usb/lp0", tmpl);
	CHECK(sp_printer_open(path, 1) == -ENOENT);
	snprintf(path, sizeof(path), "%s/lp0", tmpl);
	CHECK(sp_printer_open(path, 1) == -ENOENT);
	CHECK(stat(path, &st) < 0 && errno == ENOENT);
	/* a directory and a FIFO are not printers */
	CHECK(sp_printer_open(tmpl, 1) == -ENODEV);
	snprintf(path, sizeof(path), "%s/fifo", tmpl);
	CHECK(mkfifo(path, 0600) == 0);
	CHECK(sp_printer_open(path, 0) == -ENXIO);
	/* a character device is; a regular file stands in and is truncated */
	fd = sp_printer_open("/dev/null", 0);
	CHECK(fd >= 0);
	if (fd >= 0)
		CHECK(sp_printer_close(fd) == 0);
	snprintf(path, sizeof(path), "%s/stand-in", tmpl);
	f = fopen(path, "w");
	fputs("an older job, longer than the next one\n", f);
	fclose(f);
	/* not without being told: refused and untouched */
	CHECK(sp_printer_open(path, 0) == -EPERM);
	CHECK(stat(path, &st) == 0 && st.st_size == 39);
	fd = sp_printer_open(path, 1);
	CHECK(fd >= 0);
	CHECK(sp_printer_write(fd, "job\n", 4, &sent) == 0);
	CHECK_EQ_U64(sent, 4);
	CHECK(sp_printer_close(fd) == 0);
	CHECK(stat(path, &st) == 0 && st.st_size == 4);

	/* every byte, in order, through short and interrupted writes */
	job = malloc(JOB_BYTES);
	rd.got = malloc(JOB_BYTES);
	for (size_t i = 0; i < JOB_BYTES; i++)
		job[i] = (unsigned char)(i * 7 + i / 4099);
	CHECK(pipe(p) == 0);
	rd.fd = p[0];
	sa.sa_handler = on_alarm; /* no SA_RESTART: a blocked write returns short or EINTR */
	sigaction(SIGALRM, &sa, NULL);
	sigemptyset(&alrm);
	sigaddset(&alrm, SIGALRM);
	pthread_sigmask(SIG_BLOCK, &alrm, NULL); /* the reader never takes the signal */
	pthread_create(&th, NULL, read_slowly, &rd);
	pthread_sigmask(SIG_UNBLOCK, &alrm, NULL);
	setitimer(ITIMER_REAL, &it, NULL);
	sent = 0;
	CHECK(sp_printer_write(p[1], job, JOB_BYTES, &sent) == 0);
	memset(&it, 0, sizeof(it));
	setitimer(ITIMER_REAL, &it, NULL);
	CHECK_EQ_U64(sent, JOB_BYTES);
	close(p[1]);
	pthread_join(th, NULL);
	close(p[0]);
	CHECK_EQ_U64(rd.len, JOB_BYTES);
	CHECK(rd.len == JOB_BYTES && memcmp(rd.got, job, JOB_BYTES) == 0);
	CHECK(ticks >= 3); /* the timer fired while the writer was blocked */

	/* a closed reader: the error is returned with what was taken */
	CHECK(pipe(p) == 0);
	close(p[0]);
	signal(SIGPIPE, SIG_IGN);
	CHECK(sp_printer_write(p[1], job, 100, &sent) == -EPIPE);
	CHECK_EQ_U64(sent, 0);
	close(p[1]);
	free(job);
	free(rd.got);

	snprintf(path, sizeof(path), "rm -rf '%s'", tmpl);
	CHECK(system(path) == 0);
	return CHECK_DONE();
}
