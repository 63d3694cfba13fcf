/*
 * printer.h - a printer attached to this PC, as the kernel's usblp driver shows it
 * (/dev/usb/lp0): a character device that prints the bytes written to it.
 *
 * Why so little: a USB printer needs no spooler to print plain text, PostScript or PDF when it
 * understands them; the appliance has none. The device must already exist (never created: a
 * typo must not leave a file called /dev/usb/lp0 behind that hides the missing printer). A
 * FIFO the user names is taken (a print server reading it); a regular file only when the user
 * says so (`--printer-file`: a stand-in for a printer in tests), never by default, so that
 * `print r.json --printer r.json` cannot truncate the report it was to print.
 */
#ifndef SP_PRINTER_H
#define SP_PRINTER_H

#include <stddef.h>

/*
 * Open the printer at path for writing: a character device, a FIFO with a reader, or, when
 * allow_file, a regular file (truncated first).
 * Returns: a file descriptor; -ENOENT when path does not exist; -EPERM for a regular file
 * without allow_file (nothing opened, nothing truncated); -ENXIO for a FIFO nobody reads
 * (without blocking); -ENODEV for anything else (a directory, a socket); another -errno when
 * it cannot be opened.
 */
int sp_printer_open(const char *path, int allow_file);

/*
 * Write all len bytes of buf to fd, resuming after short writes and EINTR. *sent (may be NULL)
 * gets what the printer took even on failure. Returns: 0 or -errno (-EIO for a zero write).
 */
int sp_printer_write(int fd, const void *buf, size_t len, size_t *sent);

/* Close fd, reporting an error the last write left pending. Returns: 0 or -errno. */
int sp_printer_close(int fd);

#endif
