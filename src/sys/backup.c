/*
 * backup.c - the partition table dump, the two raw ranges read past the page cache, and the
 * backup directory written complete or not at all (see backup.h).
 */
#include "sys/backup.h"

#include <errno.h>
#include <fcntl.h>
#include <libfdisk.h>
#include <limits.h>
#include <linux/fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "sys/log.h"
#include "sys/sysfs.h"

int sp_backup_table_dump(const char *dev, char **text, char *label, size_t label_len)
{
	struct fdisk_context *cxt = fdisk_new_context();
	struct fdisk_script *dp = NULL;
	char *buf = NULL;
	size_t n = 0;
	FILE *mem;
	int ret;

	*text = NULL;
	if (!cxt)
		return -ENOMEM;
	fdisk_disable_dialogs(cxt, 1); /* a damaged table is dumped as found, never asked about */
	ret = fdisk_assign_device(cxt, dev, 1);
	if (ret) {
		fdisk_unref_context(cxt);
		return ret < 0 ? ret : -EIO;
	}
	if (!fdisk_has_label(cxt)) {
		fdisk_unref_context(cxt);
		snprintf(label, label_len, "none");
		*text = strdup(SP_BACKUP_NO_TABLE);
		return *text ? 0 : -ENOMEM;
	}
	snprintf(label, label_len, "%s", fdisk_label_get_name(fdisk_get_label(cxt, NULL)));
	mem = open_memstream(&buf, &n);
	dp = fdisk_new_script(cxt);
	if (!mem || !dp)
		ret = -ENOMEM;
	if (!ret)
		ret = fdisk_script_read_context(dp, NULL);
	if (!ret)
		ret = fdisk_script_write_file(dp, mem);
	if (mem && fclose(mem) && !ret)
		ret = -EIO;
	fdisk_unref_script(dp);
	fdisk_unref_context(cxt);
	if (ret) {
		free(buf);
		return ret < 0 ? ret : -EIO;
	}
	*text = buf;
	return 0;
}

int sp_backup_read_range(const char *dev, uint64_t off, uint64_t len, void *buf)
{
	int fd = open(dev, O_RDONLY | O_DIRECT | O_CLOEXEC);
	uint64_t done = 0;

	if (fd < 0 && errno == EINVAL) {
		/* no O_DIRECT here: drop the device's cached pages so the read goes to it */
		fd = open(dev, O_RDONLY | O_CLOEXEC);
		if (fd >= 0 && ioctl(fd, BLKFLSBUF, 0) < 0)
			sp_debug("backup", "%s: BLKFLSBUF: %s", dev, strerror(errno));
	}
	if (fd < 0)
		return -errno;
	while (done < len) {
		ssize_t n = pread(fd, (char *)buf + done, len - done, (off_t)(off + done));

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			int ret = n < 0 ? -errno : -EIO;

			close(fd);
			return ret;
		}
		done += (uint64_t)n;
	}
	close(fd);
	return 0;
}

/* path's contents written and fsynced (a new file: O_EXCL) */
static int write_file(const char *path, const void *data, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	size_t done = 0;
	int ret = 0;

	if (fd < 0)
		return -errno;
	while (done < len && !ret) {
		ssize_t n = write(fd, (const char *)data + done, len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			ret = n < 0 ? -errno : -EIO;
		else
			done += (size_t)n;
	}
	if (!ret && fsync(fd) < 0)
		ret = -errno;
	if (close(fd) < 0 && !ret)
		ret = -errno;
	return ret;
}

/* dir/file into p; -ENAMETOOLONG rather than a cut path */
static int join(char *p, size_t len, const char *dir, const char *file)
{
	int n = snprintf(p, len, "%s/%s", dir, file);

	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

static void remove_tmp(const char *tmp)
{
	static const char *const files[] = {SP_BACKUP_IDENTITY, SP_BACKUP_TABLE, SP_BACKUP_FIRST,
					    SP_BACKUP_LAST};
	char p[PATH_MAX];

	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		if (!join(p, sizeof(p), tmp, files[i]))
			unlink(p);
	}
	rmdir(tmp);
}

/* the four files into tmp, each fsynced; e says which one failed */
static int fill_tmp(const char *tmp, const char *dev, struct sp_backup_identity *id,
		    struct sp_err *e)
{
	unsigned char *first = NULL, *last = NULL;
	char *table = NULL, *ident = NULL, p[PATH_MAX];
	size_t ident_len = 0;
	FILE *mem;
	int ret;

	ret = sp_backup_table_dump(dev, &table, id->table, sizeof(id->table));
	if (ret < 0)
		return sp_err_sys(e, ret, "reading the partition table of '%s'", dev);
	if (posix_memalign((void **)&first, 4096, id->first_bytes) ||
	    posix_memalign((void **)&last, 4096, id->last_bytes)) {
		ret = sp_err_set(e, -ENOMEM, NULL);
		goto out;
	}
	ret = sp_backup_read_range(dev, id->first_offset, id->first_bytes, first);
	if (!ret)
		ret = sp_backup_read_range(dev, id->last_offset, id->last_bytes, last);
	if (ret < 0) {
		sp_err_sys(e, ret, "reading the first and last MiB of '%s'", dev);
		goto out;
	}
	id->saved = time(NULL);
	mem = open_memstream(&ident, &ident_len);
	if (!mem) {
		ret = sp_err_set(e, -ENOMEM, NULL);
		goto out;
	}
	ret = sp_backup_identity_write(mem, id);
	if (fclose(mem) && !ret)
		ret = -EIO;
	if (ret < 0) {
		sp_err_set(e, ret, NULL);
		goto out;
	}
	ret = join(p, sizeof(p), tmp, SP_BACKUP_TABLE);
	if (!ret)
		ret = write_file(p, table, strlen(table));
	if (!ret && !(ret = join(p, sizeof(p), tmp, SP_BACKUP_FIRST)))
		ret = write_file(p, first, id->first_bytes);
	if (!ret && !(ret = join(p, sizeof(p), tmp, SP_BACKUP_LAST)))
		ret = write_file(p, last, id->last_bytes);
	/* the identity last: a directory with one says every other file was written */
	if (!ret && !(ret = join(p, sizeof(p), tmp, SP_BACKUP_IDENTITY)))
		ret = write_file(p, ident, ident_len);
	if (ret < 0)
		sp_err_sys(e, ret, "writing '%s'", p);
out:
	free(first);
	free(last);
	free(table);
	free(ident);
	return ret;
}

int sp_backup_save(const char *out_dir, const struct sp_device_info *d,
		   struct sp_backup_entry *entry, struct sp_err *e)
{
	struct sp_backup_identity id;
	char name[64], tmp[PATH_MAX], dir[PATH_MAX];
	struct stat st;
	int ret;

	memset(entry, 0, sizeof(*entry));
	ret = sp_backup_identity_of(d, &id);
	if (ret < 0)
		return sp_err_set(e, ret, "'%s' has no usable size (%llu bytes in %u-byte sectors)",
				  d->path, (unsigned long long)d->size_bytes, d->logical_sector);
	if (sp_backup_dir_name(d->name, name, sizeof(name)) < 0 ||
	    strlen(name) >= sizeof(entry->dir) ||
	    (size_t)snprintf(dir, sizeof(dir), "%s/%s", out_dir, name) >= sizeof(dir) ||
	    (size_t)snprintf(tmp, sizeof(tmp), "%s/.%s.tmp-%ld", out_dir, name, (long)getpid()) >=
		sizeof(tmp))
		return sp_err_set(e, -ENAMETOOLONG, "the backup's path in '%s' is too long",
				  out_dir);
	if (lstat(dir, &st) == 0)
		return sp_err_set(e, -EEXIST,
				  "'%s' holds a backup already (an earlier run's, of "
				  "the disk as it was then): give another --out",
				  dir);
	remove_tmp(tmp); /* a leftover of a run with our pid that was killed */
	if (mkdir(tmp, 0700) < 0)
		return sp_err_sys(e, -errno, "making '%s'", tmp);
	ret = fill_tmp(tmp, d->path, &id, e);
	if (!ret && (ret = sp_fsync_dir(tmp)) < 0)
		sp_err_sys(e, ret, "fsync '%s'", tmp);
	if (!ret && rename(tmp, dir) < 0)
		ret = sp_err_sys(e, -errno, "renaming '%s' to '%s'", tmp, dir);
	if (ret < 0) {
		remove_tmp(tmp);
		return ret;
	}
	ret = sp_fsync_dir(out_dir);
	if (ret < 0)
		return sp_err_sys(e, ret, "fsync '%s'", out_dir);
	snprintf(entry->device, sizeof(entry->device), "%s", d->path);
	snprintf(entry->table, sizeof(entry->table), "%s", id.table);
	memcpy(entry->dir, name, strlen(name) + 1); /* it fits: checked above */
	return 0;
}

/* path's whole contents into a buffer of want bytes (aligned), or NUL-terminated text when
 * want is 0; -EINVAL when a sized file has another length */
static int read_file(const char *path, uint64_t want, void **out, struct sp_err *e)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	char *buf = NULL;
	size_t len, done = 0;

	*out = NULL;
	if (fd < 0)
		return sp_err_sys(e, -errno, "'%s'", path);
	if (fstat(fd, &st) < 0) {
		close(fd);
		return sp_err_sys(e, -errno, "'%s'", path);
	}
	if (want && (uint64_t)st.st_size != want) {
		close(fd);
		return sp_err_set(e, -EINVAL, "'%s' has %lld bytes, the identity says %llu", path,
				  (long long)st.st_size, (unsigned long long)want);
	}
	len = want ? want : (size_t)st.st_size;
	if (want ? posix_memalign((void **)&buf, 4096, len) : !(buf = malloc(len + 1))) {
		close(fd);
		return sp_err_set(e, -ENOMEM, NULL);
	}
	while (done < len) {
		ssize_t n = read(fd, buf + done, len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			int ret = n < 0 ? -errno : -EINVAL;

			free(buf);
			close(fd);
			return sp_err_sys(e, ret, "reading '%s'", path);
		}
		done += (size_t)n;
	}
	close(fd);
	if (!want)
		buf[len] = '\0';
	*out = buf;
	return 0;
}

int sp_backup_load(const char *dir, struct sp_backup *b, struct sp_err *e)
{
	char p[PATH_MAX];
	void *text = NULL;
	int ret;

	memset(b, 0, sizeof(*b));
	if (join(p, sizeof(p), dir, SP_BACKUP_IDENTITY) < 0)
		return sp_err_set(e, -ENAMETOOLONG, "'%s' is too long a path", dir);
	ret = read_file(p, 0, &text, e);
	if (ret < 0)
		return ret;
	ret = sp_backup_identity_parse(text, &b->id, e);
	free(text);
	if (ret < 0)
		return sp_err_prefix(e, ret, "'%s'", p);
	if (join(p, sizeof(p), dir, SP_BACKUP_TABLE) < 0)
		return sp_err_set(e, -ENAMETOOLONG, "'%s' is too long a path", dir);
	ret = read_file(p, 0, &text, e);
	if (ret < 0)
		return ret;
	b->table = text;
	if (join(p, sizeof(p), dir, SP_BACKUP_FIRST) < 0)
		return sp_err_set(e, -ENAMETOOLONG, "'%s' is too long a path", dir);
	ret = read_file(p, b->id.first_bytes, &text, e);
	if (ret < 0)
		return ret;
	b->first = text;
	if (join(p, sizeof(p), dir, SP_BACKUP_LAST) < 0)
		return sp_err_set(e, -ENAMETOOLONG, "'%s' is too long a path", dir);
	ret = read_file(p, b->id.last_bytes, &text, e);
	if (ret < 0)
		return ret;
	b->last = text;
	return 0;
}

void sp_backup_free(struct sp_backup *b)
{
	free(b->table);
	free(b->first);
	free(b->last);
	b->table = NULL;
	b->first = b->last = NULL;
}
