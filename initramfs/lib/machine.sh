# shellcheck shell=sh
# lib/machine.sh - what the machine is, for the screen's header and the report's directory name
# (phase act).

machine_summary() {
	_vendor=$(read_line "$ROOT/sys/class/dmi/id/sys_vendor")
	_product=$(read_line "$ROOT/sys/class/dmi/id/product_name")
	_cpu=$(sed -n 's/^model name[[:space:]]*: //p' "$ROOT/proc/cpuinfo" 2>/dev/null | head -n 1)
	_ncpu=$(grep -c '^processor' "$ROOT/proc/cpuinfo" 2>/dev/null)
	_mem=$(awk '/^MemTotal:/ { printf "%.0f MiB", $2 / 1024 }' "$ROOT/proc/meminfo" 2>/dev/null)
	_kernel=$(read_line "$ROOT/proc/sys/kernel/osrelease")
	# one fact a line, runs of blanks squeezed (CPU names carry them) and cut at 79 columns:
	# a line that wraps on an 80x25 screen pushes the disk list off it
	_cpu=$(printf '%s' "$_cpu" | tr -s ' ')
	{
		echo "machine   ${_vendor:-unknown vendor} ${_product:-unknown model}"
		echo "cpu       ${_cpu:-unknown}${_ncpu:+, $_ncpu cores}"
		echo "memory    ${_mem:-? MiB} RAM, kernel ${_kernel:-?}"
	} | cut -c1-79
}

machine_name() {
	sanitize "$(read_line "$ROOT/sys/class/dmi/id/product_name")"
}
