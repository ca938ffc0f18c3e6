#!/bin/sh
# Runs a silk lab run as N shards under GNU parallel, then merges them.
#
#   parallel/run.sh N RUN_DIR GAME [silk simulate options...]
#
# JOBS shards run at once (default 1: each shard already uses every core; see the README for
# when more pays). PARALLEL_SEQ, the job's 1-based sequence number, picks the shard. Running the
# same command again continues an interrupted run: finished shards are kept, not recomputed.
# Extra GNU parallel options go in PARALLEL_OPTS, e.g. "--sshlogin a,b" with the repository and
# RUN_DIR at the same paths on every host (a shared file system).
set -eu
[ $# -ge 3 ] || { echo "usage: run.sh N RUN_DIR GAME [silk simulate options...]" >&2; exit 2; }
n=$1
run_dir=$2
shift 2
case $n in '' | *[!0-9]* | 0 | 0?*) echo "run.sh: N=$n: expected a whole number of at least 1" >&2; exit 2 ;; esac
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$run_dir"
export SILK_SHARDS="$n" SILK_SCHEDULER=parallel

# -N0: one job per input line, no argument added; -q: pass the arguments through unsplit;
# --halt: stop at the first failed shard; --env: what shard.sh reads, for remote hosts too.
# shellcheck disable=SC2086 # PARALLEL_OPTS is a list of options
# --resume-failed with the run's job log: run again, the command skips the shards that
# succeeded and reruns those that failed or never ran.
seq 1 "$n" | parallel -N0 -q --jobs "${JOBS:-1}" --halt now,fail=1 --resume-failed \
    --env SILK --env SILK_SHARDS --env SILK_SCHEDULER --env SILK_THREADS \
    --joblog "$run_dir/parallel.log" ${PARALLEL_OPTS:-} \
    "$here/shard.sh" "$run_dir/shards" "$@"
"$here/merge.sh" "$run_dir/shards" "$run_dir/merged" --html "$run_dir/report.html"
