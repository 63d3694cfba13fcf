/*
 * pagefill.c - text-like, verifiable page contents for the fault probe (see pagefill.h).
 *
 * Why text and not random bytes or a pattern: zram's cost depends on how well a page
 * compresses, and zero- or same-filled pages are stored without any compression at all, so the
 * probe needs pages that behave like ordinary program data. Words from a small list compress
 * well inside one page; the random numbers and rare invented words mixed in are what keep a
 * 4 KiB page near 2:1 under zstd instead of 4:1 (tuned by measurement, see
 * tests/unit/t-pagefill-ratio-near-2-to-1.c).
 */
#include "core/measure/pagefill.h"

#include <errno.h>
#include <string.h>

#include "core/measure/rng.h"

static const char *const words[] = {
    "the",	"of",	    "and",	 "to",	       "in",	    "is",	   "that",
    "for",	"it",	    "as",	 "was",	       "with",	    "be",	   "by",
    "on",	"not",	    "he",	 "this",       "are",	    "or",	   "his",
    "from",	"at",	    "which",	 "but",	       "have",	    "an",	   "had",
    "they",	"you",	    "were",	 "their",      "one",	    "all",	   "we",
    "can",	"her",	    "has",	 "there",      "been",	    "if",	   "more",
    "when",	"will",	    "would",	 "who",	       "so",	    "no",	   "memory",
    "page",	"swap",	    "disk",	 "kernel",     "process",   "thread",	   "buffer",
    "device",	"sector",   "latency",	 "queue",      "request",   "driver",	   "system",
    "file",	"block",    "cache",	 "read",       "write",	    "fault",	   "table",
    "entry",	"value",    "number",	 "string",     "struct",    "return",	   "error",
    "while",	"under",    "before",	 "after",      "between",   "through",	   "during",
    "without",	"again",    "further",	 "then",       "once",	    "here",	   "where",
    "why",	"how",	    "both",	 "each",       "few",	    "most",	   "other",
    "some",	"such",	    "only",	 "own",	       "same",	    "than",	   "too",
    "very",	"just",	    "should",	 "now",	       "time",	    "people",	   "year",
    "way",	"day",	    "man",	 "thing",      "woman",	    "life",	   "child",
    "world",	"school",   "state",	 "family",     "student",   "group",	   "country",
    "problem",	"hand",	    "part",	 "place",      "case",	    "week",	   "company",
    "program",	"question", "work",	 "government", "point",	    "home",	   "water",
    "room",	"mother",   "area",	 "money",      "story",	    "fact",	   "month",
    "lot",	"right",    "study",	 "book",       "eye",	    "job",	   "word",
    "business", "issue",    "side",	 "kind",       "head",	    "house",	   "service",
    "friend",	"father",   "power",	 "hour",       "game",	    "line",	   "end",
    "member",	"law",	    "car",	 "city",       "community", "name",	   "president",
    "team",	"minute",   "idea",	 "kid",	       "body",	    "information", "back",
    "parent",	"face",	    "others",	 "level",      "office",    "door",	   "health",
    "person",	"art",	    "war",	 "history",    "party",	    "result",	   "change",
    "morning",	"reason",   "research",	 "girl",       "guy",	    "moment",	   "air",
    "teacher",	"force",    "education",
};
#define N_WORDS (sizeof(words) / sizeof(words[0]))

/*
 * Per mille of tokens that are a random number or an invented word: the knob for the
 * compression ratio (more of them, less compressible).
 */
#define RANDOM_TOKEN_PERMILLE 90

static uint64_t page_checksum(const unsigned char *page, size_t page_size, uint64_t index,
			      uint64_t seed)
{
	uint64_t h = sp_mix64(seed ^ sp_mix64(index ^ SP_PAGEFILL_MAGIC));

	/* sp_mix64 is a bijection, so any change of one word changes every later state */
	for (size_t off = SP_PAGEFILL_HEADER_BYTES; off < page_size; off += 8) {
		uint64_t w;

		memcpy(&w, page + off, 8);
		h = sp_mix64(h ^ w);
	}
	return h;
}

/* Append up to n bytes of s at *pos, never past end. */
static void put(unsigned char *p, size_t *pos, size_t end, const char *s, size_t n)
{
	while (n-- && *pos < end)
		p[(*pos)++] = (unsigned char)*s++;
}

static void put_random_token(unsigned char *p, size_t *pos, size_t end, struct sp_rng *r)
{
	char tok[12];
	uint64_t x = sp_rng_next(r);
	size_t n = 3 + (size_t)(x % 6), i;

	x >>= 8;
	if (x & 1) {
		/* a number such as 48213 */
		for (i = 0; i < n; i++)
			tok[i] = (char)('0' + sp_rng_below(r, 10));
	} else {
		/* an invented word: not in the list, so zstd finds no earlier match */
		for (i = 0; i < n; i++)
			tok[i] = (char)('a' + sp_rng_below(r, 26));
	}
	put(p, pos, end, tok, n);
}

void sp_page_fill(void *page, size_t page_size, uint64_t index, uint64_t seed)
{
	unsigned char *p = page;
	struct sp_rng r;
	size_t pos = SP_PAGEFILL_HEADER_BYTES, line = 0;
	uint64_t hdr[4];
	int capital = 1;

	if (page_size < SP_PAGEFILL_MIN_PAGE || page_size % 8)
		return;
	/* mixed rather than seed ^ index, so (seed 1, index 0) and (seed 0, index 1) differ */
	sp_rng_seed(&r, seed ^ sp_mix64(index + 0x5eed));
	while (pos < page_size) {
		size_t start = pos;
		uint64_t x = sp_rng_below(&r, 1000);

		if (x < RANDOM_TOKEN_PERMILLE) {
			put_random_token(p, &pos, page_size, &r);
		} else {
			const char *w = words[sp_rng_below(&r, N_WORDS)];

			put(p, &pos, page_size, w, strlen(w));
		}
		if (capital && pos > start && p[start] >= 'a' && p[start] <= 'z')
			p[start] = (unsigned char)(p[start] - 'a' + 'A');
		capital = 0;
		line += pos - start;
		x = sp_rng_below(&r, 100);
		if (x < 6) {
			put(p, &pos, page_size, ". ", 2);
			capital = 1;
		} else if (x < 11) {
			put(p, &pos, page_size, ", ", 2);
		} else {
			put(p, &pos, page_size, " ", 1);
		}
		if (line > 60 + sp_rng_below(&r, 20)) {
			/* end the line in place of the trailing space */
			p[pos - 1] = '\n';
			line = 0;
		}
	}
	hdr[0] = SP_PAGEFILL_MAGIC;
	hdr[1] = index;
	hdr[2] = seed;
	hdr[3] = page_checksum(p, page_size, index, seed);
	memcpy(p, hdr, sizeof(hdr));
}

int sp_page_verify(const void *page, size_t page_size, uint64_t index, uint64_t seed)
{
	const unsigned char *p = page;
	uint64_t hdr[4];

	if (page_size < SP_PAGEFILL_MIN_PAGE || page_size % 8)
		return -EINVAL;
	memcpy(hdr, p, sizeof(hdr));
	if (hdr[0] != SP_PAGEFILL_MAGIC || hdr[1] != index || hdr[2] != seed)
		return -EBADMSG;
	if (hdr[3] != page_checksum(p, page_size, index, seed))
		return -EBADMSG;
	return 0;
}
