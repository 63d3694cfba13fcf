/*
 * nbd-hdd - a modeled spinning disk for the tests: an NBD server (fixed newstyle handshake,
 * simple replies) backed by a sparse file, that serves requests strictly one at a time in
 * arrival order and answers each exactly when the HDD model (hddmodel.h) says the disk would
 * have finished it. QEMU is the client: -drive driver=nbd,host=127.0.0.1,port=PORT or
 * file=nbd+unix:///?socket=PATH. There is no nbd kernel module here, so the kernel is never one.
 *
 * usage: nbd-hdd --file PATH --size SIZE [--port N | --unix PATH] [--log FILE] [--export NAME]
 *                [--rpm R] [--t2t-ms MS] [--full-ms MS] [--outer-mbs MB/S] [--inner-mbs MB/S]
 *                [--buffer SIZE] [--seed N] [--fault-range START-END --fault fail|corrupt]
 * Prints "nbd-hdd: ready ..." on stdout once it listens (with the real port when --port 0),
 * serves connections one after another until SIGTERM/SIGINT, then prints a summary (requests,
 * bytes and mean modeled latency by op) and exits 0. Exit 1 on a runtime error, 2 on bad
 * arguments. --log FILE gets one line per request: op offset length modeled_us seek_us rot_us
 * xfer_us cont arrival_us (cont 1: a track-buffer continuation; arrival_us: when the request
 * header arrived, µs since the ready line, so a test can see the client's idle gaps).
 *
 * --fault-range START-END (bytes, 4 KiB aligned) with --fault makes a failing disk for the
 * fault tests (docs/safety.md, "Faults"): a 4 KiB block in the range that was written since the
 * server started reads back as an error (fail: NBD EIO, which the guest's kernel logs as an
 * I/O error) or with its bytes inverted (corrupt). Blocks never written read as they are, so a
 * read-only probe of the range passes and the first swap-in of a page written there fails, the
 * way a disk whose writes do not stick fails. Reads served so, per kind, are in the summary.
 *
 * The delay is enforced with clock_nanosleep on an absolute CLOCK_MONOTONIC deadline taken
 * when the request header arrived: the file I/O, logging and syscalls happen inside the modeled
 * time, so the service time is the model, not the model plus this program's overhead.
 */
#include <arpa/inet.h>
#include <endian.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include "hddmodel.h"

/* the protocol's numbers (NBD's doc/proto.md) */
#define NBDMAGIC 0x4e42444d41474943ull
#define IHAVEOPT 0x49484156454f5054ull
#define REPLY_MAGIC 0x3e889045565a9ull
#define REQUEST_MAGIC 0x25609513u
#define SIMPLE_REPLY_MAGIC 0x67446698u
#define FLAG_FIXED_NEWSTYLE 1
#define FLAG_NO_ZEROES 2
#define FLAG_HAS_FLAGS 1
#define FLAG_SEND_FLUSH 4
#define FLAG_SEND_FUA 8
#define FLAG_SEND_TRIM 32
#define OPT_EXPORT_NAME 1
#define OPT_ABORT 2
#define OPT_LIST 3
#define OPT_INFO 6
#define OPT_GO 7
#define REP_ACK 1
#define REP_SERVER 2
#define REP_INFO 3
#define REP_ERR_UNSUP 0x80000001u
#define REP_ERR_INVALID 0x80000003u
#define INFO_EXPORT 0
#define INFO_BLOCK_SIZE 3
#define CMD_READ 0
#define CMD_WRITE 1
#define CMD_DISC 2
#define CMD_FLUSH 3
#define CMD_TRIM 4
#define NBD_EIO 5
#define NBD_EINVAL 22
#define NBD_ENOSPC 28
#define MAX_REQUEST_BYTES (32u << 20)
#define MAX_OPTION_BYTES 4096

/* one control struct: each field names the option that sets it */
struct server {
	struct hdd_params params; /* the model options */
	const char *file;	  /* --file */
	const char *unix_path;	  /* --unix */
	const char *log_path;	  /* --log */
	const char *export_name;  /* --export: the name offered by NBD_OPT_LIST */
	int port;		  /* --port */
	int fd;			  /* the backing file */
	int listen_fd;
	FILE *log;
	struct hdd_model model;
	struct timespec start; /* when it became ready: the log's arrival times count from it */
	unsigned char *buf;
	/* --fault-range, --fault: blocks written in [fault_lo, fault_hi), one bit per 4 KiB */
	uint64_t fault_lo, fault_hi;
	int fault_kind; /* 0: none, 1: fail, 2: corrupt */
	unsigned char *written;
	uint64_t faulted_reads;
	/* the summary, per op (READ, WRITE, FLUSH, TRIM) */
	uint64_t n[4], bytes[4];
	double sum_us[4];
};

static volatile sig_atomic_t stopping;

static void on_signal(int sig)
{
	(void)sig;
	stopping = 1;
}

static const char *const op_name[] = {"read", "write", "flush", "trim"};

static void usage(const char *fmt, const char *arg)
{
	if (fmt) {
		fprintf(stderr, "nbd-hdd: ");
		fprintf(stderr, fmt, arg);
		fprintf(stderr, "\n");
	}
	fprintf(fmt ? stderr : stdout,
		"usage: nbd-hdd --file PATH --size SIZE [--port N | --unix PATH] "
		"[--log FILE] [--export NAME]\n"
		"               [--rpm R] [--t2t-ms MS] [--full-ms MS] [--outer-mbs MB/S] "
		"[--inner-mbs MB/S]\n"
		"               [--buffer SIZE] [--seed N] "
		"[--fault-range START-END --fault fail|corrupt]\n");
	exit(fmt ? 2 : 0);
}

/* 0, or -1 at EOF, on an error, or when a stop was asked while waiting */
static int read_full(int fd, void *p, size_t n)
{
	while (n) {
		ssize_t r = read(fd, p, n);

		if (r < 0 && errno == EINTR && !stopping)
			continue;
		if (r <= 0)
			return -1;
		p = (char *)p + r;
		n -= r;
	}
	return 0;
}

static int write_full(int fd, const void *p, size_t n)
{
	while (n) {
		ssize_t r = write(fd, p, n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		p = (const char *)p + r;
		n -= r;
	}
	return 0;
}

static int put_u16(int fd, uint16_t v)
{
	v = htobe16(v);
	return write_full(fd, &v, 2);
}

static int put_u32(int fd, uint32_t v)
{
	v = htobe32(v);
	return write_full(fd, &v, 4);
}

static int put_u64(int fd, uint64_t v)
{
	v = htobe64(v);
	return write_full(fd, &v, 8);
}

static int opt_reply(int fd, uint32_t opt, uint32_t type, const void *data, uint32_t len)
{
	if (put_u64(fd, REPLY_MAGIC) || put_u32(fd, opt) || put_u32(fd, type) || put_u32(fd, len))
		return -1;
	return len ? write_full(fd, data, len) : 0;
}

static uint16_t transmission_flags(void)
{
	return FLAG_HAS_FLAGS | FLAG_SEND_FLUSH | FLAG_SEND_FUA | FLAG_SEND_TRIM;
}

/* NBD_OPT_INFO / NBD_OPT_GO: the export's size and flags, and the block sizes, then ACK */
static int reply_info(struct server *s, int fd, uint32_t opt)
{
	unsigned char e[12], bs[14];
	uint16_t t16;
	uint32_t t32;
	uint64_t t64;

	t16 = htobe16(INFO_EXPORT);
	memcpy(e, &t16, 2);
	t64 = htobe64(s->params.size_bytes);
	memcpy(e + 2, &t64, 8);
	t16 = htobe16(transmission_flags());
	memcpy(e + 10, &t16, 2);
	t16 = htobe16(INFO_BLOCK_SIZE);
	memcpy(bs, &t16, 2);
	t32 = htobe32(1);
	memcpy(bs + 2, &t32, 4);
	t32 = htobe32(4096);
	memcpy(bs + 6, &t32, 4);
	t32 = htobe32(MAX_REQUEST_BYTES);
	memcpy(bs + 10, &t32, 4);
	if (opt_reply(fd, opt, REP_INFO, e, sizeof(e)) ||
	    opt_reply(fd, opt, REP_INFO, bs, sizeof(bs)))
		return -1;
	return opt_reply(fd, opt, REP_ACK, NULL, 0);
}

/*
 * The handshake. Returns 1 to go on to transmission, 0 when the client ended it (ABORT or
 * EOF), -1 on a protocol error. Every export name is this one disk: the name is only logged.
 */
static int handshake(struct server *s, int fd)
{
	uint32_t cflags, opt, len;
	uint64_t magic;
	uint16_t hflags = FLAG_FIXED_NEWSTYLE | FLAG_NO_ZEROES;
	char data[MAX_OPTION_BYTES + 1];
	int no_zeroes;

	if (put_u64(fd, NBDMAGIC) || put_u64(fd, IHAVEOPT) || put_u16(fd, hflags))
		return -1;
	if (read_full(fd, &cflags, 4))
		return 0;
	cflags = be32toh(cflags);
	no_zeroes = cflags & FLAG_NO_ZEROES;
	if (!(cflags & FLAG_FIXED_NEWSTYLE))
		fprintf(stderr, "nbd-hdd: client is not fixed-newstyle; serving it anyway\n");
	for (;;) {
		if (read_full(fd, &magic, 8) || read_full(fd, &opt, 4) || read_full(fd, &len, 4))
			return 0;
		magic = be64toh(magic);
		opt = be32toh(opt);
		len = be32toh(len);
		if (magic != IHAVEOPT) {
			fprintf(stderr, "nbd-hdd: bad option magic %#" PRIx64 "\n", magic);
			return -1;
		}
		if (len > MAX_OPTION_BYTES) {
			fprintf(stderr, "nbd-hdd: option %u too long (%u bytes)\n", opt, len);
			return -1;
		}
		if (read_full(fd, data, len))
			return 0;
		data[len] = 0;
		switch (opt) {
		case OPT_EXPORT_NAME: {
			static const char zeroes[124];

			if (put_u64(fd, s->params.size_bytes) || put_u16(fd, transmission_flags()))
				return -1;
			if (!no_zeroes && write_full(fd, zeroes, sizeof(zeroes)))
				return -1;
			return 1;
		}
		case OPT_ABORT:
			opt_reply(fd, opt, REP_ACK, NULL, 0);
			return 0;
		case OPT_LIST: {
			uint32_t n = strlen(s->export_name), nbe = htobe32(n);
			char rep[4 + MAX_OPTION_BYTES];

			if (len) {
				if (opt_reply(fd, opt, REP_ERR_INVALID, NULL, 0))
					return -1;
				break;
			}
			memcpy(rep, &nbe, 4);
			memcpy(rep + 4, s->export_name, n);
			if (opt_reply(fd, opt, REP_SERVER, rep, 4 + n) ||
			    opt_reply(fd, opt, REP_ACK, NULL, 0))
				return -1;
			break;
		}
		case OPT_INFO:
		case OPT_GO: {
			uint32_t nlen;

			/* name length, name, number of info requests, the requests */
			if (len < 6) {
				if (opt_reply(fd, opt, REP_ERR_INVALID, NULL, 0))
					return -1;
				break;
			}
			memcpy(&nlen, data, 4);
			nlen = be32toh(nlen);
			if ((uint64_t)nlen + 6 > len) {
				if (opt_reply(fd, opt, REP_ERR_INVALID, NULL, 0))
					return -1;
				break;
			}
			if (reply_info(s, fd, opt))
				return -1;
			if (opt == OPT_GO)
				return 1;
			break;
		}
		default:
			if (opt_reply(fd, opt, REP_ERR_UNSUP, NULL, 0))
				return -1;
		}
	}
}

static struct timespec ts_add_us(struct timespec t, double us)
{
	long long ns = (long long)(us * 1000.0 + 0.5);

	t.tv_sec += ns / 1000000000;
	t.tv_nsec += ns % 1000000000;
	if (t.tv_nsec >= 1000000000) {
		t.tv_sec++;
		t.tv_nsec -= 1000000000;
	}
	return t;
}

static int simple_reply(int fd, uint32_t err, uint64_t handle, const void *data, size_t len)
{
	unsigned char h[16];
	uint32_t m = htobe32(SIMPLE_REPLY_MAGIC), e = htobe32(err);

	memcpy(h, &m, 4);
	memcpy(h + 4, &e, 4);
	memcpy(h + 8, &handle, 8); /* opaque: echoed as it came */
	if (write_full(fd, h, sizeof(h)))
		return -1;
	return len ? write_full(fd, data, len) : 0;
}

#define FAULT_BLOCK 4096ull

/* A write of [off, off + len): mark its blocks within the fault range as written. */
static void fault_note_write(struct server *s, uint64_t off, uint32_t len)
{
	if (!s->fault_kind)
		return;
	for (uint64_t b = off / FAULT_BLOCK * FAULT_BLOCK; b < off + len; b += FAULT_BLOCK)
		if (b >= s->fault_lo && b < s->fault_hi) {
			uint64_t i = (b - s->fault_lo) / FAULT_BLOCK;

			s->written[i / 8] |= (unsigned char)(1u << (i % 8));
		}
}

/*
 * A read of [off, off + len) whose data is in s->buf: does it touch a written block of the
 * fault range? fail: returns 1 (the read fails); corrupt: inverts those blocks' bytes in buf.
 */
static int fault_on_read(struct server *s, uint64_t off, uint32_t len)
{
	int hit = 0;

	if (!s->fault_kind)
		return 0;
	for (uint64_t b = off / FAULT_BLOCK * FAULT_BLOCK; b < off + len; b += FAULT_BLOCK) {
		uint64_t i, lo, hi;

		if (b < s->fault_lo || b >= s->fault_hi)
			continue;
		i = (b - s->fault_lo) / FAULT_BLOCK;
		if (!(s->written[i / 8] & (1u << (i % 8))))
			continue;
		hit = 1;
		if (s->fault_kind != 2)
			continue;
		lo = b > off ? b - off : 0;
		hi = b + FAULT_BLOCK - off < len ? b + FAULT_BLOCK - off : len;
		for (uint64_t k = lo; k < hi; k++)
			s->buf[k] ^= 0xff;
	}
	s->faulted_reads += hit;
	return hit && s->fault_kind == 1;
}

/* Serves requests until DISC, EOF or a stop. Returns 0, or -1 on a protocol or I/O error. */
static int transmission(struct server *s, int fd)
{
	unsigned char h[28];

	while (!stopping) {
		uint32_t magic, len, err = 0;
		uint16_t type;
		uint64_t handle, off;
		struct timespec t0, deadline;
		struct hdd_cost cost;
		int op = -1;

		if (read_full(fd, h, sizeof(h)))
			return 0;
		/* the disk starts working on it now: the deadline counts from here */
		clock_gettime(CLOCK_MONOTONIC, &t0);
		memcpy(&magic, h, 4);
		memcpy(&type, h + 6, 2);
		memcpy(&handle, h + 8, 8);
		memcpy(&off, h + 16, 8);
		memcpy(&len, h + 24, 4);
		magic = be32toh(magic);
		type = be16toh(type);
		off = be64toh(off);
		len = be32toh(len);
		if (magic != REQUEST_MAGIC) {
			fprintf(stderr, "nbd-hdd: bad request magic %#x\n", magic);
			return -1;
		}
		if (type == CMD_DISC)
			return 0;
		if ((type == CMD_READ || type == CMD_WRITE) && len > MAX_REQUEST_BYTES) {
			/* beyond the advertised maximum: a write's payload cannot be skipped */
			fprintf(stderr, "nbd-hdd: request of %u bytes exceeds %u\n", len,
				MAX_REQUEST_BYTES);
			return -1;
		}
		if (type == CMD_WRITE && read_full(fd, s->buf, len))
			return -1;
		switch (type) {
		case CMD_READ:
			op = HDD_READ;
			break;
		case CMD_WRITE:
			op = HDD_WRITE;
			break;
		case CMD_FLUSH:
			op = HDD_FLUSH;
			break;
		case CMD_TRIM:
			op = HDD_TRIM;
			break;
		default:
			err = NBD_EINVAL;
		}
		if (op >= 0 &&
		    hdd_model_request(&s->model, op, off, op == HDD_FLUSH ? 0 : len, &cost))
			err = type == CMD_WRITE ? NBD_ENOSPC : NBD_EINVAL;
		if (!err && op == HDD_READ && pread(s->fd, s->buf, len, off) != (ssize_t)len)
			err = NBD_EIO;
		if (!err && op == HDD_READ && fault_on_read(s, off, len))
			err = NBD_EIO;
		if (!err && op == HDD_WRITE && pwrite(s->fd, s->buf, len, off) != (ssize_t)len)
			err = NBD_EIO;
		if (!err && op == HDD_WRITE)
			fault_note_write(s, off, len);
		if (err) {
			if (simple_reply(fd, err, handle, NULL, 0))
				return -1;
			continue;
		}
		s->n[op]++;
		s->bytes[op] += op == HDD_FLUSH ? 0 : len;
		s->sum_us[op] += cost.total_us;
		if (s->log)
			fprintf(s->log, "%s %" PRIu64 " %u %.1f %.1f %.1f %.1f %d %.1f\n",
				op_name[op], off, len, cost.total_us, cost.seek_us, cost.rot_us,
				cost.xfer_us, cost.continuation,
				(t0.tv_sec - s->start.tv_sec) * 1e6 +
				    (t0.tv_nsec - s->start.tv_nsec) / 1e3);
		deadline = ts_add_us(t0, cost.total_us);
		/* a signal cuts the wait short only when it asks us to stop */
		while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, NULL) == EINTR &&
		       !stopping)
			;
		if (simple_reply(fd, 0, handle, s->buf, op == HDD_READ ? len : 0))
			return -1;
	}
	return 0;
}

static int listen_on(struct server *s)
{
	int fd, one = 1;

	if (s->unix_path) {
		struct sockaddr_un a = {.sun_family = AF_UNIX};

		if (strlen(s->unix_path) >= sizeof(a.sun_path)) {
			fprintf(stderr, "nbd-hdd: socket path '%s' is too long\n", s->unix_path);
			return -1;
		}
		strcpy(a.sun_path, s->unix_path);
		fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
		if (fd < 0 || bind(fd, (struct sockaddr *)&a, sizeof(a)) || listen(fd, 4)) {
			fprintf(stderr, "nbd-hdd: cannot listen on '%s': %s\n", s->unix_path,
				strerror(errno));
			return -1;
		}
	} else {
		struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons(s->port)};
		socklen_t alen = sizeof(a);

		a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
		if (fd >= 0)
			setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
		if (fd < 0 || bind(fd, (struct sockaddr *)&a, sizeof(a)) || listen(fd, 4) ||
		    getsockname(fd, (struct sockaddr *)&a, &alen)) {
			fprintf(stderr, "nbd-hdd: cannot listen on 127.0.0.1:%d: %s\n", s->port,
				strerror(errno));
			return -1;
		}
		s->port = ntohs(a.sin_port);
	}
	s->listen_fd = fd;
	return 0;
}

static void summary(const struct server *s)
{
	uint64_t n = 0, bytes = 0;

	for (int i = 0; i < 4; i++)
		n += s->n[i], bytes += s->bytes[i];
	printf("nbd-hdd: served %" PRIu64 " requests, %" PRIu64 " bytes\n", n, bytes);
	for (int i = 0; i < 4; i++)
		printf("nbd-hdd: %-5s requests=%" PRIu64 " bytes=%" PRIu64
		       " mean_modeled_us=%.1f\n",
		       op_name[i], s->n[i], s->bytes[i], s->n[i] ? s->sum_us[i] / s->n[i] : 0.0);
	fflush(stdout);
}

static void parse_args(struct server *s, int argc, char **argv)
{
	static const struct option opts[] = {
	    {"file", required_argument, 0, 'f'},
	    {"unix", required_argument, 0, 'u'},
	    {"port", required_argument, 0, 'p'},
	    {"log", required_argument, 0, 'l'},
	    {"export", required_argument, 0, 'e'},
	    {"size", required_argument, 0, 'M'},
	    {"rpm", required_argument, 0, 'M'},
	    {"t2t-ms", required_argument, 0, 'M'},
	    {"full-ms", required_argument, 0, 'M'},
	    {"outer-mbs", required_argument, 0, 'M'},
	    {"inner-mbs", required_argument, 0, 'M'},
	    {"buffer", required_argument, 0, 'M'},
	    {"seed", required_argument, 0, 'M'},
	    {"fault-range", required_argument, 0, 'R'},
	    {"fault", required_argument, 0, 'F'},
	    {"help", no_argument, 0, 'h'},
	    {0, 0, 0, 0},
	};
	int c, idx, have_size = 0, have_port = 0;
	const char *why;
	char *end;
	long v;

	opterr = 0;
	while ((c = getopt_long(argc, argv, "", opts, &idx)) != -1) {
		switch (c) {
		case 'f':
			s->file = optarg;
			break;
		case 'u':
			s->unix_path = optarg;
			break;
		case 'l':
			s->log_path = optarg;
			break;
		case 'e':
			s->export_name = optarg;
			break;
		case 'p':
			errno = 0;
			v = strtol(optarg, &end, 10);
			if (errno || *end || end == optarg || v < 0 || v > 65535)
				usage("bad --port '%s' (0 to 65535; 0 picks a free port)", optarg);
			s->port = v;
			have_port = 1;
			break;
		case 'M':
			if (hdd_params_set(&s->params, opts[idx].name, optarg))
				usage("bad value for --%s", opts[idx].name);
			have_size |= !strcmp(opts[idx].name, "size");
			break;
		case 'R': {
			unsigned long long lo, hi;
			int n = -1;

			if (sscanf(optarg, "%llu-%llu%n", &lo, &hi, &n) != 2 || optarg[n] ||
			    lo >= hi || lo % FAULT_BLOCK || hi % FAULT_BLOCK)
				usage("bad --fault-range '%s' (START-END in bytes, 4 KiB aligned)",
				      optarg);
			s->fault_lo = lo;
			s->fault_hi = hi;
			break;
		}
		case 'F':
			if (!strcmp(optarg, "fail"))
				s->fault_kind = 1;
			else if (!strcmp(optarg, "corrupt"))
				s->fault_kind = 2;
			else
				usage("bad --fault '%s' (fail or corrupt)", optarg);
			break;
		case 'h':
			usage(NULL, NULL);
			break;
		default:
			usage("unknown option or missing value: '%s'", argv[optind - 1]);
		}
	}
	if (optind < argc)
		usage("unexpected argument '%s'", argv[optind]);
	if (!s->file)
		usage("%s", "--file PATH is required (the sparse backing file)");
	if (!have_size)
		usage("%s", "--size SIZE is required");
	if (!!s->unix_path == !!have_port)
		usage("%s", "give exactly one of --port N and --unix PATH");
	if (hdd_params_check(&s->params, &why))
		usage("bad model parameters: %s", why);
	if (strlen(s->export_name) > 1024)
		usage("%s", "--export name is too long");
	if (!s->fault_kind != !s->fault_hi)
		usage("%s", "--fault-range and --fault go together");
	if (s->fault_hi > s->params.size_bytes)
		usage("%s", "--fault-range ends beyond --size");
}

int main(int argc, char **argv)
{
	struct server s = {.export_name = "", .fd = -1, .listen_fd = -1};
	struct sigaction sa = {.sa_handler = on_signal}; /* no SA_RESTART: accept/read return */
	struct stat st;
	int rc = 0;

	hdd_params_default(&s.params);
	parse_args(&s, argc, argv);
	s.fd = open(s.file, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (s.fd < 0) {
		fprintf(stderr, "nbd-hdd: cannot open '%s': %s\n", s.file, strerror(errno));
		return 1;
	}
	/* grow (sparsely) to the disk's size; a larger file is used only up to it */
	if (fstat(s.fd, &st) ||
	    ((uint64_t)st.st_size < s.params.size_bytes && ftruncate(s.fd, s.params.size_bytes))) {
		fprintf(stderr, "nbd-hdd: cannot size '%s': %s\n", s.file, strerror(errno));
		return 1;
	}
	if (s.log_path && !(s.log = fopen(s.log_path, "we"))) {
		fprintf(stderr, "nbd-hdd: cannot open log '%s': %s\n", s.log_path, strerror(errno));
		return 1;
	}
	if (s.log)
		setvbuf(s.log, NULL, _IOLBF, 0); /* readable while we run */
	s.buf = malloc(MAX_REQUEST_BYTES);
	if (s.fault_kind)
		s.written = calloc((s.fault_hi - s.fault_lo) / FAULT_BLOCK / 8 + 1, 1);
	if (!s.buf || (s.fault_kind && !s.written)) {
		fprintf(stderr, "nbd-hdd: out of memory\n");
		return 1;
	}
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	hdd_model_init(&s.model, &s.params);
	if (listen_on(&s))
		return 1;
	if (s.unix_path)
		printf("nbd-hdd: ready on unix:%s", s.unix_path);
	else
		printf("nbd-hdd: ready on 127.0.0.1:%d", s.port);
	printf(" size=%" PRIu64 " rpm=%g t2t_ms=%g full_ms=%g outer_mbs=%g inner_mbs=%g "
	       "buffer=%" PRIu64 " seed=%" PRIu64 "\n",
	       s.params.size_bytes, s.params.rpm, s.params.t2t_ms, s.params.full_ms,
	       s.params.outer_mb_s, s.params.inner_mb_s, s.params.buffer_bytes, s.params.seed);
	fflush(stdout);
	clock_gettime(CLOCK_MONOTONIC, &s.start);

	while (!stopping) {
		int c = accept4(s.listen_fd, NULL, NULL, SOCK_CLOEXEC), r, one = 1;

		if (c < 0) {
			if (errno == EINTR)
				continue;
			fprintf(stderr, "nbd-hdd: accept: %s\n", strerror(errno));
			rc = 1;
			break;
		}
		if (!s.unix_path)
			setsockopt(c, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
		r = handshake(&s, c);
		if (r > 0 && transmission(&s, c))
			fprintf(stderr,
				"nbd-hdd: connection dropped after a protocol or I/O error\n");
		else if (r < 0)
			fprintf(stderr, "nbd-hdd: handshake failed\n");
		close(c);
	}
	close(s.listen_fd);
	if (s.unix_path)
		unlink(s.unix_path);
	if (fsync(s.fd) || close(s.fd)) {
		fprintf(stderr, "nbd-hdd: cannot sync '%s': %s\n", s.file, strerror(errno));
		rc = 1;
	}
	if (s.log && fclose(s.log)) {
		fprintf(stderr, "nbd-hdd: cannot write log '%s'\n", s.log_path);
		rc = 1;
	}
	summary(&s);
	if (s.fault_kind)
		printf("nbd-hdd: faulted_reads=%" PRIu64 " (%s)\n", s.faulted_reads,
		       s.fault_kind == 1 ? "failed" : "corrupted");
	free(s.written);
	free(s.buf);
	return rc;
}
