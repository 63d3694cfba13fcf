#!/bin/bash
# tests/vm/hddmodel-build-job-5400rpm-start-before-end.sh - the appliance at its defaults on a
# modeled 5400 rpm laptop disk: the build job shows start vs end as the model implies (what
# runs and the checks: tests/vm/lib-hddmodel-build.sh).
# runner: may run beside another guest
# runner: takes about 440 s
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-hddmodel.sh"
# a 64 GiB 5400 rpm disk, slow seeks and transfer (as tests/vm/slow-disk-answers-in-30s.sh)
MODEL=(--size 64G --rpm 5400 --t2t-ms 2 --full-ms 36 --outer-mbs 110 --inner-mbs 55
	--buffer 256K --seed 11)
. "$(dirname "$0")/lib-hddmodel-build.sh"
