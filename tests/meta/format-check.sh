#!/bin/bash
# tests/meta/format-check.sh - every C file of ours is as .clang-format lays it out (kernel
# style, 100 columns) with its includes in two sorted blocks, the system's then ours: runs
# `make format-check`, which names each file clang-format would change. `make format` fixes them.
# runner: may run beside another test
set -u
cd "$(dirname "$0")/../.." || exit 1
command -v clang-format >/dev/null || { echo "skip: needs clang-format (make deps)"; exit 77; }
out=$(make -s --no-print-directory format-check 2>&1)
rc=$?
if [ $rc != 0 ]; then
	echo "$out" | grep -E 'error:|warning:' | sed 's/: .*//' | sort -u | sed 's/^/FAIL: not formatted: /' | head -n 40
	echo "FAIL: make format-check (exit $rc); 'make format' lays the files out"
	exit 1
fi
echo "every C file is formatted ($(clang-format --version | head -n 1))"
