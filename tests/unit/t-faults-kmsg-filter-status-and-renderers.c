/*
 * t-faults-kmsg-filter-status-and-renderers - the pure half of item 4 (faults): a /dev/kmsg
 * record is parsed and kept only when it says an I/O error or names the placement's device; a
 * result with an error, or with corrupted pages, is failed and never ranked by latency (an old
 * report that still says ok with mismatches included), corruption is the first verdict; the
 * error and the kernel's lines reach report.json (and back), report.txt, summary.csv and the
 * document the HTML and PDF are painted from.
 */
#include <errno.h>
#include <stdlib.h>

#include "check.h"
#include "core/doc/reportdoc.h"
#include "core/findings/analysis.h"
#include "core/measure/kmsg.h"
#include "core/model/report.h"
#include "core/plan/placements.h"
#include "core/report/report_csv.h"
#include "core/report/report_json.h"
#include "t-report-synthetic.h"
#include "t-reportdoc-helpers.h"

static struct sp_report r, back;
static struct sp_findings f;

/* records as a 6.x kernel writes them (block/blk-core.c, mm/page_io.c, drivers/scsi) */
#define REC_IO                                                                                     \
	"3,4711,123456789,-;I/O error, dev sdb, sector 6291464 op 0x0:(READ) flags 0x0\n"          \
	" SUBSYSTEM=block\n DEVICE=b8:16\n"

static void parse(void)
{
	struct sp_kmsg_rec k;
	char line[SP_KLOG_LINE], tiny[24];

	CHECK(sp_kmsg_parse(REC_IO, strlen(REC_IO), &k) == 0);
	CHECK(k.level == 3);
	CHECK_EQ_U64(k.seq, 4711);
	CHECK_EQ_U64(k.ts_us, 123456789);
	/* the text ends at the first newline: the dictionary lines are not part of it */
	CHECK(k.msg_len == strlen("I/O error, dev sdb, sector 6291464 op 0x0:(READ) flags 0x0"));
	sp_kmsg_format(&k, line, sizeof(line));
	CHECK_STR(line,
		  "[  123.456789] I/O error, dev sdb, sector 6291464 op 0x0:(READ) flags 0x0");
	/* cut to fit, never mid-way through a UTF-8 sequence; control bytes made spaces */
	{
		static const char rec[] = "6,1,2000000,-;a\tb\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9";

		CHECK(sp_kmsg_parse(rec, sizeof(rec) - 1, &k) == 0);
		sp_kmsg_format(&k, tiny, sizeof(tiny));
		CHECK_STR(tiny, "[    2.000000] a b\xc3\xa9\xc3\xa9");
	}
	/* a facility in the priority (PRI = facility * 8 + level) keeps only the level */
	CHECK(sp_kmsg_parse("30,5,6,-;x", 10, &k) == 0 && k.level == 6);
	/* extra fields after the flags are allowed (caller id on some kernels) */
	CHECK(sp_kmsg_parse("4,5,6,-,caller=T1;x", 19, &k) == 0 && k.msg_len == 1);
	CHECK(sp_kmsg_parse("no semicolon", 12, &k) == -EINVAL);
	CHECK(sp_kmsg_parse("3,12;x", 6, &k) == -EINVAL);
	CHECK(sp_kmsg_parse("3,x,5,-;m", 9, &k) == -EINVAL);
	CHECK(sp_kmsg_parse(";m", 2, &k) == -EINVAL);
}

static int rel(const char *msg, const char *part, const char *disk)
{
	const char *devs[2] = {part, disk};

	return sp_kmsg_relevant(msg, strlen(msg), devs, 2);
}

static void filter(void)
{
	/* the I/O error words are kept whatever device they name */
	CHECK(rel("I/O error, dev sdc, sector 8 op 0x0:(READ)", "sdb2", "sdb"));
	CHECK(rel("Buffer I/O error on dev sdb2, logical block 0, async page read", "", ""));
	CHECK(rel("blk_update_request: I/O error, dev sda, sector 2048", NULL, NULL));
	CHECK(rel("Read-error on swap-device (8:16:6291472)", "zram1", ""));
	CHECK(rel("Write-error on swap-device (8:16:6291472)", "", ""));
	CHECK(rel("sd 2:0:0:0: [sdb] tag#0 Sense Key : Medium Error [current]", "", "sdb"));
	CHECK(rel("sd 2:0:0:0: rejecting I/O to offline device", "", ""));
	/* the device by name, as a word: "sdb" in "sdb:" and "sdb2", not in "sdba" */
	CHECK(rel(" sdb: sdb1 sdb2 sdb3", "sdb2", "sdb"));
	CHECK(rel("Adding 163836k swap on /dev/sdb2.  Priority:32767", "sdb2", "sdb"));
	CHECK(!rel("sdba: unknown partition table", "sdb2", "sdb"));
	CHECK(!rel("EXT4-fs (sda1): mounted filesystem", "sdb2", "sdb"));
	CHECK(!rel("usb 2-1: new SuperSpeed USB device number 2", "", ""));
	CHECK(!rel("zram1: detected capacity change", "", ""));
	/* whose error it is: by name, or by the swap area's device number */
	{
		static const char *const devs[2] = {"sdb2", "sdb"};
		static const char *l1 = "I/O error, dev sdb, sector 8 op 0x0:(READ)";
		static const char *l2 = "I/O error, dev sdc, sector 8 op 0x0:(READ)";
		static const char *l3 = "Read-error on swap-device (8:18:6088)";

		CHECK(sp_kmsg_about(l1, strlen(l1), devs, 2, "8:18"));
		CHECK(!sp_kmsg_about(l2, strlen(l2), devs, 2, "8:18"));
		CHECK(sp_kmsg_about(l3, strlen(l3), devs, 2, "8:18"));
		CHECK(!sp_kmsg_about(l3, strlen(l3), devs, 2, "8:1"));
		CHECK(!sp_kmsg_about(l3, strlen(l3), devs, 2, ""));
	}
	CHECK(sp_kmsg_says_io_error("x I/O error y", 13));
	CHECK(!sp_kmsg_says_io_error("Adding swap on /dev/sdb2", 24));
}

static void status(void)
{
	struct sp_outcome o = {.fault_time_s = 10};
	struct sp_result x;

	memset(&x, 0, sizeof(x));
	x.id = sp_placement_id_of(SP_PL_END, -1);
	x.fault_probe.done = 1;
	x.fault_probe.lat.samples = x.fault_probe.touches = x.fault_probe.real_swapins = 1000;
	x.pressure_probe.done = 1;
	CHECK(sp_result_status(&x, &o) == SP_STATUS_OK);
	snprintf(x.error, sizeof(x.error), "the disk '/dev/sdb' disappeared");
	CHECK(sp_result_status(&x, &o) == SP_STATUS_FAILED);
	sp_result_settle(&x, &o);
	CHECK(x.status == SP_STATUS_FAILED);
	CHECK_STR(x.error, "the disk '/dev/sdb' disappeared");
	/* wrong bytes: failed, with an error that says corruption and the numbers */
	x.error[0] = '\0';
	x.integrity.pages_checked = 5000;
	x.integrity.mismatches = 3;
	sp_result_settle(&x, &o);
	CHECK(x.status == SP_STATUS_FAILED);
	CHECK(strstr(x.error, "corruption: 3 of 5000 pages") != NULL);
}

static char *text_of(const struct sp_report *rep)
{
	char *buf = NULL;
	size_t len;
	FILE *m = open_memstream(&buf, &len);

	CHECK(sp_report_text_write(m, rep, NULL) == 0);
	fclose(m);
	return buf;
}

static int idx(const char *name)
{
	return syn_index(&r, name);
}

static int ranked(const struct sp_findings *fi, int i)
{
	for (size_t k = 0; k < fi->n_ranked; k++)
		if (fi->ranked[k] == i)
			return 1;
	return 0;
}

static void renderers(void)
{
	struct sp_result *end, *file;
	struct sp_err pe;
	char *t, *json = NULL, *dt;
	size_t len;
	FILE *m;
	struct sp_doc d;

	syn_build(&r);
	end = &r.results[idx("end")];
	file = &r.results[idx("file")];
	CHECK(sp_analyse(&r, &f) == 0 && ranked(&f, idx("end")) && ranked(&f, idx("file")));
	/* end: an I/O error with the kernel's lines */
	end->status = SP_STATUS_FAILED;
	snprintf(end->error, sizeof(end->error),
		 "I/O error: 1 worker was killed by SIGBUS "
		 "(a page could not be read back from '/dev/sda2')");
	end->n_kernel_log = 2;
	snprintf(end->kernel_log[0], SP_KLOG_LINE,
		 "[   41.000001] I/O error, dev sda, sector "
		 "6291464 op 0x0:(READ) flags 0x0 phys_seg 1 prio class 2");
	snprintf(end->kernel_log[1], SP_KLOG_LINE,
		 "[   41.000002] Read-error on swap-device "
		 "(8:0:6291472)");
	/* file: an old report that said ok although pages came back wrong */
	file->integrity.mismatches = 7;
	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(!ranked(&f, idx("end")));
	CHECK(!ranked(&f, idx("file"))); /* corruption is never a latency */
	CHECK(f.n_verdict > 0 && f.verdict[0] == SP_VERDICT_INTEGRITY_BAD);

	t = text_of(&r);
	CHECK(strstr(t, "\nend: failed, ") != NULL); /* its heading in the appendix */
	/* every line of report.txt fits 80 columns with the kernel's long lines */
	for (const char *l = t; *l;) {
		const char *nl = strchr(l, '\n');
		size_t n = nl ? (size_t)(nl - l) : strlen(l);

		CHECK(n <= 80);
		l += n + (nl != NULL);
	}
	CHECK(strstr(t, "  ERROR        I/O error: 1 worker was killed by SIGBUS") != NULL);
	CHECK(strstr(t, "  kernel log   [   41.000001] I/O error, dev sda, sector") != NULL);
	CHECK(strstr(t, "Read-error on swap-device (8:0:6291472)") != NULL);
	free(t);
	/* hostile: the longest error and lines without a space still fit */
	memset(file->error, 'E', sizeof(file->error) - 1);
	file->n_kernel_log = SP_KLOG_MAX;
	for (int k = 0; k < SP_KLOG_MAX; k++) {
		memset(file->kernel_log[k], 'k', SP_KLOG_LINE - 1);
		file->kernel_log[k][SP_KLOG_LINE - 1] = '\0';
	}
	t = text_of(&r);
	for (const char *l = t; *l;) {
		const char *nl = strchr(l, '\n');
		size_t n = nl ? (size_t)(nl - l) : strlen(l);

		CHECK(n <= 80);
		l += n + (nl != NULL);
	}
	free(t);
	file->error[0] = '\0';
	file->n_kernel_log = 0;

	m = open_memstream(&json, &len);
	CHECK(sp_report_json_write(m, &r, NULL) == 0);
	fclose(m);
	CHECK(strstr(json, "\"error\": \"I/O error: 1 worker was killed by SIGBUS") != NULL);
	CHECK(strstr(json, "\"kernel_log\": [") != NULL);
	CHECK(sp_report_json_parse(json, len, &back, &pe) == 0);
	CHECK_STR(back.results[idx("end")].error, end->error);
	CHECK_EQ_U64(back.results[idx("end")].n_kernel_log, 2);
	CHECK_STR(back.results[idx("end")].kernel_log[1], end->kernel_log[1]);
	CHECK_EQ_U64(back.results[idx("start")].n_kernel_log, 0);
	CHECK_STR(back.results[idx("start")].error, "");
	free(json);

	/* summary.csv: the error leads the placement's reason cell */
	m = open_memstream(&json, &len);
	CHECK(sp_report_csv_write(m, &r, NULL) == 0);
	fclose(m);
	CHECK(strstr(json, "ERROR: I/O error: 1 worker was killed by SIGBUS") != NULL);
	free(json);

	/* the document HTML and PDF are painted from: the error in the ranking table, the
	 * kernel's lines in the raw figures */
	sp_doc_init(&d);
	CHECK(sp_report_doc_build(&d, &r, &f) == 0);
	dt = doc_text(&d);
	CHECK(strstr(dt, "ERROR: I/O error: 1 worker was killed by SIGBUS") != NULL);
	CHECK(strstr(dt, "Read-error on swap-device (8:0:6291472)") != NULL);
	free(dt);
	sp_doc_release(&d);
}

int main(void)
{
	parse();
	filter();
	status();
	renderers();
	return CHECK_DONE();
}
