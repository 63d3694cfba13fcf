# tests/vm/lib.sh - sourced by the QEMU boot tests of the appliance (build/swapplace.img).
#
# A test works on a copy of the image, so the build output is never changed: it writes an
# unattended config (and a GRUB extra.cfg choosing the serial-console entry) into the copy with
# mtools, boots the copy under software emulation as a USB stick on xHCI beside two blank disks
# with serials (a rotational IDE/SATA disk, the target, and an NVMe disk), waits for the guest to
# power off, and reads reports/ back with mtools. Everything a test creates lives in one scratch
# directory; the EXIT trap kills QEMU and removes the directory on every exit path, and QEMU
# itself runs under `timeout -s KILL`, so even a test killed with SIGKILL leaves no guest behind.
#
# Exit codes: 0 pass, 1 fail, 77 skip (no qemu-system-x86_64, mtools, OVMF, or image).
. "$(dirname "${BASH_SOURCE[0]}")/../lib.sh" # TOP, skip, fail, need_cmd, at_exit, scratch_dir
VM_IMAGE=${VM_IMAGE:-$TOP/build/swapplace.img}
VM_OVMF_DIR=${VM_OVMF_DIR:-/usr/share/OVMF}
VM_HDD_SERIAL=${VM_HDD_SERIAL:-SPHDD0001}
VM_NVME_SERIAL=${VM_NVME_SERIAL:-SPNVME0001}
VM_STICK_SERIAL=${VM_STICK_SERIAL:-SPSTICK0001}
VM_HDD_SIZE=${VM_HDD_SIZE:-3G}
VM_NVME_SIZE=${VM_NVME_SIZE:-1G}
VM_MEM=${VM_MEM:-512}
# one vCPU: TCG runs each vCPU in a host thread, and on a 2-core host with the suite's other
# work a second one left a guest in OVMF's SMM (Secure Boot) soft-locked for minutes (seen once
# in CI: "soft lockup - CPU#0 stuck for 399s! [swapper/0:0]"); the model tests needed one
# already, to leave a core to QEMU's I/O thread
VM_SMP=${VM_SMP:-1}
# what the unattended runs measure: small, so a run under TCG stays within minutes
VM_RUN_CONF=${VM_RUN_CONF:-"budget = 48M
swap_size = 160M
time_per_placement = 4
job_scale = 0.1
profile_time = 10"}
# mtools refuses FAT images whose geometry does not match a floppy/disk table otherwise
export MTOOLS_SKIP_CHECK=1
export LC_ALL=C

VM_DIR=""
VM_PID=""
# more QEMU arguments for a test's own devices (e.g. a hot-unpluggable disk and a QMP socket)
VM_EXTRA_ARGS=()
VM_NAME=$(basename "$0" .sh)
VM_T0=$(date +%s)

# fail shows the end of the guest's console
on_fail() { vm_show_log; }
vm_log() { echo "[$(($(date +%s) - VM_T0))s] $*"; }

# The end of the guest's serial log, so the runner's log shows why a boot failed; the whole
# log is kept in build/test-logs/vm-NAME.serial.log (build output, removed by make clean).
vm_show_log() {
	[ -n "$VM_DIR" ] && [ -s "$VM_DIR/serial.log" ] || return 0
	echo "--- last 40 lines of the guest's serial log:"
	tr -d '\r' <"$VM_DIR/serial.log" | sed 's/\x1b\[[0-9;?]*[A-Za-z]//g' | tail -n 40
	echo "---"
}

# stop the guest: TERM to `timeout` (it passes it on to QEMU), then KILL to both by pid
vm_kill() {
	local i qpid=""
	[ -n "$VM_PID" ] || return 0
	[ -s "$VM_DIR/qemu.pid" ] && qpid=$(cat "$VM_DIR/qemu.pid" 2>/dev/null)
	if kill -0 "$VM_PID" 2>/dev/null; then
		kill -TERM "$VM_PID" 2>/dev/null
		for ((i = 0; i < 50; i++)); do
			kill -0 "$VM_PID" 2>/dev/null || break
			sleep 0.1
		done
		[ -n "$qpid" ] && kill -KILL "$qpid" 2>/dev/null
		kill -KILL "$VM_PID" 2>/dev/null
	fi
	wait "$VM_PID" 2>/dev/null
	VM_PID=""
}

_vm_cleanup() {
	vm_kill
	if [ -n "$VM_DIR" ]; then
		if [ -s "$VM_DIR/serial.log" ] && [ -d "$TOP/build/test-logs" ]; then
			cp "$VM_DIR/serial.log" "$TOP/build/test-logs/vm-$VM_NAME.serial.log" 2>/dev/null
		fi
		rm -rf "$VM_DIR"
	fi
	echo "wall time: $(($(date +%s) - VM_T0)) s"
}
# the guest goes first, then what tests/lib.sh's at_exit holds
trap '_vm_cleanup; _run_cleanups' EXIT
trap 'exit 1' INT TERM HUP

# vm_setup FIRMWARE: skip unless the tools, firmware and image exist; make the scratch
# directory with a copy of the image (stick.img) and blank disks hdd.raw and nvme.raw.
# FIRMWARE: seabios, ovmf or ovmf-secboot.
vm_setup() {
	VM_FW=$1
	local t
	for t in qemu-system-x86_64 mcopy mdir python3 timeout; do
		command -v "$t" >/dev/null 2>&1 || skip "needs $t"
	done
	case $VM_FW in
	seabios) ;;
	ovmf)
		VM_CODE=$VM_OVMF_DIR/OVMF_CODE_4M.fd VM_VARS=$VM_OVMF_DIR/OVMF_VARS_4M.fd ;;
	ovmf-secboot)
		VM_CODE=$VM_OVMF_DIR/OVMF_CODE_4M.secboot.fd VM_VARS=$VM_OVMF_DIR/OVMF_VARS_4M.ms.fd ;;
	*) fail "unknown firmware '$VM_FW'" ;;
	esac
	if [ "$VM_FW" != seabios ]; then
		[ -r "$VM_CODE" ] || skip "needs $VM_CODE (package ovmf)"
		[ -r "$VM_VARS" ] || skip "needs $VM_VARS (package ovmf)"
	fi
	[ -s "$VM_IMAGE" ] || skip "needs $VM_IMAGE (make image)"
	VM_DIR=$(mktemp -d "${TMPDIR:-/tmp}/swapplace-vm.XXXXXX") || fail "no scratch directory"
	cp --sparse=always "$VM_IMAGE" "$VM_DIR/stick.img" || fail "cannot copy the image"
	[ "$VM_FW" = seabios ] || cp "$VM_VARS" "$VM_DIR/vars.fd" || fail "cannot copy $VM_VARS"
	truncate -s "$VM_HDD_SIZE" "$VM_DIR/hdd.raw" || fail "cannot make hdd.raw"
	truncate -s "$VM_NVME_SIZE" "$VM_DIR/nvme.raw" || fail "cannot make nvme.raw"
	VM_STICK=$VM_DIR/stick.img
	mdir -i "$VM_STICK@@1M" ::/ >/dev/null 2>&1 || fail "mtools cannot read the FAT partition at 1 MiB of the image"
}

# vm_put SRC DEST: copy a file onto the stick copy's FAT partition (DEST like ::/x.cfg)
vm_put() { mcopy -o -i "$VM_STICK@@1M" "$1" "$2" || fail "mcopy '$1' to '$2' failed"; }

# vm_config [crlf]: stdin becomes ::/swapplace.conf; with "crlf", written with CRLF line
# ends and a UTF-8 BOM, as Notepad saves it.
vm_config() {
	local f=$VM_DIR/swapplace.conf
	if [ "${1:-}" = crlf ]; then
		{ printf '\xef\xbb\xbf'; sed 's/$/\r/'; } >"$f"
	else
		cat >"$f"
	fi
	vm_put "$f" ::/swapplace.conf
}

# vm_grub ARGS: GRUB boots the serial-console entry at once and appends ARGS to the kernel
# command line (the contract's /boot/grub/extra.cfg).
vm_grub() {
	printf 'set default=1\nset timeout=0\nset swapplace_args="%s"\n' "$*" >"$VM_DIR/extra.cfg"
	vm_put "$VM_DIR/extra.cfg" ::/boot/grub/extra.cfg
}

# vm_unattended_config: auto mode on the HDD, the NVMe as the extra device, small budgets
vm_unattended_config() {
	vm_config "$@" <<EOF
# written by tests/vm/$VM_NAME.sh
auto = yes
target = $VM_HDD_SERIAL
confirm = $VM_HDD_SERIAL
also = $VM_NVME_SERIAL
$VM_RUN_CONF
EOF
}

# VM_HDD_DRIVE, when set, replaces the HDD's -drive (keep id=hd): e.g. an NBD export.
# VM_STICK_BOOTINDEX (default 0) is the stick's place in the firmware's boot order.
# vm_start SECONDS [SERIAL-ARGS...]: boot the stick in the background. The serial port goes
# to $VM_DIR/serial.log unless SERIAL-ARGS (e.g. a -chardev and -serial pair) say otherwise.
# QEMU is killed after SECONDS whatever happens to this shell.
vm_start() {
	local secs=$1 machine=pc
	shift
	local fw=() serial=(-serial "file:$VM_DIR/serial.log")
	[ $# -gt 0 ] && serial=("$@")
	case $VM_FW in
	ovmf)
		# q35 (AHCI), as UEFI PCs are: on i440fx under OVMF the guest's ata_piix finds no
		# disk behind the IDE channels (checked with QEMU 7.2); SeaBIOS covers PIIX IDE
		machine=q35
		fw=(-drive "if=pflash,format=raw,readonly=on,file=$VM_CODE"
			-drive "if=pflash,format=raw,file=$VM_DIR/vars.fd") ;;
	ovmf-secboot)
		machine=q35,smm=on
		fw=(-global driver=cfi.pflash01,property=secure,value=on
			-drive "if=pflash,format=raw,readonly=on,file=$VM_CODE"
			-drive "if=pflash,format=raw,file=$VM_DIR/vars.fd") ;;
	esac
	# Development aid: VM_KERNEL and VM_INITRD boot a kernel directly (no firmware boot of the
	# stick; the stick is still attached), to try an initramfs without rebuilding the image.
	local direct=() boot=",bootindex=${VM_STICK_BOOTINDEX:-0}"
	if [ -n "${VM_KERNEL:-}" ]; then
		direct=(-kernel "$VM_KERNEL" -initrd "$VM_INITRD"
			-append "console=tty0 console=ttyS0,115200 ${VM_APPEND:-}")
		boot=""
	fi
	VM_CMD=(qemu-system-x86_64 -accel tcg -machine "$machine" -m "$VM_MEM" -smp "$VM_SMP"
		-display none -monitor none -no-reboot -pidfile "$VM_DIR/qemu.pid" -nodefaults -vga std "${fw[@]}" "${direct[@]}"
		-device qemu-xhci,id=xhci
		-drive "if=none,id=stick,format=raw,file=$VM_STICK"
		-device "usb-storage,bus=xhci.0,drive=stick,serial=$VM_STICK_SERIAL$boot"
		-drive "${VM_HDD_DRIVE:-if=none,id=hd,format=raw,file=$VM_DIR/hdd.raw}"
		-device "ide-hd,drive=hd,serial=$VM_HDD_SERIAL,rotation_rate=7200"
		-drive "if=none,id=nv,format=raw,file=$VM_DIR/nvme.raw"
		-device "nvme,drive=nv,serial=$VM_NVME_SERIAL"
		${VM_EXTRA_ARGS[@]+"${VM_EXTRA_ARGS[@]}"}
		"${serial[@]}")
	vm_log "boot ($VM_FW): ${VM_CMD[*]}"
	: >"$VM_DIR/serial.log"
	timeout -s KILL "$secs" "${VM_CMD[@]}" </dev/null >"$VM_DIR/qemu.out" 2>&1 &
	VM_PID=$!
	VM_DEADLINE=$(($(date +%s) + secs))
}

# vm_wait_poweroff: wait until QEMU exits (the guest powered off: -no-reboot turns a reboot
# into an exit too); fails when QEMU reported an error or the deadline passed first.
vm_wait_poweroff() {
	local rc
	while kill -0 "$VM_PID" 2>/dev/null; do
		if [ "$(date +%s)" -ge "$VM_DEADLINE" ]; then
			vm_kill
			fail "the guest did not power off in time"
		fi
		if grep -q 'Kernel panic' "$VM_DIR/serial.log" 2>/dev/null; then
			vm_kill
			fail "the guest kernel panicked"
		fi
		# the init's panic path waits in a shell for a person: nobody will come
		if grep -q 'swapplace: PANIC:' "$VM_DIR/serial.log" 2>/dev/null; then
			sleep 2
			vm_kill
			fail "the init panicked (dropped to its rescue shell)"
		fi
		sleep 2
	done
	wait "$VM_PID"
	rc=$?
	VM_PID=""
	vm_log "qemu exited with $rc"
	[ -s "$VM_DIR/qemu.out" ] && sed 's/^/qemu: /' "$VM_DIR/qemu.out"
	[ "$rc" = 0 ] || fail "qemu exited with $rc (137: killed at the deadline)"
}

# vm_reports OUT: copy the stick's reports/ into OUT (OUT/reports/...)
vm_reports() {
	mkdir -p "$1"
	mcopy -s -n -i "$VM_STICK@@1M" ::/reports "$1/" || fail "cannot read reports/ from the stick"
	vm_log "reports on the stick:"
	(cd "$1" && find reports -type f | sort | sed 's/^/  /')
}

# vm_serial_has REGEX: the serial log (carriage returns removed) matches the extended REGEX
vm_serial_has() { tr -d '\r' <"$VM_DIR/serial.log" | grep -Eq -- "$1"; }

# vm_qmp COMMAND-JSON...: over the QMP socket a test gave QEMU (-qmp unix:$VM_DIR/qmp.sock,...),
# the capabilities handshake, then each command; prints the replies, fails on an error reply
vm_qmp() {
	python3 - "$VM_DIR/qmp.sock" "$@" <<'PY'
import json, socket, sys
s = socket.socket(socket.AF_UNIX)
s.connect(sys.argv[1])
f = s.makefile("rw")
json.loads(f.readline())  # the greeting
for cmd in ['{"execute":"qmp_capabilities"}'] + sys.argv[2:]:
    f.write(cmd + "\n"); f.flush()
    while True:
        r = json.loads(f.readline())
        if "event" in r:
            continue
        print(json.dumps(r))
        if "error" in r:
            sys.exit(1)
        break
PY
}

# vm_pull_when PATTERN ID: once the console matches PATTERN (a placement being measured), 3 s
# into its probes, QMP's device_del unplugs device ID, as a person pulling the cable would
vm_pull_when() {
	while kill -0 "$VM_PID" 2>/dev/null && [ "$(date +%s)" -lt "$VM_DEADLINE" ]; do
		if vm_serial_has "$1"; then
			sleep 3
			vm_log "pulling $2 (device_del)"
			vm_qmp "{\"execute\":\"device_del\",\"arguments\":{\"id\":\"$2\"}}" ||
				fail "QMP device_del failed"
			return 0
		fi
		sleep 0.5
	done
	fail "the console never said: $1"
}

# vm_assert_report OUT: OUT/reports holds one run directory named ...-<target serial> with
# report.txt, report.html, summary.csv and report.pdf beside report.json, whose report.json measured start, end, file, at least one zram compressor and the NVMe device,
# each with real swap-ins and integrity checked without a mismatch; and setup/ with the five
# files the advice writes, each saying what analysis.advice chose (the files' own format is
# checked with the real zram-generator and findmnt in tests/render; here, that the stick has them).
vm_assert_report() {
	python3 - "$1/reports" "$VM_HDD_SERIAL" <<'EOF' || fail "the report does not hold what a run must measure"
import glob, json, os, shutil, subprocess, sys

top, serial = sys.argv[1], sys.argv[2]
found = sorted(glob.glob(os.path.join(top, "*", "report.json")))
bad = []
if len(found) != 1:
    sys.exit("want exactly one reports/*/report.json, found %d: %s" % (len(found), found))
run_dir = os.path.basename(os.path.dirname(found[0]))
if not run_dir.endswith("-" + serial):
    bad.append("run directory '%s' does not end with the target serial" % run_dir)
run_path = os.path.dirname(found[0])
if not os.path.exists(os.path.join(run_path, "report.txt")):
    bad.append("no report.txt beside report.json")
# every rendering is on the stick, and the run (run.log holds its stderr) did not say otherwise
try:
    log = open(os.path.join(run_path, "run.log"), errors="replace").read()
except OSError:
    log = ""
for fmt, name in (("html", "report.html"), ("csv", "summary.csv"), ("pdf", "report.pdf")):
    p = os.path.join(run_path, name)
    said = "the %s report was not written (%s)" % (fmt, name)
    if os.path.exists(p) and os.path.getsize(p) > 0:
        if said in log:
            bad.append("%s is there but the run says it was not written" % name)
        continue
    line = next((l for l in log.splitlines() if said in l), None)
    bad.append("no %s beside report.json%s" % (name, ": " + line.strip() if line else ""))
with open(found[0]) as f:
    r = json.load(f)
if not str(r.get("schema", "")).startswith("swapplace-report/"):
    bad.append("schema is %r" % r.get("schema"))
results = {x["placement"]: x for x in r.get("results", [])}
print("placements:", ", ".join("%s=%s" % (k, v.get("status")) for k, v in results.items()))
# the PDF the appliance drew (cairo and fonts from the initramfs) names every placement and
# embeds the DejaVu fonts the stick carries
pdf = os.path.join(run_path, "report.pdf")
if os.path.exists(pdf) and shutil.which("pdftotext") and shutil.which("pdffonts"):
    text = subprocess.run(["pdftotext", pdf, "-"], capture_output=True, text=True).stdout
    missing = [k for k in results if k not in text]
    if missing:
        bad.append("report.pdf does not name %s" % ", ".join(missing))
    fonts = subprocess.run(["pdffonts", pdf], capture_output=True, text=True).stdout
    if "DejaVuSans" not in fonts:
        bad.append("report.pdf has no embedded DejaVu font: %s" % fonts.strip())
    print("report.pdf: %d placements named, fonts %s" % (len(results) - len(missing),
          sorted({l.split()[0] for l in fonts.splitlines()[2:] if l.split()})))
# the disk placements must all be measured; of the zram compressors at least one (a kernel may
# lack a compressor: that result fails with its reason), and none may claim "ok" without
# having measured real swap-ins
zram = [k for k in results if k.startswith("zram-")]
for name in ["start", "end", "file", "dev-nvme0n1"] + zram:
    x = results.get(name)
    if x is None:
        bad.append("no '%s' result" % name)
        continue
    fp = x.get("fault_probe") or {}
    integ = x.get("integrity") or {}
    print("  %-14s status=%s real_swapins=%s samples=%s p50_us=%s pages_checked=%s mismatches=%s%s" % (
        name, x.get("status"), fp.get("real_swapins"), fp.get("samples"), fp.get("p50_us"),
        integ.get("pages_checked"), integ.get("mismatches"),
        " (%s)" % x.get("reason") if x.get("reason") else ""))
    if integ.get("mismatches", 0) != 0:
        bad.append("%s: %s integrity mismatches" % (name, integ.get("mismatches")))
    if name.startswith("zram-") and x.get("status") != "ok":
        continue
    if x.get("status") != "ok":
        bad.append("%s: status %s (%s)" % (name, x.get("status"), x.get("reason")))
    if not fp.get("real_swapins", 0) > 0 or not fp.get("samples", 0) > 0:
        bad.append("%s: no real swap-ins measured (real_swapins %s, samples %s)" % (
            name, fp.get("real_swapins"), fp.get("samples")))
    if not integ.get("pages_checked", 0) > 0:
        bad.append("%s: integrity not checked" % name)
if not any(results[k].get("status") == "ok" for k in zram):
    bad.append("no zram compressor was measured (%s)" % (", ".join(zram) or "no zram-* result"))
# zswap (Debian's 6.1 has it built in): off for every disk placement, and a zswap placement
# that says ok had its swap-ins answered by the pool
for name, x in results.items():
    z = x.get("zswap") or {}
    if not z:
        continue
    if name.startswith("zswap-"):
        print("  %-14s status=%s zswap=%s" % (name, x.get("status"), z))
        if x.get("status") == "ok" and not (z.get("fault_zswpin") or 0) > 0:
            bad.append("%s: ok, but zswap answered no swap-in (%s)" % (name, z))
    elif name in ("start", "end", "file", "dev-nvme0n1") and (z.get("enabled") or z.get("zswpin")):
        bad.append("%s: zswap was on or answered swap-ins (%s)" % (name, z))
# the build job ran on every disk placement and in RAM alone, and the profile was read
for name in ["start", "end", "file", "ram"]:
    b = ((results.get(name) or {}).get("scenarios") or {}).get("build") or {}
    if b.get("status") != "ok" or not b.get("wall_s", 0) > 0:
        bad.append("%s: the build job did not run ok (%s: %s)" % (name, b.get("status"), b.get("reason")))
    elif name != "ram" and not b.get("pswpin", 0) > 0:
        bad.append("%s: the build job swapped nothing in" % name)
if not ((r.get("analysis") or {}).get("build") or {}).get("ranking"):
    bad.append("no analysis.build.ranking")
if len((r.get("profile") or {}).get("points") or []) < 10:
    bad.append("the position profile was not read")
# the advice's files beside the report, on the stick (issue 20): the five the report names,
# each saying what report.json's analysis.advice chose; "What to set up" in report.txt
setup = os.path.join(run_path, "setup")
adv = (r.get("analysis") or {}).get("advice") or {}
names = ("zram-generator.conf", "fstab.swap", "99-swapplace.conf", "zswap.cmdline", "README")
have = sorted(os.listdir(setup)) if os.path.isdir(setup) else []
print("setup/: %s; advice for %s: %s" % (", ".join(have) or "(none)", adv.get("workload"),
      ", ".join("%s=%s" % (k, (adv.get(k) or {}).get("basis")) for k in
                ("swap_area", "zram", "compressor", "swappiness", "page_cluster", "zswap"))))
if sorted(names) != have:
    bad.append("setup/ holds %s, want %s" % (have, sorted(names)))
elif not adv:
    bad.append("report.json has no analysis.advice")
else:
    text = {n: open(os.path.join(setup, n), errors="replace").read() for n in names}
    zram = adv.get("zram") or {}
    algo = (adv.get("compressor") or {}).get("algorithm")
    if bool(zram.get("advised")) != ("[zram0]" in text["zram-generator.conf"].splitlines()):
        bad.append("zram-generator.conf does not say what analysis.advice.zram does (advised %s)"
                   % zram.get("advised"))
    if algo and "compression-algorithm = %s" % algo not in text["zram-generator.conf"]:
        bad.append("zram-generator.conf lacks the advised compressor %s" % algo)
    area = adv.get("swap_area") or {}
    lines = [l for l in text["fstab.swap"].splitlines() if l.strip() and not l.startswith("#")]
    if bool(area.get("advised")) != bool(lines):
        bad.append("fstab.swap has %d lines for swap_area advised %s" % (len(lines), area.get("advised")))
    for n in names[:-1]:
        if n not in text["README"]:
            bad.append("setup/README does not say where %s goes" % n)
    txt = " ".join(open(os.path.join(run_path, "report.txt"), errors="replace").read().split())
    if "What to set up" not in txt:
        bad.append("report.txt has no 'What to set up' section")
    if "setup/" not in log:
        bad.append("run.log does not say setup/ was written")
for b in bad:
    print("report:", b)
sys.exit(1 if bad else 0)
EOF
}

# vm_file_sum FILE: checksum of a blank disk, to prove the guest left it unchanged
vm_file_sum() { sha256sum "$1" | cut -d' ' -f1; }

# vm_unattended FIRMWARE [crlf]: the unattended boot: config, boot, wait for power-off, copy
# reports/ out to $VM_DIR/out. VM_BOOT_TIMEOUT bounds the guest (boot + run + power-off).
vm_unattended() {
	vm_setup "$1"
	vm_unattended_config "${2:-}"
	vm_grub "panic=-1"
	vm_start "${VM_BOOT_TIMEOUT:-780}"
	vm_wait_poweroff
	vm_reports "$VM_DIR/out"
}

# vm_unattended_check: what every unattended run must leave: progress on the console and a
# report measuring every placement
vm_unattended_check() {
	vm_serial_has 'swapplace: \[[0-9]+/[0-9]+\] measuring' || fail "no progress line on the serial console"
	vm_assert_report "$VM_DIR/out"
}

# vm_refusal SERIAL REGEX: an unattended config with target = confirm = SERIAL must be refused:
# the guest powers off, leaves a new reason file in reports/ that names SERIAL and matches the
# extended REGEX, writes no report.json, and leaves both blank disks as they were (same bytes,
# still no block allocated in the sparse files).
vm_refusal() {
	local serial=$1 want=$2 hdd_before nvme_before d new rel f hit=""
	VM_HDD_SIZE=1G # nothing may run: a small disk hashes faster
	vm_setup seabios
	vm_config <<EOF2
# written by tests/vm/$VM_NAME.sh: this run must be refused
auto = yes
target = $serial
confirm = $serial
also = $VM_NVME_SERIAL
$VM_RUN_CONF
EOF2
	vm_grub "panic=-1"
	vm_reports "$VM_DIR/before" >/dev/null
	(cd "$VM_DIR/before" && find reports -type f | sort) >"$VM_DIR/reports-before"
	hdd_before=$(vm_file_sum "$VM_DIR/hdd.raw")
	nvme_before=$(vm_file_sum "$VM_DIR/nvme.raw")
	vm_start "${VM_BOOT_TIMEOUT:-400}"
	vm_wait_poweroff
	vm_reports "$VM_DIR/out"

	[ "$(vm_file_sum "$VM_DIR/hdd.raw")" = "$hdd_before" ] || fail "the HDD's bytes changed"
	[ "$(vm_file_sum "$VM_DIR/nvme.raw")" = "$nvme_before" ] || fail "the NVMe disk's bytes changed"
	for d in hdd nvme; do
		[ "$(du -k "$VM_DIR/$d.raw" | cut -f1)" = 0 ] || fail "blocks were written to $d.raw"
	done
	(cd "$VM_DIR/out" && find reports -type f | sort) >"$VM_DIR/reports-after"
	new=$(comm -13 "$VM_DIR/reports-before" "$VM_DIR/reports-after")
	[ -n "$new" ] || fail "nothing new in reports/"
	if find "$VM_DIR/out/reports" -name report.json | grep -q .; then
		fail "a report.json was written although the run was refused"
	fi
	while IFS= read -r rel; do
		f=$VM_DIR/out/$rel
		echo "--- $rel:"
		cat "$f"
		if grep -q -- "$serial" "$f" && grep -Eiq -- "$want" "$f"; then
			hit=$rel
		fi
	done <<<"$new"
	[ -n "$hit" ] || fail "no new file in reports/ names '$serial' and says /$want/"
	vm_serial_has "swapplace: REFUSED: .*$serial" || fail "the console did not say REFUSED"
	vm_log "the reason is in $hit"
}

# VM_RUN_CONF_LIGHT: a run that proves a boot path reached a measurement and saved its report
# (the firmware tests), not what a full run measures: the SeaBIOS test does that. Start and one
# zram compressor, no scenario, no profile: about a minute under TCG instead of three.
VM_RUN_CONF_LIGHT="budget = 48M
swap_size = 160M
time_per_placement = 4
only = start,zram-lz4
scenario = none
profile_time = 0"

# vm_assert_report_light OUT: OUT/reports holds one run named ...-<target serial> with
# report.json and report.txt, in which start measured real swap-ins with integrity checked.
vm_assert_report_light() {
	python3 - "$1/reports" "$VM_HDD_SERIAL" <<'EOF2' || fail "the light run's report is not what it must be"
import glob, json, os, sys

top, serial = sys.argv[1], sys.argv[2]
found = sorted(glob.glob(os.path.join(top, "*", "report.json")))
if len(found) != 1:
    sys.exit("want exactly one reports/*/report.json, found %d: %s" % (len(found), found))
bad = []
d = os.path.dirname(found[0])
if not os.path.basename(d).endswith("-" + serial):
    bad.append("run directory '%s' does not end with the target serial" % d)
if not os.path.exists(os.path.join(d, "report.txt")):
    bad.append("no report.txt beside report.json")
r = json.load(open(found[0]))
res = {x["placement"]: x for x in r.get("results", [])}
print("placements:", ", ".join("%s=%s" % (k, v.get("status")) for k, v in res.items()))
s = res.get("start") or {}
fp, integ = s.get("fault_probe") or {}, s.get("integrity") or {}
print("  start real_swapins=%s p50_us=%s pages_checked=%s mismatches=%s" % (
    fp.get("real_swapins"), fp.get("p50_us"), integ.get("pages_checked"), integ.get("mismatches")))
if s.get("status") != "ok":
    bad.append("start: status %s (%s)" % (s.get("status"), s.get("reason")))
if not (fp.get("real_swapins") or 0) > 0:
    bad.append("start: no real swap-ins")
if not (integ.get("pages_checked") or 0) > 0 or integ.get("mismatches", 0) != 0:
    bad.append("start: integrity %s" % integ)
# the target's backup, made before the first write, beside the report on the stick (vfat)
bk = r.get("backups") or []
print("backups:", bk)
if len(bk) != 1:
    bad.append("want one backup (the target's), found %s" % bk)
else:
    bd = os.path.join(d, bk[0].get("dir") or "?")
    for f in ("identity", "table.sfdisk", "first.bin", "last.bin"):
        if not os.path.isfile(os.path.join(bd, f)):
            bad.append("backup: no %s in %s" % (f, bd))
    if os.path.isfile(os.path.join(bd, "first.bin")) and os.path.getsize(os.path.join(bd, "first.bin")) != 1 << 20:
        bad.append("backup: first.bin is not 1 MiB")
    if "--target serial:%s --confirm %s" % (serial, serial) not in bk[0].get("restore", ""):
        bad.append("backup: the restore line does not name serial %s: %s" % (serial, bk[0].get("restore")))
for b in bad:
    print("report:", b)
sys.exit(1 if bad else 0)
EOF2
}
