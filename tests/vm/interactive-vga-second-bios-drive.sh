#!/bin/bash
# tests/vm/interactive-vga-second-bios-drive.sh - one SeaBIOS boot proves two things:
#
# 1. BIOS GRUB finds its own partition when the BIOS boot drive is not the stick. A small
#    "decoy" disk is first in the boot order (bootindex 0) and the stick second (bootindex 1):
#    SeaBIOS numbers hard disks in boot order, so the decoy is BIOS drive 0x80 (GRUB's hd0) and
#    the stick 0x81 (hd1). The decoy carries a copy of the stick's first MiB - the MBR with its
#    partition table and GRUB's core.img - and nothing after it, so its partition 1 holds no file
#    system. SeaBIOS runs that boot code with DL = 0x80: the stick's own GRUB, told the wrong
#    drive, as a BIOS in USB-ZIP/FDD emulation or with renumbered disks tells it. GRUB's prefix
#    (,msdos1)/boot/grub becomes (hd0,msdos1)/boot/grub: the old core.img stopped there at a
#    `grub>` prompt (this test, run on the image before the search, fails so within a second).
#    The core.img that searches for /SWAPPLACE.ID finds the stick as hd1 and boots. The test
#    checks the setup before it boots (the decoy's partition has no file system, the stick has
#    SWAPPLACE.ID, the decoy's boot code is the stick's), reads from the screen what GRUB says
#    it did (extra.cfg prints $cmdpath, where core.img came from, and $root, where grub.cfg
#    came from: they must be different drives), and fails at once on a GRUB prompt.
# 2. The interactive mode as a person sees it on the VGA console (GRUB entry 0: tty0 is the
#    console; keys typed with QMP send-key): the screen is read from the VGA text buffer (the
#    CRTC start address through the monitor's port access, then pmemsave of the 80x25 cells)
#    at the disk list, the typed confirmation (a wrong one first), the progress, the verdict
#    and the menu. Each must be legible: the mode is 80x25, every cell is plain (attribute
#    0x07: no colour or bold), no escape-sequence debris, no line longer than 80 columns (the
#    terminal would wrap it mid-word; the init folds such lines at a blank). The decoy disk has
#    a 20-character serial (ATA's longest) and a 40-character model, so the disk list's widest
#    line is on the screen. The progress lines ([k/N]) overwrite one another on one row: both
#    are in run.log, the screen holds only the last.
# A light run (start and zram-lz4, no scenario, no profile), then "power off" from the menu and
# the report on the stick. (It replaced tests/vm/interactive-serial.sh, which drove the same
# screens over serial; tests/appliance/init-screen-fits-80x25.sh checks the serial console's lines.)
# runner: may run beside another test
. "$(dirname "$0")/lib.sh"
VM_DECOY_SERIAL=SPDECOY0123456789ABC
VM_DECOY_MODEL="SWAPPLACE TEST DECOY WITH A LONG NAME 40"
vm_setup seabios
# the decoy: the stick's boot code and partition table, a blank partition behind it
dd if="$VM_STICK" of="$VM_DIR/decoy.raw" bs=1M count=1 status=none || fail "cannot copy the boot code"
truncate -s 80M "$VM_DIR/decoy.raw" || fail "cannot make decoy.raw"
mdir -i "$VM_DIR/decoy.raw@@1M" ::/ >/dev/null 2>&1 &&
	fail "the decoy's partition has a file system: GRUB's old prefix would find one there"
mdir -i "$VM_STICK@@1M" ::/SWAPPLACE.ID >/dev/null 2>&1 || fail "the stick has no SWAPPLACE.ID"
cmp -s -n 440 "$VM_STICK" "$VM_DIR/decoy.raw" || fail "the decoy's boot code is not the stick's"
VM_STICK_BOOTINDEX=1
VM_EXTRA_ARGS=(-drive "if=none,id=decoy,format=raw,file=$VM_DIR/decoy.raw"
	-device "ide-hd,drive=decoy,serial=$VM_DECOY_SERIAL,model=$VM_DECOY_MODEL,bootindex=0"
	-qmp "unix:$VM_DIR/qmp.sock,server=on,wait=off")
# entry 0 (the screen is the console); GRUB says on the screen where it came from and where
# it found its files, and waits 2 s so the test reads it before the menu
cat >"$VM_DIR/extra.cfg" <<EOF
set default=0
set timeout=0
set swapplace_args="swapplace.budget=48M swapplace.swap_size=160M swapplace.time=4 swapplace.only=start,zram-lz4 swapplace.scenario=none swapplace.profile_time=0 panic=-1"
echo "swapplace-test: core.img from \$cmdpath, grub.cfg from (\$root)"
sleep 2
EOF
vm_put "$VM_DIR/extra.cfg" ::/boot/grub/extra.cfg
vm_start "${VM_BOOT_TIMEOUT:-600}"
python3 - "$VM_DIR" "$VM_HDD_SERIAL" "$VM_DECOY_SERIAL" "$VM_STICK_SERIAL" "${VM_STEP_TIMEOUT:-300}" \
	"$VM_NVME_SERIAL" <<'PY' ||
import json, os, re, socket, sys, time

vm_dir, hdd, decoy, stick, step_timeout, nvme = sys.argv[1:7]
step_timeout = float(step_timeout)
t0 = time.time()

def log(msg):
    print("[%3.0fs] %s" % (time.time() - t0, msg), flush=True)

deadline = time.time() + 30
while True:
    try:
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(os.path.join(vm_dir, "qmp.sock"))
        break
    except OSError:
        if time.time() > deadline:
            sys.exit("cannot connect to QEMU's QMP socket")
        time.sleep(0.2)
f = s.makefile("rw")
json.loads(f.readline())

def qmp(cmd, **args):
    f.write(json.dumps({"execute": cmd, "arguments": args}) + "\n")
    f.flush()
    while True:
        r = json.loads(f.readline())
        if "event" in r:
            continue
        if "error" in r:
            raise RuntimeError("QMP %s: %s" % (cmd, r["error"]))
        return r["return"]

qmp("qmp_capabilities")

def hmp(line):
    return qmp("human-monitor-command", **{"command-line": line})

def inb(port):
    m = re.search(r"= 0x([0-9a-f]+)", hmp("i/b 0x%x" % port))
    if not m:
        raise RuntimeError("cannot read port 0x%x" % port)
    return int(m.group(1), 16)

def crtc(index):
    hmp("o/b 0x3d4 0x%x" % index)
    return inb(0x3d5)

dump = os.path.join(vm_dir, "vga.bin")

def screen():
    """the visible 80x25 text screen: (rows as text, attribute bytes, geometry)"""
    qmp("stop")
    try:
        # the guest's CRTC index is put back: it may be between its own two port writes
        saved = inb(0x3d4)
        start = crtc(0x0C) << 8 | crtc(0x0D)
        cols = crtc(0x01) + 1
        ov = crtc(0x07)
        vde = crtc(0x12) | (ov & 0x02) << 7 | (ov & 0x40) << 3
        rows = (vde + 1) // ((crtc(0x09) & 0x1F) + 1)
        hmp("o/b 0x3d4 0x%x" % saved)
        # the kernel's vgacon scrolls by moving the start address through the 32 KiB window
        qmp("pmemsave", val=0xB8000 + 2 * start, size=4000, filename=dump)
    finally:
        qmp("cont")
    raw = open(dump, "rb").read()
    chars = raw[0::2].decode("cp437")
    return [chars[i:i + 80] for i in range(0, 2000, 80)], raw[1::2], (cols, rows)

def show(lines):
    return "\n".join("|" + l.rstrip() for l in lines)

shots = {}

def wait_screen(name, pattern, timeout=step_timeout):
    """poll the screen until REGEX is on it (rows joined by newlines); keep it as NAME"""
    rx = re.compile(pattern, re.M)
    end = time.time() + timeout
    last = None
    while time.time() < end:
        try:
            lines, attrs, geo = screen()
        except (OSError, ValueError, RuntimeError) as e:
            sys.exit("cannot read the screen: %s" % e)
        last = lines
        # rows without their trailing blanks: a pattern's $ is where the text ends
        text = "\n".join(l.rstrip() for l in lines)
        if re.search(r"grub>|grub rescue>|swapplace: PANIC:", text):
            sys.exit("waiting for %s, the screen shows a prompt it must not:\n%s" % (name, show(lines)))
        m = rx.search(text)
        if m:
            shots[name] = (lines, attrs, geo)
            log("screen at %s:\n%s" % (name, show(lines)))
            return m, lines
        time.sleep(0.5)
    sys.exit("timed out after %.0f s waiting for %s /%s/; the screen:\n%s"
             % (timeout, name, pattern, show(last or [])))

keymap = {str(d): str(d) for d in range(10)}
keymap.update({c: c for c in "abcdefghijklmnopqrstuvwxyz"})

def key(qcode):
    qmp("send-key", keys=[{"type": "qcode", "data": qcode}])
    time.sleep(0.05)

def type_text(text):
    log("typing %r" % text)
    for ch in text.lower():
        key(keymap[ch])

def type_line(text):
    type_text(text)
    key("ret")

# 1. GRUB: where core.img came from (the BIOS drive) and where it found grub.cfg
m, _ = wait_screen("grub", r"swapplace-test: core\.img from \((\w+)\S*, grub\.cfg from \((\w+),(\w+)\)",
                   timeout=120)
boot_drive, root_drive = m.group(1), m.group(2)
log("GRUB: BIOS drive %s, files from %s" % (boot_drive, root_drive))
if boot_drive == root_drive:
    sys.exit("the BIOS boot drive (%s) is the stick: the test does not make them differ" % boot_drive)

# 2. the interactive screens
m, lines = wait_screen("disk list", r"Disk to sacrifice \[1-(\d+)\], r to rescan, m for the menu:$")
text = "\n".join(l.rstrip() for l in lines)
offered = dict((mm.group(3), (mm.group(1), mm.group(2))) for mm in
               re.finditer(r"^  (\d+)\) (/dev/\S+ .*) serial (\S+)$", text, re.M))
bad = []
for serial, kind in ((hdd, "HDD"), (decoy, "HDD"), (nvme, "SSD")):
    if serial not in offered:
        bad.append("disk %s is not offered whole on the screen" % serial)
    elif not re.search(r"\b%s\b" % kind, offered[serial][1]):
        bad.append("disk %s is not shown as %s: %s" % (serial, kind, offered[serial][1]))
if stick in offered:
    bad.append("the stick is offered")
if not re.search(r"serial %s\n +not offered: the boot stick" % stick, text):
    bad.append("the stick is not shown as 'not offered: the boot stick'")
if bad:
    sys.exit("\n".join(bad))
type_line(offered[hdd][0])
wait_screen("confirmation prompt", r"EVERYTHING on /dev/\S+ \(serial %s\) will be DESTROYED\.\n"
            r"Type the last 4 characters of its serial to confirm \(q to go back\):$" % hdd)
# a confirmation for another disk is refused and asked again
type_line("0002")
wait_screen("refused confirmation", r"^  '0002' does not match the end of serial %s; try again\n"
            r"Type the last 4 characters of its serial to confirm \(q to go back\):$" % hdd, timeout=30)
# what the person typed is on the screen before Enter
type_text(hdd[-4:])
wait_screen("typed confirmation", r"to confirm \(q to go back\): %s$" % hdd[-4:], timeout=30)
key("ret")
_, lines = wait_screen("progress", r"^swapplace: \[2/2\] measuring 'zram-lz4'")
prog = [l for l in lines if re.match(r"swapplace: \[\d+/\d+\] ", l)]
if len(prog) != 1:
    bad.append("the progress lines do not overwrite one row: %d rows hold one" % len(prog))
wait_screen("verdict", r"^Verdict$", timeout=step_timeout)
m, lines = wait_screen("menu", r"^  1\) view the report +2\) run again +3\) shell +4\) power off +5\) reboot\n"
                       r"  6\) print the report\nchoice:$", timeout=120)
saved = re.search(r"swapplace: saved on the stick:\s+(reports/\S+)", "\n".join(l.rstrip() for l in lines))
if not saved or not saved.group(1).endswith("-" + hdd):
    bad.append("the menu screen does not say the report was saved for %s" % hdd)

# legible on 80x25: the mode, plain cells, no escape debris, no word cut by a wrap
for name, (lines, attrs, geo) in shots.items():
    if geo != (80, 25):
        bad.append("%s: the text mode is %dx%d, not 80x25" % (name, geo[0], geo[1]))
    if name == "grub":
        continue  # GRUB's own screen (its menu is highlighted); the rest is the console's
    odd = sorted(set(a for a in attrs if a != 0x07))
    if odd:
        bad.append("%s: cells with attributes %s (colour or bold), not only 0x07" % (
            name, ", ".join("0x%02x" % a for a in odd)))
    for i, l in enumerate(lines):
        if "\x1b" in l or re.search(r"\[[0-9;]*[A-HJKSTfmhl]|\[\?\d", l):
            bad.append("%s: row %d holds escape-sequence debris: %r" % (name, i + 1, l.rstrip()))
        # a line longer than 80 columns wraps mid-word: this row ends in a letter and the next
        # begins with one (an 80-column line that ends a word, followed by an indented one, is fine)
        if i + 1 < len(lines) and l[79] != " " and lines[i + 1][0] != " ":
            bad.append("%s: rows %d-%d cut a line mid-word: %r / %r" % (
                name, i + 1, i + 2, l[60:], lines[i + 1][:20]))
if bad:
    sys.exit("\n".join(bad))
type_line("4")
PY
	fail "the VGA screen did not go as expected"
vm_wait_poweroff
vm_reports "$VM_DIR/out"
vm_assert_report_light "$VM_DIR/out"
# both progress lines were written (run.log keeps every line): the screen showed the last only
d=$(dirname "$(ls "$VM_DIR"/out/reports/*-"$VM_HDD_SERIAL"/report.json)")
for k in 1 2; do
	grep -q "^swapplace: \[$k/2\] measuring" "$d/run.log" || fail "run.log has no [$k/2] progress line"
done
grep -q $'\r' "$d/run.log" && fail "run.log holds carriage returns (meant for the screen only)"
vm_log "pass"
