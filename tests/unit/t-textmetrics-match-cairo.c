/*
 * t-textmetrics-match-cairo - the core's table of DejaVu advance widths (no font opened) gives
 * the widths cairo measures with the real fonts, within 1 %, for all three faces and sizes the
 * report uses; and sp_text_fit breaks lines after spaces, never inside a UTF-8 sequence.
 * Skips (77) when fontconfig resolves "DejaVu Sans" to another face (fonts-dejavu-core absent).
 */
#include <cairo.h>
#include <string.h>

#include "check.h"
#include "core/doc/textmetrics.h"

static const char *const samples[] = {
    "start",
    "swap-in median (us)",
    "zram-lz4 5.8 ms [5.1 .. 6.4]",
    "The quick brown fox jumps over the lazy dog.",
    "WWW MMM iii lll ||| ...",
    "0123456789 %/(),;:!?\"'#$&*+<=>@[\\]^_`{|}~",
    "end-of-disk partition, HDD ST1000DM003-1ER162 (SATA, rotational)",
    "x",
    " ",
};

static cairo_t *cr_for(cairo_surface_t *sf)
{
	cairo_t *cr = cairo_create(sf);
	cairo_font_options_t *fo = cairo_font_options_create();

	/* what a PDF surface does: advances unrounded (an image surface rounds to pixels) */
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_set_font_options(cr, fo);
	cairo_font_options_destroy(fo);
	return cr;
}

static double cairo_width(cairo_t *cr, const char *family, int bold, double size, const char *s)
{
	cairo_text_extents_t e;

	cairo_select_font_face(cr, family, CAIRO_FONT_SLANT_NORMAL,
			       bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, size);
	cairo_text_extents(cr, s, &e);
	return e.x_advance;
}

int main(void)
{
	cairo_surface_t *sf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 64, 64);
	cairo_t *cr = cr_for(sf);
	static const double sizes[] = {7, 8, 9.5, 12, 18};
	size_t next, n;
	const char *s;

	/* a face that is not DejaVu (no fonts-dejavu-core): the comparison means nothing */
	if (cairo_width(cr, "DejaVu Sans Mono", 0, 2048, "i") != 1233 ||
	    cairo_width(cr, "DejaVu Sans", 0, 2048, "a") != 1255) {
		printf("skip: fontconfig does not give DejaVu (install fonts-dejavu-core)\n");
		return 77;
	}
	for (size_t i = 0; i < sizeof(samples) / sizeof(samples[0]); i++)
		for (size_t k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
			CHECK_NEAR(sp_text_width_pt(SP_FONT_SANS, sizes[k], samples[i]),
				   cairo_width(cr, "DejaVu Sans", 0, sizes[k], samples[i]), 0.01);
			CHECK_NEAR(sp_text_width_pt(SP_FONT_SANS_BOLD, sizes[k], samples[i]),
				   cairo_width(cr, "DejaVu Sans", 1, sizes[k], samples[i]), 0.01);
			CHECK_NEAR(sp_text_width_pt(SP_FONT_MONO, sizes[k], samples[i]),
				   cairo_width(cr, "DejaVu Sans Mono", 0, sizes[k], samples[i]),
				   0.01);
		}
	/* bold is wider than regular, and the faces differ glyph by glyph (not one average) */
	CHECK(sp_text_width_pt(SP_FONT_SANS_BOLD, 10, "start") >
	      sp_text_width_pt(SP_FONT_SANS, 10, "start"));
	CHECK(sp_text_width_pt(SP_FONT_SANS, 10, "WWWW") >
	      2 * sp_text_width_pt(SP_FONT_SANS, 10, "iiii"));
	CHECK(sp_text_width_pt(SP_FONT_SANS, 10, "") == 0);
	CHECK(sp_text_width_pt(SP_FONT_SANS, 10, NULL) == 0);

	/* non-ASCII: one average glyph per code point, however many bytes it takes */
	CHECK_NEAR(sp_text_width_pt(SP_FONT_SANS, 10, "\xc2\xb5s"), /* "µs" */
		   sp_text_width_pt(SP_FONT_SANS, 10, "as") +
		       sp_text_width_pt(SP_FONT_SANS, 10, "\xe2\x80\x94") -
		       sp_text_width_pt(SP_FONT_SANS, 10, "a"),
		   1e-9);
	CHECK(sp_text_width_pt(SP_FONT_SANS, 10, "\xe2\x80\x94") > 4 &&
	      sp_text_width_pt(SP_FONT_SANS, 10, "\xe2\x80\x94") < 8);
	/* ... and within 35 % of what cairo draws for common ones (an average, not a table) */
	CHECK_NEAR(sp_text_width_pt(SP_FONT_SANS, 10, "\xc3\xa9\xc3\xbc\xc3\xb1\xc2\xb5"),
		   cairo_width(cr, "DejaVu Sans", 0, 10, "\xc3\xa9\xc3\xbc\xc3\xb1\xc2\xb5"), 0.35);

	/* fit: breaks after a space, the next line starts past the spaces */
	s = "swap-in median of the start partition";
	n = sp_text_fit(SP_FONT_SANS, 10, s, strlen(s),
			sp_text_width_pt(SP_FONT_SANS, 10, "swap-in median of th"), &next);
	CHECK_EQ_U64(n, strlen("swap-in median of"));
	CHECK_EQ_U64(next, strlen("swap-in median of "));
	/* the whole string fits */
	n = sp_text_fit(SP_FONT_SANS, 10, s, strlen(s), 1000, &next);
	CHECK_EQ_U64(n, strlen(s));
	CHECK_EQ_U64(next, strlen(s));
	/* a word longer than the line is cut, at least one code point per line */
	s = "abcdefghijklmnop";
	n = sp_text_fit(SP_FONT_SANS, 10, s, strlen(s), sp_text_width_pt(SP_FONT_SANS, 10, "abcd"),
			&next);
	CHECK_EQ_U64(n, 4);
	CHECK_EQ_U64(next, 4);
	n = sp_text_fit(SP_FONT_SANS, 10, s, strlen(s), 0.1, &next);
	CHECK_EQ_U64(n, 1);
	/* never inside UTF-8: a line of "é" (2 bytes each) ends on a code point boundary */
	s = "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9";
	for (double w = 0.5; w < 40; w += 0.7) {
		n = sp_text_fit(SP_FONT_SANS, 10, s, strlen(s), w, &next);
		CHECK(n % 2 == 0 && n >= 2);
		CHECK(next == n);
	}
	/* the width of each line broken from a paragraph stays within the box (but one word) */
	s = "A swap partition at the start of a rotating disk is read where the platter moves "
	    "fastest; at the end it is read at about half that speed, and a file lies where the "
	    "filesystem put it.";
	for (size_t pos = 0, lines = 0; pos < strlen(s); lines++) {
		char line[256];

		n = sp_text_fit(SP_FONT_SANS, 9, s + pos, strlen(s) - pos, 150, &next);
		CHECK(n > 0 && n < sizeof(line));
		memcpy(line, s + pos, n);
		line[n] = 0;
		CHECK(sp_text_width_pt(SP_FONT_SANS, 9, line) <= 150);
		CHECK(line[n - 1] != ' ' && line[0] != ' ');
		CHECK(lines < 20);
		pos += next;
	}
	/* a newline ends a line */
	s = "one\ntwo";
	n = sp_text_fit(SP_FONT_SANS, 10, s, strlen(s), 1000, &next);
	CHECK_EQ_U64(n, 3);
	CHECK_EQ_U64(next, 4);

	cairo_destroy(cr);
	cairo_surface_destroy(sf);
	return CHECK_DONE();
}
