#!/bin/bash
# tests/vm/lab-index-two-runs.sh - one stick, two unattended boots (the smallest run: only the
# start partition, no scenario, no profile; the second with another budget): after each boot
# the appliance has rewritten reports/index.html, which after the second lists both runs (their
# folders, dates and links), compares them and says the budgets differed. The index is written
# atomically: no temporary index file is left on the stick.
# runner: may run beside another test
# runner: takes about 75 s
. "$(dirname "$0")/lib.sh"
vm_setup seabios
boot() { # BUDGET
	vm_config <<EOF
# written by tests/vm/$VM_NAME.sh
auto = yes
target = $VM_HDD_SERIAL
confirm = $VM_HDD_SERIAL
only = start
scenario = none
profile_time = 0
time_per_placement = 2
swap_size = 160M
budget = $1
EOF
	vm_grub "panic=-1"
	vm_start "${VM_BOOT_TIMEOUT:-600}"
	vm_wait_poweroff
	vm_serial_has 'swapplace: saved on the stick: reports/' || fail "no report saved (budget $1)"
	vm_serial_has "swapplace: the stick's index lists this run: reports/index.html" ||
		fail "the index was not rewritten after the run (budget $1)"
}
boot 48M
mdir -i "$VM_STICK@@1M" ::/reports/index.html >/dev/null 2>&1 || fail "no reports/index.html after the first boot"
boot 32M
vm_reports "$VM_DIR/out"
python3 - "$VM_DIR/out/reports" <<'EOF' || fail "reports/index.html does not list and compare both runs"
import glob, html.parser, os, sys
top = sys.argv[1]
runs = sorted(os.path.basename(os.path.dirname(p)) for p in glob.glob(os.path.join(top, "*", "report.json")))
assert len(runs) == 2, runs
assert not [f for f in os.listdir(top) if f.startswith(".index")], os.listdir(top)
text = open(os.path.join(top, "index.html"), encoding="utf-8").read()
hrefs, words = [], []
class P(html.parser.HTMLParser):
    def handle_starttag(self, tag, attrs):
        if tag == "a":
            hrefs.append(dict(attrs).get("href"))
    def handle_data(self, d):
        words.append(d)
P().feed(text)
body = " ".join(words)
for r in runs:
    assert r in body, ("run folder not listed", r)
    assert r + "/report.json" in hrefs, ("no link to", r, hrefs)
    assert os.path.exists(os.path.join(top, r, "report.txt")), r
assert "the runs used different budgets: 48 MiB, 32 MiB" in body, "the budget difference is not said"
assert "Swap-in latency" in body and "start" in body, "no comparison of the runs"
print("index.html lists", runs)
EOF
vm_log "pass"
