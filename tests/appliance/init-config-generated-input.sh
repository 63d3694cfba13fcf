#!/bin/bash
# tests/appliance/init-config-generated-input.sh - the appliance's settings parser (initramfs/init:
# parse_config, parse_cmdline, apply_kv, set_opt, valid_opt, phase_config, and swapplace_for,
# which turns the settings into swapplace's arguments) on a few hundred generated inputs:
# swapplace.conf files and kernel command lines with the real keys and random ones, values
# full of shell metacharacters ($(...), backticks, ;, |, &, quotes, globs, backslashes),
# duplicates, comments, CRLF, a BOM, UTF-8, very long lines, and now and then NUL bytes and
# raw control characters. Seeded: the seed is printed, SEED=N replays it; CASES=N sets how many.
#
# Each input runs in its own subshell (under a timeout, with every command mocked) and must:
# execute nothing from the input (a canary file that any of the payloads would create never
# appears), end, and leave every setting as a model of the documented rules says (the last
# valid value wins, an invalid value of a checked key is refused with a message and changes
# nothing, an unknown key and a line without '=' are reported, yes/no settings and the
# enumerated ones hold one of their words); swapplace gets each value as exactly one argument.
# Inputs with NUL bytes or raw control characters are checked for the first two and for the
# enumerated settings only (awk implementations differ on them).
# runner: may run beside another test
. "$(dirname "$0")/lib.sh"
command -v python3 >/dev/null || skip "python3 is not installed"
SEED=${SEED:-$(date +%s)}
CASES=${CASES:-200}
echo "seed $SEED ($CASES cases; replay with SEED=$SEED)"
scratch_dir W /tmp/swapplace-initgen.XXXXXX
# the init's functions and settings, without its main (which mounts and runs the phases)
sed '/^# -* main$/,$d' "$INIT" >"$W/init-functions.sh"
grep -q '^phase_config()' "$W/init-functions.sh" || fail "cannot cut the init's functions"

python3 - "$SEED" "$CASES" "$W" <<'EOF' || fail "the generator failed"
import json, os, random, sys
seed, n, W = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
R = random.Random(seed)
KNOWN = ["auto", "target", "confirm", "also", "budget", "swap_size", "only", "poweroff",
         "profile_time", "scenario", "job_scale", "repeat", "service_workers", "layout", "cpu_max",
         "io_max", "print", "print_format", "time", "time_per_placement", "break"]
# the payloads run "touch canary" in the case's directory if anything evaluates them
PAY = ["$(touch canary)", "`touch canary`", ";touch canary", "|touch canary", "&touch canary",
       "&& touch canary", "$(touch${IFS}canary)", "'$(touch canary)'", '"$(touch canary)"',
       "\\$(touch canary)", "${x:-$(touch canary)}", "$((0))$(touch canary)", "x\ntouch canary",
       "*", "/*", "?", "[a-z]*", "~", "-x", "--out /tmp", "\\", "\\c", "\\n", "%s%n", "' \"",
       "é", "ünïcödé", "日本", "\u202e", "a b", "a\tb", "", "  ", "#", "x # not a comment?"]
GOOD = {"auto": ["yes", "no", "Yes", "TRUE", "off", "1", "0", "y", "maybe"],
        "poweroff": ["yes", "no", "on", "N", "perhaps"], "print": ["yes", "no", "nah"],
        "print_format": ["text", "ps", "pdf", "PDF", "docx"],
        "target": ["SPHDD0002", "WD-WCAV5123456", "S4EVNX0001", "Z1D2_3.4", "a:b/c+d"],
        "confirm": ["SPHDD0002", "1000204886016"], "also": ["SPNVME0001", "A1,B2", "A1,,B2"],
        "budget": ["64M", "1.5G", "12Q"], "swap_size": ["256M", "1G"], "only": ["start,end", "zram-lz4"],
        "profile_time": ["0", "30"], "scenario": ["build", "service,gc", "all", "none", "bogus", "build,"],
        "job_scale": ["0.5"], "repeat": ["2"], "service_workers": ["4"], "layout": ["installed", "centred", "centered"],
        "cpu_max": ["0.5"], "io_max": ["300", "3000,50M"], "time": ["20"], "time_per_placement": ["4"],
        "break": ["act", "nonsense"]}
def rstr(alpha, lo, hi): return "".join(R.choice(alpha) for _ in range(R.randint(lo, hi)))
def key():
    r = R.random()
    if r < 0.6: return R.choice(KNOWN)
    if r < 0.7: return R.choice(KNOWN).upper()
    if r < 0.9: return rstr("abcdefghijklmnopqrstuvwxyz_.-0123456789", 1, 12)
    return R.choice(["", "?", "swapplace.target", "tar get", "k$(touch canary)", "`touch canary`", "é"])
def value(k):
    r = R.random()
    if r < 0.4 and k in GOOD: return R.choice(GOOD[k])
    if r < 0.8: return "".join(R.choice(PAY + ["x", "1", "M", ","]) for _ in range(R.randint(1, 3)))
    if r < 0.9: return rstr("abcXYZ019 ,.:=-_", 0, 20)
    return "A" * R.randint(1000, 6000)
def wild_bytes(s):
    out = []
    for ch in s:
        out.append(ch)
        if R.random() < 0.05: out.append(R.choice(["\0", "\x01", "\x1b", "\x7f", "\xff", "\r"]))
    return "".join(out)

# ---- the model of the documented rules (docs/boot.md) ----
import re
SERIAL = re.compile(r"[!#%+./0-9:=@A-Z^_a-z{}~-]*")
ALSO = re.compile(r"[!#%+,./0-9:=@A-Z^_a-z{}~-]*")
SCEN = re.compile(r"(build|service|cache|gc|all|none)(,(build|service|cache|gc|all|none))*")
def valid(k, v):
    if k == "layout": return v in ("installed", "centred", "")
    if k == "scenario": return v == "" or SCEN.fullmatch(v) is not None
    if k in ("target", "confirm"): return SERIAL.fullmatch(v) is not None
    if k == "also": return ALSO.fullmatch(v) is not None
    return True
def conf_lines(text):
    out = []
    lines = text.split("\n")
    if text.endswith("\n"): lines = lines[:-1]
    for i, l in enumerate(lines):
        if i == 0 and l.startswith("\ufeff"): l = l[1:]
        l = l.replace("\r", "").lstrip(" \t")
        if l.startswith("#") or l == "": continue
        l = re.sub(r"[ \t]+#.*$", "", l, count=1)
        if "=" not in l: out.append(("?", l)); continue
        k, v = l.split("=", 1)
        k, v = k.strip(" \t"), v.strip(" \t")
        if k == "": out.append(("?", l)); continue
        if len(v) >= 2 and ((v[0] == v[-1] == '"') or (v[0] == v[-1] == "'")): v = v[1:-1]
        out.append((k.lower(), v))
    return out
def cmdline_pairs(text):
    out = []
    for line in text.rstrip("\n").split("\n"):
        toks, tok, q = [], "", False
        for c in line + " ":
            if c == '"': q = not q; continue
            if not q and c in " \t":
                if tok: toks.append(tok)
                tok = ""; continue
            tok += c
        for t in toks:
            if not t.startswith("swapplace."): continue
            t = t[10:]
            k, v = t.split("=", 1) if "=" in t else (t, "yes")
            out.append(("?", "swapplace." + t) if k == "" else (k, v))
    return out
def read_kv(k, v):
    # IFS=TAB read -r _k _v: a key is never empty here; tabs around the value go
    return k, v.strip("\t")
def yesno(v):
    v = v.lower()
    if v in ("yes", "y", "true", "on", "1"): return "yes"
    if v in ("no", "n", "false", "off", "0"): return "no"
    return "" if v == "" else "invalid"
OPTS = ["auto", "target", "confirm", "also", "time", "budget", "swap_size", "only", "poweroff",
        "profile_time", "scenario", "job_scale", "repeat", "service_workers", "layout", "cpu_max",
        "io_max", "print", "print_format"]
def model(conf, cmd):
    o = {k: "" for k in OPTS}; msgs = []
    for src, pairs in (("swapplace.conf", conf_lines(conf) if conf is not None else []),
                       ("kernel command line", cmdline_pairs(cmd))):
        for k, v in pairs:
            k, v = read_kv(k, v)
            if k == "?": msgs.append("%s: not 'key = value', ignored: %s" % (src, v)); continue
            if not valid(k, v): msgs.append("%s: invalid value for %s ignored: '%s'" % (src, k, v)); continue
            if k in ("time", "time_per_placement"): o["time"] = v
            elif k == "break":
                if src != "kernel command line": msgs.append("%s: 'break' is a kernel parameter only" % src)
            elif k in o: o[k] = v
            else: msgs.append("%s: unknown key '%s' ignored" % (src, k))
    for k, d in (("auto", "no"), ("poweroff", "yes"), ("print", "no")):
        y = yesno(o[k]); o[k] = d if y in ("", "invalid") else y
    if o["print_format"] not in ("", "text", "ps", "pdf"): o["print_format"] = "text"
    return o, msgs
def args(o):
    a = ["plan", "--target", "serial:" + o["target"]]
    for s in o["also"].replace(",", " ").split(): a += ["--also", "serial:" + s, "--also-confirm", s]
    for k, f in (("time", "--time-per-placement"), ("budget", "--budget"), ("swap_size", "--swap-size"),
                 ("only", "--only"), ("profile_time", "--profile-time"), ("layout", "--layout"),
                 ("scenario", "--scenario"), ("job_scale", "--job-scale"), ("repeat", "--repeat"),
                 ("service_workers", "--service-workers"),
                 ("cpu_max", "--cpu-max"), ("io_max", "--io-max")):
        if o[k]: a += [f, o[k]]
    return a

cases = []
for i in range(n):
    wild = R.random() < 0.15
    conf = None
    if R.random() < 0.9:
        lines = []
        for _ in range(R.randint(0, 14)):
            r = R.random()
            k = key()
            v = value(k)
            if r < 0.6: l = "%s%s=%s%s" % (k, R.choice(["", " ", "\t", "   "]), R.choice(["", " ", "\t"]), v)
            elif r < 0.7: l = '%s = "%s"' % (k, v)
            elif r < 0.75: l = "%s = '%s'" % (k, v)
            elif r < 0.85: l = R.choice(["# " + v, "   # comment", "", "   ", "not a setting", "=" + v, "==", "= "])
            else: l = "%s = %s # trailing %s" % (k, v, R.choice(PAY))
            lines.append(l)
        if lines and R.random() < 0.3: lines.append(lines[0])  # a duplicate
        eol = "\r\n" if R.random() < 0.3 else "\n"
        conf = ("\ufeff" if R.random() < 0.2 else "") + eol.join(lines) + (eol if R.random() < 0.8 else "")
        if wild: conf = wild_bytes(conf)
    toks = ["BOOT_IMAGE=/boot/vmlinuz", "console=ttyS0,115200"]
    for _ in range(R.randint(0, 8)):
        k = key(); v = value(k)
        if R.random() < 0.3: v = '"%s"' % v
        toks.append("swapplace.%s=%s" % (k, v) if R.random() < 0.9 else "swapplace." + k)
    cmd = " ".join(toks)
    if R.random() < 0.1: cmd = cmd.replace("\n", " ")
    if wild: cmd = wild_bytes(cmd)
    d = os.path.join(W, "c%03d" % i)
    os.makedirs(os.path.join(d, "root/proc"), exist_ok=True)
    os.makedirs(os.path.join(d, "root/mnt/stick"), exist_ok=True)
    os.makedirs(os.path.join(d, "root/run/swapplace"), exist_ok=True)
    for name in ("GLOBBED-A", "GLOBBED-B"): open(os.path.join(d, name), "w").close()
    enc = lambda s: s.encode("utf-8", "surrogateescape") if "\xff" not in s else s.encode("latin-1", "replace")
    with open(os.path.join(d, "root/proc/cmdline"), "wb") as f: f.write(enc(cmd) + b"\n")
    if conf is not None:
        with open(os.path.join(d, "root/mnt/stick/swapplace.conf"), "wb") as f: f.write(enc(conf))
    # what /proc/cmdline reads back as: $(cat) drops the trailing newlines
    o, msgs = model(None if conf is None else conf, cmd)
    cases.append({"dir": d, "wild": wild, "opts": o, "msgs": msgs, "args": args(o)})
json.dump(cases, open(os.path.join(W, "cases.json"), "w"))
EOF

# the mocks: every command the init could run for these phases logs and does nothing
mkdir -p "$W/mock"
for c in mount umount modprobe sync poweroff reboot sleep setsid blkid date less; do
	printf '#!/bin/sh\necho "$(basename "$0") $*" >>"$PWD/calls"\n' >"$W/mock/$c"
	chmod +x "$W/mock/$c"
done
printf '#!/bin/sh\nfor a in "$@"; do printf "%%s\\n" "$a"; done >"$PWD/args"\n' >"$W/mock/swapplace"
chmod +x "$W/mock/swapplace"

while read -r sh; do
	t0=$(date +%s) hung=0
	for d in "$W"/c[0-9]*; do
		rm -f "$d/out" "$d/opts" "$d/args" "$d/canary"
		# shellcheck disable=SC2016
		(cd "$d" && LC_ALL=C ROOT=$d/root MOCK=$W/mock timeout 20 $sh -c '
			. "$1"
			read_cmdline
			phase_config
			for v in auto target confirm also time budget swap_size only poweroff profile_time \
				scenario job_scale repeat service_workers layout cpu_max io_max print \
				print_format; do
				eval "printf \"%s=%s\\n\" \$v \"\$opt_$v\""
			done >opts
			swapplace_for plan "$opt_target" /nonexistent
		' sh "$W/init-functions.sh" >"$d/out" 2>&1)
		rc=$?
		[ $rc = 124 ] && { hung=1; echo "hung: $d"; }
		[ -e "$d/canary" ] && fail "$sh executed something from the input of $d: $(cat "$d/root/mnt/stick/swapplace.conf" "$d/root/proc/cmdline" 2>/dev/null | head -c 400)"
	done
	[ $hung = 0 ] || fail "the init's parser hung under $sh"
	echo "ran under $sh in $(($(date +%s) - t0)) s"
	python3 - "$W" "$sh" <<'EOF' || fail "the settings are not what the rules say (under $sh)"
import json, sys
W, sh = sys.argv[1], sys.argv[2]
cases = json.load(open(W + "/cases.json"))
bad = 0
ENUM = {"auto": ("yes", "no"), "poweroff": ("yes", "no"), "print": ("yes", "no"),
        "print_format": ("", "text", "ps", "pdf"), "layout": ("", "installed", "centred")}
for c in cases:
    d = c["dir"]
    try:
        got = dict(l.split("=", 1) for l in open(d + "/opts", encoding="utf-8", errors="surrogateescape").read().split("\n") if "=" in l)
        out = open(d + "/out", encoding="utf-8", errors="surrogateescape").read()
    except OSError as e:
        print("%s: no result (%s)" % (d, e)); bad += 1; continue
    why = []
    for k, allowed in ENUM.items():
        if got.get(k) not in allowed: why.append("%s is %r, not one of %s" % (k, got.get(k), allowed))
    sc = got.get("scenario", "")
    if sc and not all(w in ("build", "service", "cache", "gc", "all", "none") for w in sc.split(",")):
        why.append("scenario is %r" % sc)
    if not c["wild"]:
        want = c["opts"]
        for k, v in want.items():
            if got.get(k) != v: why.append("%s: got %r, the rules say %r" % (k, got.get(k), v))
        for m in c["msgs"]:
            if m not in out: why.append("message missing: %r" % m)
        try:
            a = open(d + "/args", encoding="utf-8", errors="surrogateescape").read().split("\n")[:-1]
        except OSError:
            a = None
        # the plan the init saves for its run to check (swapplace plan --save-plan, last)
        if a and len(a) >= 2 and a[-2] == "--save-plan" and a[-1].endswith("/run/swapplace/target.plan"):
            a = a[:-2]
        else:
            why.append("swapplace plan got no --save-plan .../run/swapplace/target.plan last: %r" % (a,))
        if a != c["args"]: why.append("swapplace got %r, not %r" % (a, c["args"]))
    if why:
        bad += 1
        if bad <= 5:
            print("case %s%s:" % (d, " (wild)" if c["wild"] else ""))
            for w in why[:6]: print("   ", w[:300])
            print("    conf:", repr(open(d + "/root/mnt/stick/swapplace.conf", "rb").read()[:300]) if __import__("os").path.exists(d + "/root/mnt/stick/swapplace.conf") else "    (no conf)")
            print("    cmdline:", repr(open(d + "/root/proc/cmdline", "rb").read()[:300]))
print("%d cases, %d wrong (%s)" % (len(cases), bad, sh))
sys.exit(1 if bad else 0)
EOF
done < <(shells)
exit 0
