#!/bin/bash
# tests/vm/interactive-serial.sh - with no unattended config the stick boots to the interactive
# screen, driven here over the serial console as a person would: the two blank disks are
# offered and the stick itself is not (it is listed under "Not offered" as the boot stick); the
# HDD is picked; a confirmation with the other disk's last four characters is rejected; the
# HDD's last four are accepted; the plan with its estimated time is shown and the run starts (a
# progress line); at the end the verdict and the menu come, and "power off" from the menu
# powers the guest off with the report saved on the stick. The budget comes from kernel
# parameters (the interactive defaults want a bigger disk and far more time than TCG has).
# runner: may run beside another test
. "$(dirname "$0")/lib.sh"
# the NVMe's serial ends differently from the HDD's, so a confirmation typed for the wrong disk
# can be told apart from the right one
VM_NVME_SERIAL=SPNVME0002
vm_setup seabios
# a light run (start and zram-lz4, no scenario, no profile): the screens are under test here;
# boot-seabios-unattended measures everything
vm_grub "swapplace.budget=48M swapplace.swap_size=160M swapplace.time=4 swapplace.only=start,zram-lz4 swapplace.scenario=none swapplace.profile_time=0 panic=-1"
sock=$VM_DIR/serial.sock
# wait=on: QEMU starts the guest only once the driver is connected, so nothing is missed
vm_start "${VM_BOOT_TIMEOUT:-600}" \
	-chardev "socket,id=ser0,path=$sock,server=on,wait=on,logfile=$VM_DIR/serial.log" \
	-serial chardev:ser0
python3 - "$sock" "$VM_HDD_SERIAL" "$VM_NVME_SERIAL" "$VM_STICK_SERIAL" "${VM_STEP_TIMEOUT:-300}" <<'PY' ||
import os, re, socket, sys, time

sock_path, hdd, nvme, stick, step_timeout = sys.argv[1:6]
step_timeout = float(step_timeout)
t0 = time.time()
ansi = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\r")

def log(msg):
    print("[%3.0fs] %s" % (time.time() - t0, msg), flush=True)

deadline = time.time() + 30
while True:
    try:
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(sock_path)
        break
    except OSError:
        if time.time() > deadline:
            sys.exit("cannot connect to the serial socket")
        time.sleep(0.2)
s.settimeout(1.0)
text = ""
pos = 0

def expect(pattern, timeout=step_timeout):
    """wait for REGEX in the output after the last match; returns the match"""
    global text, pos
    rx = re.compile(pattern, re.M)
    end = time.time() + timeout
    while True:
        m = rx.search(text, pos)
        if m:
            pos = m.end()
            return m
        if "swapplace: PANIC:" in text:
            time.sleep(1)
            sys.exit("the init panicked; the console ends with:\n" + "\n".join(text.splitlines()[-25:]))
        if time.time() > end:
            tail = "\n".join(text.splitlines()[-25:])
            sys.exit("timed out after %.0f s waiting for /%s/; the console ends with:\n%s"
                     % (timeout, pattern, tail))
        try:
            data = s.recv(65536)
        except socket.timeout:
            continue
        if not data:
            sys.exit("the serial console closed while waiting for /%s/" % pattern)
        text += ansi.sub("", data.decode("utf-8", "replace"))

def send(line):
    log("typing %r" % line)
    s.sendall(line.encode() + b"\r")

bad = []
m = expect(r"Disk to sacrifice \[1-(\d+)\], r to rescan, m for the menu: ", timeout=step_timeout * 2)
n = int(m.group(1))
screen = text[text.rfind("Disks this run may destroy:", 0, m.start()):m.start()]
log("interactive screen after boot:\n" + screen)
offered_part, _, refused_part = screen.partition("Not offered:")
offered = {}
for line in offered_part.splitlines():
    mm = re.match(r"^\s+(\d+)\) (/dev/\S+)\s.*serial (\S+)\s*$", line)
    if mm:
        offered[mm.group(3)] = (int(mm.group(1)), mm.group(2), line)
if len(offered) != n:
    bad.append("the prompt says %d choices, the list has %d" % (n, len(offered)))
for serial, kind in ((hdd, "HDD"), (nvme, "SSD")):
    if serial not in offered:
        bad.append("blank disk %s is not offered" % serial)
    elif not re.search(r"\b%s\b" % kind, offered[serial][2]):
        bad.append("disk %s is not shown as %s: %s" % (serial, kind, offered[serial][2]))
if stick in offered:
    bad.append("the boot stick (%s) is offered as a target" % stick)
if not re.search(r"serial %s\s*\n\s*not offered: the boot stick" % stick, refused_part):
    bad.append("the stick is not listed under 'Not offered' as the boot stick")
if bad:
    sys.exit("\n".join(bad))
num, path, _ = offered[hdd]
send(str(num))
expect(r"EVERYTHING on %s \(serial %s\) will be DESTROYED" % (re.escape(path), hdd))
expect(r"Type the last 4 characters of its serial to confirm \(q to go back\): ")
send(nvme[-4:])
expect(r"'%s' does not match the end of serial %s" % (nvme[-4:], hdd))
expect(r"Type the last 4 characters of its serial to confirm \(q to go back\): ")
send(hdd[-4:])
expect(r"^target: .*%s" % hdd, timeout=120)
m = expect(r"^estimated time: \d+ min \d+ s", timeout=120)
log("plan shown: " + m.group(0))
expect(r"swapplace: running on serial %s; progress follows" % hdd, timeout=60)
m = expect(r"swapplace: \[\d+/\d+\] [^\n]*\n", timeout=step_timeout)
log("the run started: " + m.group(0).strip())
expect(r"^Verdict$", timeout=step_timeout * 2)
m = expect(r"swapplace: saved on the stick: (reports/\S+)\n", timeout=60)
log("report " + m.group(1))
if not m.group(1).endswith("-" + hdd):
    sys.exit("the report directory is not named after the target serial: " + m.group(1))
expect(r"1\) view the report\s+2\) run again\s+3\) shell\s+4\) power off\s+5\) reboot\s+6\) print the report\s*\nchoice: ")
send("4")
expect(r"syncing and unmounting the stick, then poweroff")
PY
	vm_fail "the interactive screen did not go as expected"
vm_wait_poweroff
vm_reports "$VM_DIR/out"
ls "$VM_DIR"/out/reports/*-"$VM_HDD_SERIAL"/report.json >/dev/null 2>&1 ||
	vm_fail "no report.json for $VM_HDD_SERIAL on the stick after the interactive run"
vm_log "pass"
