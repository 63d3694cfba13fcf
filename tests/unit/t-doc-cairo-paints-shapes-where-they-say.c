/*
 * t-doc-cairo-paints-shapes-where-they-say - the painter puts each shape of a canvas where
 * its coordinates say: a filled rectangle covers its box and nothing outside it (shifted by
 * the canvas origin), text anchored at its end ends at its anchor, middle-anchored text
 * straddles it, vertical text is taller than wide, a dashed line leaves gaps a solid one does
 * not, shapes outside the canvas are clipped, shapes whose coordinates are not numbers are
 * left out (not the whole page); a chart's PNG is a PNG of the canvas's size.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "render/doc_cairo.h"
#include "render/paint.h"

#define W 300
#define H 200

struct ink {
	int n, x0, y0, x1, y1; /* count and bounding box of dark pixels */
};

/* Paint cv at (ox, oy) on white W x H pixels (1 px = 1 pt) and find the ink. */
static struct ink paint(const struct sp_canvas *cv, double ox, double oy)
{
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, W, H);
	cairo_t *cr = cairo_create(s);
	struct ink k = {0, W, H, -1, -1};
	unsigned char *px;
	int stride;

	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	CHECK(sp_canvas_paint(cr, cv, ox, oy) == 0);
	cairo_surface_flush(s);
	px = cairo_image_surface_get_data(s);
	stride = cairo_image_surface_get_stride(s);
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++) {
			uint32_t v;

			memcpy(&v, px + y * stride + 4 * x, 4);
			if ((v & 0xff) < 160) { /* the blue channel: dark in every colour used */
				k.n++;
				k.x0 = x < k.x0 ? x : k.x0, k.y0 = y < k.y0 ? y : k.y0;
				k.x1 = x > k.x1 ? x : k.x1, k.y1 = y > k.y1 ? y : k.y1;
			}
		}
	cairo_destroy(cr);
	cairo_surface_destroy(s);
	return k;
}

static struct sp_shape *text(struct sp_canvas *cv, const char *t, int anchor, int vertical)
{
	struct sp_shape *s = sp_canvas_add(cv, SP_SHAPE_TEXT, "label");

	sp_shape_set_text(s, t);
	s->x = 150, s->y = 100, s->font_pt = 12, s->anchor = anchor, s->vertical = vertical;
	return s;
}

int main(void)
{
	struct sp_canvas cv;
	struct sp_shape *s;
	struct ink k, solid = {0, 0, 0, 0, 0};

	/* a filled rectangle, the canvas placed at (10, 20) */
	sp_canvas_init(&cv, 200, 150);
	s = sp_canvas_add(&cv, SP_SHAPE_RECT, "bar");
	s->x = 30, s->y = 40, s->w = 50, s->h = 20, s->filled = 1, s->fill = 0x204060;
	k = paint(&cv, 10, 20);
	CHECK(k.n == 50 * 20);
	CHECK(k.x0 == 40 && k.x1 == 89 && k.y0 == 60 && k.y1 == 79);
	/* a shape beyond the canvas's box is clipped to it */
	s->w = 500;
	k = paint(&cv, 10, 20);
	CHECK(k.x1 == 209);
	sp_canvas_release(&cv);

	sp_canvas_init(&cv, W, H);
	text(&cv, "latency", 2, 0);
	k = paint(&cv, 0, 0);
	CHECK(k.n > 50);
	CHECK(k.x1 <= 150 && k.x1 >= 145 && k.x0 < 120); /* ends at its anchor */
	CHECK(k.y1 <= 103 && k.y0 >= 85);		 /* sits on its baseline */
	sp_canvas_release(&cv);

	sp_canvas_init(&cv, W, H);
	text(&cv, "latency", 1, 0);
	k = paint(&cv, 0, 0);
	CHECK(k.x0 < 140 && k.x1 > 160 && abs((k.x0 + k.x1) / 2 - 150) <= 2);
	sp_canvas_release(&cv);

	sp_canvas_init(&cv, W, H);
	s = text(&cv, "latency (us)", 0, 1);
	s->bold = 1;
	k = paint(&cv, 0, 0);
	CHECK(k.y1 - k.y0 > 3 * (k.x1 - k.x0)); /* rotated: runs upwards from its anchor */
	CHECK(k.y1 <= 101 && k.y0 < 40 && k.x1 <= 152);
	sp_canvas_release(&cv);

	/* a polyline, solid then dashed: the same extent, fewer pixels */
	for (int dashed = 0; dashed < 2; dashed++) {
		double pts[] = {20, 50, 280, 50};

		sp_canvas_init(&cv, W, H);
		s = sp_canvas_add(&cv, SP_SHAPE_LINE, "series");
		s->pts = malloc(sizeof(pts));
		memcpy(s->pts, pts, sizeof(pts));
		s->n_pts = 2, s->stroked = 1, s->stroke_pt = 2, s->dashed = dashed;
		k = paint(&cv, 0, 0);
		if (!dashed) {
			solid = k;
			CHECK(k.x0 == 20 && k.x1 == 279 && k.n >= 2 * 259);
		} else {
			CHECK(k.x0 == 20 && k.x1 > 260);
			CHECK(k.n < solid.n * 3 / 4 && k.n > solid.n / 4);
		}
		sp_canvas_release(&cv);
	}

	/* shapes with coordinates that are not numbers are left out, the rest still painted */
	{
		double pts[] = {10, 10, NAN, 20, 30, 30, 40, 10};

		sp_canvas_init(&cv, W, H);
		s = sp_canvas_add(&cv, SP_SHAPE_RECT, "bar");
		s->x = 10, s->y = NAN, s->w = 50, s->h = 20, s->filled = 1;
		s = sp_canvas_add(&cv, SP_SHAPE_RECT, "bar");
		s->x = 10, s->y = 10, s->w = INFINITY, s->h = 20, s->filled = 1;
		s = text(&cv, "nan", 0, 0);
		s->x = NAN;
		s = sp_canvas_add(&cv, SP_SHAPE_LINE, "series");
		s->pts = malloc(sizeof(pts));
		memcpy(s->pts, pts, sizeof(pts));
		s->n_pts = 4, s->stroked = 1;
		s = sp_canvas_add(&cv, SP_SHAPE_RECT, "bar");
		s->x = 200, s->y = 150, s->w = 10, s->h = 10, s->filled = 1;
		k = paint(&cv, 0, 0);
		CHECK(k.n >= 100 && k.x1 == 209 && k.y1 == 159);
		CHECK(k.x0 >= 29 && k.y0 >= 9);
		sp_canvas_release(&cv);
	}

	/* one chart as PNG: its signature and its pixel size (400 pt at scale 2) */
	{
		struct sp_chart *c = sp_chart_new(SP_CHART_BARS, "median", "us", NULL);
		char *buf = NULL;
		size_t n = 0;
		FILE *f = open_memstream(&buf, &n);
		unsigned w_px = 0;

		sp_chart_add_bar(c, "start", SP_CHART_G_DISK, 5800, "5.8 ms");
		CHECK(sp_chart_render_png(f, c, 400, 2) == 0);
		fclose(f);
		CHECK(n > 24 && !memcmp(buf, "\x89PNG\r\n\x1a\n", 8));
		if (n > 24)
			w_px = (unsigned)(unsigned char)buf[16] << 24 |
			       (unsigned char)buf[17] << 16 | (unsigned char)buf[18] << 8 |
			       (unsigned char)buf[19];
		CHECK(w_px == 800);
		free(buf);
		sp_chart_free(c);
	}
	return CHECK_DONE();
}
