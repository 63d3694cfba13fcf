"""sparse.py - what a sparse backing file holds, for the root tests that check which bytes of a
loop device were written (tests/root/run-writes-ssd-*, run-interrupted-in-ssd-range-write-*).

As a program: sparse.py FILE START END prints allocated(FILE, START, END).
"""
import os
import sys


def allocated(fd, lo, hi):
    """Bytes of [lo, hi) that the file open at fd holds (SEEK_DATA/SEEK_HOLE), holes not."""
    at, n = lo, 0
    while at < hi:
        try:
            d = os.lseek(fd, at, os.SEEK_DATA)
        except OSError:  # ENXIO: no data after at
            break
        if d >= hi:
            break
        h = min(os.lseek(fd, d, os.SEEK_HOLE), hi)
        n, at = n + h - d, h
    return n


if __name__ == "__main__":
    f = os.open(sys.argv[1], os.O_RDONLY)
    print(allocated(f, int(sys.argv[2]), int(sys.argv[3])))
