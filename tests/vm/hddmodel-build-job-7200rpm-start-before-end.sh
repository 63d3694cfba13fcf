#!/bin/bash
# tests/vm/hddmodel-build-job-7200rpm-start-before-end.sh - the appliance at its defaults on a
# modeled 7200 rpm disk: the build job shows start vs end as the model implies (what runs and
# the checks: tests/vm/lib-hddmodel-build.sh).
# runner: may run beside another guest
# runner: takes about 320 s
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-hddmodel.sh"
# a 64 GiB 7200 rpm disk: the seek curve spans all of it, so start vs end is a full stroke, and the
# 1 GiB swap partitions (the default size) are a sliver of it as on a real disk
MODEL=(--size 64G --rpm 7200 --t2t-ms 1.0 --full-ms 18 --outer-mbs 200 --inner-mbs 100
	--buffer 256K --seed 13)
. "$(dirname "$0")/lib-hddmodel-build.sh"
