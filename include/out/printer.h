/*
 * printer.h - a printer attached to this PC, as the kernel's usblp driver shows it
 * (/dev/usb/lp0): a character device that prints the bytes written to it.
 *
 * Why so little: a USB printer needs no spooler to print plain text, PostScript or PDF when it
 * understands them; the appliance has none. The device must already exist (never created: a
 * typo must not leave a file called /dev/usb/lp0 behind that hides the missing printer); a
 * regular file that exists stands in for a printer in tests.
 */
#ifndef SP_PRINTER_H
#define SP_PRINTER_H

#include <stddef.h>

/*
 * Open the printer at path for writing (a regular file stand-in is truncated first).
 * Returns: a file descriptor; -ENOENT when path does not exist; -ENODEV when it is neither a
 * character device nor a regular file (checked before opening: a FIFO would block); another
 * -errno when it cannot be opened (-EISDIR never: a directory is -ENODEV).
 */
int sp_printer_open(const char *path);

/*
 * Write all len bytes of buf to fd, resuming after short writes and EINTR. *sent (may be NULL)
 * gets what the printer took even on failure. Returns: 0 or -errno (-EIO for a zero write).
 */
int sp_printer_write(int fd, const void *buf, size_t len, size_t *sent);

/* Close fd, reporting an error the last write left pending. Returns: 0 or -errno. */
int sp_printer_close(int fd);

#endif
