/*
 * t-machine-serial-and-oom-baseline-say-what-was-measured - two facts that used to say more than
 * was known. The DMI serial: on a machine without DMI tables (the file is missing) the report
 * says "not reported by this machine's firmware", "not readable (root only)" only when the run
 * was not root and the file denied it, "not readable" for other failures, "-" for an older
 * report that did not record why; the state goes through report.json (null when not
 * recorded). The pressure verdict: a no-swap baseline OOM-killed before its first timed touch
 * gives no rate ("0 touches/s until then" was never measured), nor does its appendix line; one
 * killed after timed touches keeps its rate.
 */
#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check.h"
#include "core/doc/reportdoc.h"
#include "core/findings/analysis.h"
#include "core/findings/verdict.h"
#include "core/report/json_read.h"
#include "core/report/json_write.h"
#include "sys/machine.h"
#include "t-report-synthetic.h"
#include "t-reportdoc-helpers.h"

static struct sp_report r, back;
static struct sp_findings f;

static const char *serial_fact(const struct sp_report *rep)
{
	static char v[128];
	struct sp_doc d;
	long s;
	const struct sp_doc_block *fb;

	v[0] = '\0';
	sp_doc_init(&d);
	CHECK(sp_report_doc_build(&d, rep, NULL) == 0);
	s = doc_section(&d, "The machine and its disks");
	fb = doc_nth(&d, s, SP_DOC_FACTS, 0);
	for (size_t i = 0; fb && i < fb->n_facts; i++)
		if (!strcmp(fb->facts[i].key, "Serial"))
			snprintf(v, sizeof(v), "%s", fb->facts[i].value);
	sp_doc_release(&d);
	return v;
}

static void serial_state_from_the_read(void)
{
	CHECK_EQ_U64(sp_dmi_serial_state_of(8, 0), SP_DMI_SERIAL_READ);
	CHECK_EQ_U64(sp_dmi_serial_state_of(-ENOENT, 1), SP_DMI_SERIAL_NOT_REPORTED);
	CHECK_EQ_U64(sp_dmi_serial_state_of(-ENOENT, 0), SP_DMI_SERIAL_NOT_REPORTED);
	CHECK_EQ_U64(sp_dmi_serial_state_of(0, 1), SP_DMI_SERIAL_NOT_REPORTED);
	CHECK_EQ_U64(sp_dmi_serial_state_of(-EACCES, 0), SP_DMI_SERIAL_ROOT_ONLY);
	CHECK_EQ_U64(sp_dmi_serial_state_of(-EPERM, 0), SP_DMI_SERIAL_ROOT_ONLY);
	/* root denied (lockdown, an LSM) is not "root only" */
	CHECK_EQ_U64(sp_dmi_serial_state_of(-EACCES, 1), SP_DMI_SERIAL_UNREADABLE);
	CHECK_EQ_U64(sp_dmi_serial_state_of(-EIO, 0), SP_DMI_SERIAL_UNREADABLE);
}

static void machine_without_dmi(void)
{
	char root[] = "/tmp/t-serial-XXXXXX", p[128];
	struct sp_machine m;
	FILE *fp;

	CHECK(mkdtemp(root) != NULL);
	snprintf(p, sizeof(p), "%s/proc", root);
	CHECK(mkdir(p, 0755) == 0);
	snprintf(p, sizeof(p), "%s/proc/meminfo", root);
	fp = fopen(p, "w");
	CHECK(fp != NULL);
	if (fp) {
		fputs("MemTotal:        1024000 kB\nMemFree:          512000 kB\n", fp);
		fclose(fp);
	}
	/* no /sys/class/dmi at all: a VM without SMBIOS */
	CHECK(sp_machine_probe(root, &m) == 0);
	CHECK(m.have_dmi_serial_state == 1);
	CHECK_EQ_U64(m.dmi_serial_state, SP_DMI_SERIAL_NOT_REPORTED);
	CHECK_STR(m.dmi_serial, "");
	unlink(p);
	snprintf(p, sizeof(p), "%s/proc", root);
	rmdir(p);
	rmdir(root);
}

static void serial_fact_says_why(void)
{
	syn_build(&r);
	r.machine.dmi_serial[0] = '\0';
	r.machine.have_dmi_serial_state = 0;
	CHECK_STR(serial_fact(&r), "-");
	r.machine.have_dmi_serial_state = 1;
	r.machine.dmi_serial_state = SP_DMI_SERIAL_NOT_REPORTED;
	CHECK_STR(serial_fact(&r), "not reported by this machine's firmware");
	r.machine.dmi_serial_state = SP_DMI_SERIAL_ROOT_ONLY;
	CHECK_STR(serial_fact(&r), "not readable (root only)");
	r.machine.dmi_serial_state = SP_DMI_SERIAL_UNREADABLE;
	CHECK_STR(serial_fact(&r), "not readable");
	snprintf(r.machine.dmi_serial, sizeof(r.machine.dmi_serial), "PF1ABCDE");
	r.machine.dmi_serial_state = SP_DMI_SERIAL_READ;
	CHECK_STR(serial_fact(&r), "PF1ABCDE");
}

static void serial_state_through_json(void)
{
	struct sp_err e;
	char *buf = NULL;
	size_t len = 0;
	FILE *m;

	syn_build(&r);
	r.machine.have_dmi_serial_state = 1;
	r.machine.dmi_serial_state = SP_DMI_SERIAL_NOT_REPORTED;
	m = open_memstream(&buf, &len);
	CHECK(m != NULL);
	CHECK(sp_report_json_write(m, &r, NULL) == 0);
	fclose(m);
	CHECK(strstr(buf, "\"dmi_serial_state\": \"not_reported\"") != NULL);
	sp_err_init(&e);
	CHECK(sp_report_json_parse(buf, len, &back, &e) == 0);
	CHECK(back.machine.have_dmi_serial_state == 1);
	CHECK_EQ_U64(back.machine.dmi_serial_state, SP_DMI_SERIAL_NOT_REPORTED);
	free(buf);

	/* not recorded: null, read back as not recorded */
	r.machine.have_dmi_serial_state = 0;
	buf = NULL;
	m = open_memstream(&buf, &len);
	CHECK(m != NULL);
	CHECK(sp_report_json_write(m, &r, NULL) == 0);
	fclose(m);
	CHECK(strstr(buf, "\"dmi_serial_state\": null") != NULL);
	CHECK(sp_report_json_parse(buf, len, &back, &e) == 0);
	CHECK(back.machine.have_dmi_serial_state == 0);
	free(buf);
}

static void pressure_sentence(const char *want)
{
	char s[1024];

	CHECK(sp_analyse(&r, &f) == 0);
	CHECK(f.none >= 0);
	CHECK(sp_verdict_sentence(&r, &f, SP_VERDICT_PRESSURE, s, sizeof(s)) == 0);
	CHECK(strstr(s, want) != NULL);
	if (!strstr(s, want))
		fprintf(stderr, "sentence: %s\n", s);
	CHECK(strstr(s, " 0 touches/s") == NULL);
}

static void oom_baseline_rate(void)
{
	struct sp_pressure_probe *p;

	syn_build(&r);
	p = &r.results[syn_index(&r, "none")].pressure_probe;
	/* killed after 20 s of timed touches: the rate until then was measured */
	pressure_sentence("without swap the workload over its memory limit was OOM-killed "
			  "(51234 touches/s until then); with zram-lz4");
	/* killed while it filled its memory: no touch timed */
	p->touches = 0;
	p->touches_per_s = 0;
	p->duration_s = 0;
	pressure_sentence("without swap the workload over its memory limit was OOM-killed "
			  "before its first timed touch, so no rate was measured; with zram-lz4 "
			  "it ran at 612000 touches/s");
	/* the appendix says so too, not "0 touches, 0/s" */
	{
		char *buf = NULL;
		size_t len = 0;
		FILE *m = open_memstream(&buf, &len);

		CHECK(m != NULL);
		CHECK(sp_report_text_write(m, &r, NULL) == 0);
		fclose(m);
		CHECK(strstr(buf, "               0 timed touches: no rate, no latency\n") != NULL);
		CHECK(strstr(buf, "0 touches, 0/s") == NULL);
		free(buf);
	}
}

int main(void)
{
	serial_state_from_the_read();
	machine_without_dmi();
	serial_fact_says_why();
	serial_state_through_json();
	oom_baseline_rate();
	return CHECK_DONE();
}
