#!/bin/sh
# Runs again the tasks of a submitted run that did not succeed (cancelled, failed, timed out,
# lost with a node) and lets its merge wait for them.
#
#   slurm/requeue.sh RUN_DIR [K...]    # K: array indices; default: every task that ended badly
#
# `scontrol requeue` puts each task back in the same array, with the same index and variables,
# so it runs the same shard (a half-written one was never renamed into place). Slurm keeps a
# failed task against `afterok` on the whole array even once it has run again, so the merge is
# pointed at every task one by one (or submitted again, if Slurm cancelled it). Works while
# Slurm still remembers the jobs (MinJobAge, 5 minutes by default); after that, submit the
# same run again into the same RUN_DIR: finished shards are kept, only the missing ones play.
set -eu
die() {
    echo "requeue.sh: $*" >&2
    exit 2
}
[ $# -ge 1 ] || die "usage: requeue.sh RUN_DIR [K...]"
run_dir=$(cd "$1" && pwd) || die "$1: no such directory"
shift
[ -f "$run_dir/slurm-jobs" ] || die "$run_dir/slurm-jobs: not a run submitted by submit.sh"
array=$(sed -n 's/^array=//p' "$run_dir/slurm-jobs")
merge=$(sed -n 's/^merge=//p' "$run_dir/slurm-jobs")
# A merge submitted again finds the scripts as submit.sh's did.
SILK_SCALE_OUT=${SILK_SCALE_OUT:-$(cd "$(dirname "$0")/.." && pwd)}
export SILK_SCALE_OUT
n=$(sed -n 's/^shards=//p' "$run_dir/slurm-jobs")

if [ $# -eq 0 ]; then
    # Every task record Slurm holds, one a line: ArrayTaskId=K ... JobState=S.
    set -- $(scontrol show job -o "$array" 2>/dev/null | tr ' ' '\n' |
        awk -F= '$1 == "ArrayTaskId" { k = $2 }
                 $1 == "JobState" && $2 ~ /^(CANCELLED|FAILED|TIMEOUT|NODE_FAIL|PREEMPTED|BOOT_FAIL|OUT_OF_MEMORY|DEADLINE)$/ { print k }')
fi
[ $# -gt 0 ] || { echo "requeue.sh: no task of array $array ended badly" >&2; exit 0; }
for k in "$@"; do
    scontrol requeue "${array}_$k"
    # A requeued task waits a while before it may start again (Slurm's rule): now.
    scontrol update jobid="${array}_$k" starttime=now 2>/dev/null || true
done

deps=
k=1
while [ "$k" -le "$n" ]; do
    deps="$deps:${array}_$k"
    k=$((k + 1))
done
if [ "$(squeue -h -j "$merge" -o %T 2>/dev/null)" = PENDING ]; then
    scontrol update jobid="$merge" dependency="afterok$deps"
else
    merge=$(sbatch --parsable ${SILK_SBATCH:-} --dependency="afterok$deps" \
        --output="$run_dir/logs/merge.log" "$SILK_SCALE_OUT/slurm/merge.sbatch" "$run_dir")
    merge=${merge%%;*}
    sed -i "s/^merge=.*/merge=$merge/" "$run_dir/slurm-jobs"
fi
echo "requeue.sh: requeued task(s) $* of array $array; merge $merge waits for them" >&2
