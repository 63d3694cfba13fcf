/*
 * devices-dump - prints what sp_devices_scan (or sp_device_find) reports, one device per line
 * of tab-separated key=value fields, so root tests can grep the live machine's view.
 *   devices-dump [--root DIR] [--find PATH]
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sys/devices.h"

static void print(const struct sp_device_info *d)
{
	printf("name=%s\tpath=%s\tsize=%llu\tlogical=%u\tphysical=%u\trotational=%d\t"
	       "transport=%s\tserial=%s\tmodel=%s\tby_id=%s\tpartition=%d\tpartitions=%s\t"
	       "signatures=%s\tunsafe=%d\treason=%s\n",
	       d->name, d->path, (unsigned long long)d->size_bytes, d->logical_sector,
	       d->physical_sector, d->rotational, d->transport, d->serial, d->model, d->by_id,
	       d->is_partition, d->partitions, d->signatures, d->unsafe, d->unsafe_reason);
}

int main(int argc, char **argv)
{
	static struct sp_sys_facts f;
	static struct sp_device_info devs[SP_MAX_DEVICES];
	const char *root = "", *find = NULL;
	size_t n;
	int r;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--root") == 0 && i + 1 < argc)
			root = argv[++i];
		else if (strcmp(argv[i], "--find") == 0 && i + 1 < argc)
			find = argv[++i];
		else {
			fprintf(stderr, "usage: devices-dump [--root DIR] [--find PATH]\n");
			return 2;
		}
	}
	r = sp_facts_gather(root, &f);
	if (r) {
		fprintf(stderr, "devices-dump: cannot gather facts: %s\n", strerror(-r));
		return 1;
	}
	if (find) {
		r = sp_device_find(root, &f, find, &devs[0]);
		if (r) {
			fprintf(stderr, "devices-dump: '%s': %s\n", find, strerror(-r));
			return 1;
		}
		print(&devs[0]);
		return 0;
	}
	r = sp_devices_scan(root, &f, devs, SP_MAX_DEVICES, &n);
	if (r && r != -E2BIG) {
		fprintf(stderr, "devices-dump: scan: %s\n", strerror(-r));
		return 1;
	}
	for (size_t i = 0; i < n; i++)
		print(&devs[i]);
	return 0;
}
