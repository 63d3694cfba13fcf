#!/bin/bash
# run-job-runs-as-its-user-without-disks - `run --job` runs the job as the user who asked for
# it, not as root, and out of reach of every block device (issue 19, item 7):
# - with neither --job-user nor SUDO_UID, and with SUDO_UID 0, --job is refused (exit 2, the
#   message says to pass --job-user) and the target is left byte-identical;
# - as --job-user nobody, and as SUDO_UID/SUDO_GID of nobody, the job's `id -u`, `id -g` and
#   `id -G` are nobody's alone (no supplementary group of root's), NoNewPrivs is 1, its
#   environment is PATH, HOME, LANG and TERM and nothing of swapplace's (a planted variable is
#   gone), it runs in the placement's memory cgroup, and its wall time is timed (a 0.5 s sleep);
#   it holds no descriptor but 0, 1 and 2 (swapplace is started with the other device open as
#   fd 9, without O_CLOEXEC: a write through an inherited one meets no permission check);
# - the job writes `dd of=` a block device (another loop device filled with random bytes, and
#   the same through /proc/1/root, and the target itself), and makes one with mknod: all fail,
#   and the other device is byte-identical (checksum) after;
# - even as --job-user root the same writes fail (a /dev without disks, read-only; no
#   CAP_MKNOD, CAP_SYS_ADMIN or CAP_SYS_PTRACE);
# - report.json names the programs it ran by absolute path ("tools") and the job's user
#   ("job_user"), and report.txt's appendix says both; a mkfs.ext4 and a cp planted first in
#   PATH are never run;
# - with no mkfs.ext4 in /usr/sbin:/usr/bin:/sbin:/bin (an empty directory mounted over them in
#   a mount namespace of the test's own) the run stops at once, naming it, exit 1, the target
#   byte-identical and no report directory made.
. "$(dirname "$0")/lib.sh"
need_sweep
id nobody >/dev/null 2>&1 || skip "no user 'nobody'"
make_loop dev 1G
make_loop victim 16M
scratch_dir out
chmod 755 "$out"
size=$(blockdev --getsize64 "$dev")
dd if=/dev/urandom of="$victim" bs=1M count=16 oflag=direct status=none
victim_before=$(device_sum "$victim")
nobody_uid=$(id -u nobody) nobody_gid=$(id -g nobody)
common=(--target "$dev" --confirm "$size" --swap-size 128M --budget 32M --time-per-placement 1
	--profile-time 0 --only ram)

# what every job does: say who it is and where, then try the disks
job='id -u >"$O/uid"; id -g >"$O/gid"; id -G >"$O/groups"; env | sort >"$O/env"
grep NoNewPrivs /proc/self/status >"$O/nnp"; cat /proc/self/cgroup >"$O/cgroup"
fds=; for f in /proc/$$/fd/*; do [ -e "$f" ] && fds="$fds${f##*/} "; done; echo "$fds" >"$O/fds"
for d in '"$victim"' /proc/1/root'"$victim"' '"$dev"'; do
	dd if=/dev/zero of="$d" bs=4k count=1 conv=notrunc,fsync status=none 2>>"$O/dd" && echo "$d" >>"$O/wrote"
done
mknod "$O/blk" b 7 0 2>>"$O/dd" && echo mknod >>"$O/wrote"
sleep 0.5; exit 0'

# run_job NAME env ENV... -- ARGS...: a run of the job under `env ENV...` with swapplace's
# ARGS, its output directory $out/NAME-o (the job's user's), its report in $out/NAME
run_job() {
	local name=$1 envs=()
	shift 2
	while [ "$1" != -- ]; do
		envs+=("$1")
		shift
	done
	shift
	mkdir "$out/$name-o"
	chown "$nobody_uid:$nobody_gid" "$out/$name-o"
	env "${envs[@]}" SWAPPLACE_PLANTED=secret LANG=C.UTF-8 TERM=dumb \
		"$SWAPPLACE" run "${common[@]}" "$@" --job "O=$out/$name-o; $job" --out "$out/$name" \
		>/dev/null 2>"$out/$name.err" 9<"$victim" ||
		{ cat "$out/$name.err"; fail "$name: run failed"; }
}

# check_job NAME UID GID: what the job wrote, and its report
check_job() {
	local o=$out/$1-o
	echo "--- $1: uid $(cat "$o/uid") gid $(cat "$o/gid") groups $(cat "$o/groups")"
	cat "$o/dd" "$o/env"
	[ "$(cat "$o/uid")" = "$2" ] || fail "$1: the job ran as uid $(cat "$o/uid"), not $2"
	[ "$(cat "$o/gid")" = "$3" ] || fail "$1: the job ran as gid $(cat "$o/gid"), not $3"
	[ "$(cat "$o/groups")" = "$3" ] || fail "$1: the job kept groups $(cat "$o/groups")"
	grep -q "NoNewPrivs:.*1" "$o/nnp" || fail "$1: no_new_privs is not set"
	# (the shell lists its own table: no child, pipe or redirection of its own is open then;
	# the glob's directory is closed before the entries are tested)
	# swapplace was given the other device open as fd 9: the job has no descriptor of its
	[ "$(cat "$o/fds")" = "0 1 2 " ] || fail "$1: the job inherited descriptors: $(cat "$o/fds")"
	[ ! -e "$o/wrote" ] || fail "$1: the job wrote $(cat "$o/wrote")"
	[ "$(grep -c . "$o/dd")" -ge 4 ] || fail "$1: not every write failed with a message"
	[ "$(cut -d= -f1 "$o/env" | grep -v '^PWD$\|^SHLVL$\|^_$\|^OLDPWD$' | sort | tr '\n' ' ')" = \
		"HOME LANG PATH TERM " ] || fail "$1: the environment is not clean"
	grep -qx 'PATH=/usr/local/bin:/usr/bin:/bin' "$o/env" || fail "$1: PATH is not the job's"
	grep -qx 'LANG=C.UTF-8' "$o/env" && grep -qx 'TERM=dumb' "$o/env" ||
		fail "$1: LANG and TERM were not passed on"
	grep -q 'memory.*swapplace' "$o/cgroup" || grep -q '^0::.*swapplace' "$o/cgroup" ||
		fail "$1: the job is not in swapplace's memory cgroup: $(cat "$o/cgroup")"
	python3 - "$out/$1/report.json" "$2" <<'PY' || fail "$1: the report does not say it"
import json, sys
r = json.load(open(sys.argv[1]))
b = r["results"][0]["scenarios"]["build"]
print(b["status"], b["wall_s"], r["job_user"], r["tools"])
assert b["status"] == "ok" and 0.5 <= b["wall_s"] < 5, b
assert ("uid %s," % sys.argv[2]) in r["job_user"], r["job_user"]
tools = {t["name"]: t["path"] for t in r["tools"]}
for name in ("mkfs.ext4", "debugfs", "sh"):
    assert tools.get(name, "").startswith("/"), tools
    assert tools[name].rsplit("/", 1)[1] == name, tools
PY
	grep -q "Program run: *mkfs.ext4 as /" "$out/$1/report.txt" &&
		grep -q "Job run as: *.*uid $2," "$out/$1/report.txt" ||
		fail "$1: report.txt's appendix does not name the programs and the job's user"
}

# refused: nobody named, or root through sudo without --job-user root; nothing written
before=$(device_sum "$dev" 4)
for sudo in "" 0; do
	rc=0
	env -u SUDO_UID -u SUDO_GID ${sudo:+SUDO_UID=$sudo} "$SWAPPLACE" run "${common[@]}" \
		--job true --out "$out/refused$sudo" >"$out/refused.out" 2>&1 || rc=$?
	cat "$out/refused.out"
	[ "$rc" = 2 ] || fail "--job with SUDO_UID '$sudo' and no --job-user: exit $rc, not 2"
	grep -q -- "--job-user" "$out/refused.out" || fail "the refusal does not say --job-user"
	[ ! -e "$out/refused$sudo/report.json" ] || fail "a refused run wrote a report"
done
[ "$(device_sum "$dev" 4)" = "$before" ] || fail "a refused --job changed the target"

# a missing program: said before anything is written
if command -v unshare >/dev/null; then
	mkdir "$out/empty"
	rc=0
	unshare -m bash -c 'for d in /usr/sbin /usr/bin /sbin /bin; do
		[ -L "$d" ] || mount --bind "$1" "$d" || exit 99; done
		exec "$2" run "${@:3}"' - "$out/empty" "$SWAPPLACE" "${common[@]}" \
		--out "$out/notools" >"$out/notools.out" 2>&1 || rc=$?
	cat "$out/notools.out"
	[ "$rc" = 1 ] || fail "a run without mkfs.ext4 exited $rc, not 1"
	grep -q "mkfs.ext4 not found in /usr/sbin:/usr/bin:/sbin:/bin" "$out/notools.out" ||
		fail "the missing mkfs.ext4 is not named"
	[ ! -e "$out/notools" ] || fail "a run without its programs made its report directory"
	[ "$(device_sum "$dev" 4)" = "$before" ] || fail "a run without its programs changed the target"
fi

# programs planted first in PATH: never run
mkdir "$out/evil"
for p in mkfs.ext4 debugfs cp sh; do
	printf '#!/bin/sh\ntouch %s/ran-%s\nexit 1\n' "$out" "$p" >"$out/evil/$p"
	chmod 755 "$out/evil/$p"
done
PATH=$out/evil:$PATH run_job sudo env SUDO_UID="$nobody_uid" SUDO_GID="$nobody_gid" --
check_job sudo "$nobody_uid" "$nobody_gid"
! ls "$out"/ran-* 2>/dev/null || fail "a program planted in PATH was run"
run_job named env -u SUDO_UID -u SUDO_GID -- --job-user nobody
check_job named "$nobody_uid" "$nobody_gid"
run_job root env -u SUDO_UID -u SUDO_GID -- --job-user root
check_job root 0 0

[ "$(device_sum "$victim")" = "$victim_before" ] || fail "a job changed '$victim'"
echo ok
