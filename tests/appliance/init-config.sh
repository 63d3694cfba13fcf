#!/bin/bash
# tests/appliance/init-config.sh - swapplace.conf is read with a UTF-8 BOM, CRLF line ends, comments
# (whole-line and trailing), blanks, spaces around '=', quoted values and unknown keys; the
# swapplace.* kernel parameters (double quotes allowed) win over the file; cpu_max and io_max
# become --cpu-max and --io-max. Checked through
# the arguments the unattended run hands to swapplace.
. "$(dirname "$0")/lib.sh"

run_args() { calls swapplace | grep '^swapplace run ' | sed 's/ --out [^ ]*//; s/ --plan [^ ]*$//'; }

crlf_bom() {
	printf '\357\273\277# swapplace.conf written on Windows\r\n\r\n  auto=Yes\r\ntarget   =   SPHDD0002   # the QEMU disk\r\nconfirm = "SPHDD0002"\r\n# also = NOPE\r\nbudget = 32M\r\nswap_size = 128M\r\ncolour = blue\r\nonly = start,end\r\nnot a setting\r\n' >"$STICK/swapplace.conf"
	run_init
	[ "$(run_args)" = "swapplace run --target serial:SPHDD0002 --confirm SPHDD0002 --budget 32M --swap-size 128M --only start,end" ] ||
		fail "wrong arguments: $(run_args)"
	has_out "unknown key 'colour' ignored" || fail "unknown key not reported"
	has_out "not 'key = value', ignored: not a setting" || fail "bad line not reported"
	return 0
}
for_each_shell crlf_bom

cmdline_wins() {
	printf 'auto = no\ntarget = WD-HDD0001\nconfirm = WD-HDD0001\nbudget = 32M\ntime_per_placement = 30\nonly = start\n' >"$STICK/swapplace.conf"
	cmdline 'quiet swapplace.auto=yes swapplace.target=SPHDD0002 swapplace.confirm=SPHDD0002 swapplace.time=4 swapplace.swap_size=64M swapplace.only="start,end,zram" swapplace.also=SPNVME0001 swapplace.profile_time=0 swapplace.scenario=none swapplace.job_scale=0.5 swapplace.repeat=2 swapplace.layout=centred'
	run_init
	[ "$(run_args)" = "swapplace run --target serial:SPHDD0002 --confirm SPHDD0002 --also serial:SPNVME0001 --also-confirm SPNVME0001 --time-per-placement 4 --budget 32M --swap-size 64M --only start,end,zram --profile-time 0 --layout centred --scenario none --job-scale 0.5 --repeat 2" ] ||
		fail "wrong arguments: $(run_args)"
	[ "$(calls poweroff)" = "poweroff -f" ] || fail "unattended run did not power off"
	return 0
}
for_each_shell cmdline_wins

caps() {
	# the constrained box (--cpu-max, --io-max): from the file, and the command line wins
	printf 'auto = yes\ntarget = SPHDD0002\nconfirm = SPHDD0002\ncpu_max = 0.5\nio_max = 300\n' >"$STICK/swapplace.conf"
	cmdline 'swapplace.io_max=3000,50M'
	run_init
	[ "$(run_args)" = "swapplace run --target serial:SPHDD0002 --confirm SPHDD0002 --cpu-max 0.5 --io-max 3000,50M" ] ||
		fail "wrong arguments: $(run_args)"
	has_out "unknown key" && fail "cpu_max or io_max reported as unknown"
	return 0
}
for_each_shell caps

no_config() {
	# no swapplace.conf and no parameters: interactive (end of input: power off, nothing run)
	run_init
	has_out "mode: interactive" || fail "not interactive without a config"
	calls swapplace | grep -q '^swapplace run' && fail "ran without a choice"
	[ "$(calls poweroff)" = "poweroff -f" ] || fail "end of input did not power off"
	return 0
}
for_each_shell no_config
exit 0
