/*
 * tools.c - the external programs, found by absolute path (see tools.h).
 */
#include "sys/tools.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "sys/log.h"

static struct {
	char name[32];
	char path[SP_TOOL_PATH_MAX];
} found[SP_TOOLS_MAX];
static size_t n_found;

/* A file root may run: a regular, executable file owned by root, writable by no one else. */
static int trusted(const char *path)
{
	struct stat st;

	if (stat(path, &st) < 0 || !S_ISREG(st.st_mode) || !(st.st_mode & S_IXUSR))
		return 0;
	return st.st_uid == 0 && !(st.st_mode & (S_IWGRP | S_IWOTH));
}

const char *sp_tool_path(const char *name)
{
	char path[SP_TOOL_PATH_MAX];
	const char *dirs = SP_TOOL_DIRS;

	if (!*name || strchr(name, '/') || strlen(name) >= sizeof(found[0].name))
		return NULL;
	for (size_t i = 0; i < n_found; i++)
		if (!strcmp(found[i].name, name))
			return found[i].path;
	while (*dirs) {
		size_t k = strcspn(dirs, ":");

		snprintf(path, sizeof(path), "%.*s/%s", (int)k, dirs, name);
		dirs += k + (dirs[k] == ':');
		if (!trusted(path)) {
			sp_debug("tools", "%s: not %s", name, path);
			continue;
		}
		if (n_found == SP_TOOLS_MAX)
			return NULL;
		snprintf(found[n_found].name, sizeof(found[0].name), "%s", name);
		snprintf(found[n_found].path, sizeof(found[0].path), "%s", path);
		sp_debug("tools", "%s: %s", name, path);
		return found[n_found++].path;
	}
	return NULL;
}

int sp_tools_find(const char *const *names, size_t n, struct sp_err *e)
{
	for (size_t i = 0; i < n; i++)
		if (!sp_tool_path(names[i]))
			return sp_err_set(
			    e, -ENOENT,
			    "%s not found in %s (a regular file owned by root that only "
			    "root can write)",
			    names[i], SP_TOOL_DIRS);
	return 0;
}

const char *sp_tool_at(size_t i, const char **path)
{
	if (i >= n_found)
		return NULL;
	*path = found[i].path;
	return found[i].name;
}
