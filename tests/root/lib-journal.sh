# tests/root/lib-journal.sh - sourced after lib.sh by the journal and kill tests: what "the
# machine as it was" means for them, and how to kill a run at a point its journal shows.

# machine_state: the things a run changes, one per line: swap areas, zram devices, swapplace
# cgroups and mounts, the sysctls and zswap parameters a run sets
machine_state() {
	echo "swaps: $(tail -n +2 /proc/swaps | awk '{print $1}' | sort | tr '\n' ' ')"
	echo "zram: $(ls /sys/block | grep zram | sort | tr '\n' ' ')"
	echo "cgroups: $(ls -d /sys/fs/cgroup/swapplace-* /sys/fs/cgroup/*/swapplace-* 2>/dev/null | tr '\n' ' ')"
	echo "mounts: $(grep -c ' /run/swapplace-' /proc/mounts)"
	echo "vm.swappiness=$(cat /proc/sys/vm/swappiness) vm.page-cluster=$(cat /proc/sys/vm/page-cluster)"
	local p
	for p in /sys/module/zswap/parameters/enabled /sys/module/zswap/parameters/compressor; do
		[ -r "$p" ] && echo "zswap ${p##*/}=$(cat "$p")"
	done
	[ -r /sys/fs/cgroup/cgroup.subtree_control ] &&
		echo "subtree_control: $(cat /sys/fs/cgroup/cgroup.subtree_control)"
	return 0
}

# expect_machine_as BEFORE WHAT: machine_state must equal BEFORE
expect_machine_as() {
	local now
	now=$(machine_state)
	if [ "$now" != "$1" ]; then
		diff <(echo "$1") <(echo "$now")
		fail "$2: the machine is not as it was"
	fi
}

# wait_journal FILE REGEX [TENTHS]: until a line of FILE matches REGEX (default 30 s)
wait_journal() {
	local i
	for ((i = 0; i < ${3:-300}; i++)); do
		grep -Eq "$2" "$1" 2>/dev/null && return 0
		sleep 0.1
	done
	return 1
}

# region_sum DEV: sha256 of the first and the last MiB of DEV (the partition tables' homes)
region_sum() {
	local mib
	mib=$(($(blockdev --getsize64 "$1") / 1048576))
	{
		dd if="$1" bs=1M count=1 iflag=direct status=none
		dd if="$1" bs=1M skip=$((mib - 1)) count=1 iflag=direct status=none
	} | sha256sum | cut -d' ' -f1
}

# as_planned DEV: DEV holds swapplace's GPT: partitions named swapplace-start, -data, -end
as_planned() {
	local d
	d=$(sfdisk -d "$1" 2>/dev/null) || return 1
	echo "$d" | grep -q 'name="swapplace-start"' && echo "$d" | grep -q 'name="swapplace-data"' &&
		echo "$d" | grep -q 'name="swapplace-end"'
}
