/*
 * keep.c - what a title keeps with it on its page (see keep.h).
 */
#include "core/doc/keep.h"

double sp_keep_with_title(const struct sp_keep_block *next, size_t n, double page_h)
{
	double intro = 0;

	if (!next || !n || next[0].kind == SP_KEEP_TITLE)
		return 0;
	if (next[0].kind == SP_KEEP_FIGURE)
		return next[0].head_h;
	/* text first: with the figure it introduces when the introduction is short */
	for (size_t i = 0; i < n; i++) {
		if (next[i].kind == SP_KEEP_TITLE)
			break;
		if (next[i].kind == SP_KEEP_FIGURE)
			return intro + next[i].head_h;
		if (intro + next[i].h > page_h / 3)
			break;
		intro += next[i].h;
	}
	return next[0].head_h;
}
