#!/bin/sh
# Runs one shard of a silk lab run: the slice this scheduler task stands for.
#
#   shard.sh SHARDS_DIR GAME [silk simulate options...]
#   shard.sh SHARDS_DIR COMMAND GAME [options...]   COMMAND: simulate, sweep, compare, ladder, tune
#
# A design job (sweep, compare, ladder, tune) shards as simulate does: each shard is that
# slice of every run of the job, and merge.sh gives the output of the unsharded command.
#
# The shard index comes from the variable the scheduler sets for each task:
#   Slurm job array        SLURM_ARRAY_TASK_ID   (with SLURM_ARRAY_TASK_MIN, _COUNT, _STEP)
#   Kubernetes Indexed Job JOB_COMPLETION_INDEX  (0-based; the count from SILK_SHARDS)
#   GNU parallel           PARALLEL_SEQ          (1-based; the count from SILK_SHARDS)
#   by hand                SILK_SHARD=K/N
# silk's --shard K/N is 1-based (1 <= K <= N); each index above is converted to it.
#
# Environment:
#   SILK          the silk binary (default: silk on PATH)
#   SILK_SHARDS   the number of shards N (required except under Slurm, where it defaults to
#                 SLURM_ARRAY_TASK_COUNT and must agree with it when both are set)
#   SILK_SCHEDULER  slurm | kubernetes | parallel: which index to read when several are set
#   SILK_THREADS  passed on as --threads (e.g. the CPUs the scheduler gave this task)
#
# The shard is written to a temporary directory and renamed to SHARDS_DIR/shard-K-of-N when
# complete, so a killed or preempted task never leaves a half-written shard for the merge; a
# task that finds its shard already there (a retry, a requeue) does nothing, and one that finds
# a shard of other options there refuses.
set -eu

die() {
    echo "shard.sh: $*" >&2
    exit 2
}

[ $# -ge 2 ] || die "usage: shard.sh SHARDS_DIR [COMMAND] GAME [silk options...]"
shards_dir=$1
shift
command=simulate
case $1 in simulate | sweep | compare | ladder | tune)
    command=$1
    shift
    ;;
esac
for a in "$@"; do
    case $a in
    --shard | --shard=* | --out | --out=*) die "$a: the shard and its directory are set by this script" ;;
    esac
done

# A non-negative decimal integer without leading zeros (those read as octal in $(( ))), short
# enough not to overflow shell arithmetic.
is_count() {
    case $1 in
    '' | *[!0-9]* | 0?*) return 1 ;;
    esac
    [ ${#1} -le 9 ]
}
need_count() { # NAME VALUE
    is_count "$2" || die "$1=$2: expected a whole number"
}

# Which scheduler's index to use: the one named, else the only one set.
scheduler=${SILK_SCHEDULER:-}
if [ -z "$scheduler" ]; then
    set_vars=
    [ -n "${SILK_SHARD:-}" ] && set_vars="$set_vars SILK_SHARD" && scheduler=manual
    [ -n "${SLURM_ARRAY_TASK_ID:-}" ] && set_vars="$set_vars SLURM_ARRAY_TASK_ID" && scheduler=slurm
    [ -n "${JOB_COMPLETION_INDEX:-}" ] && set_vars="$set_vars JOB_COMPLETION_INDEX" && scheduler=kubernetes
    [ -n "${PARALLEL_SEQ:-}" ] && set_vars="$set_vars PARALLEL_SEQ" && scheduler=parallel
    case $set_vars in
    '') die "no shard index: set by Slurm (SLURM_ARRAY_TASK_ID), a Kubernetes Indexed Job (JOB_COMPLETION_INDEX), GNU parallel (PARALLEL_SEQ), or SILK_SHARD=K/N" ;;
    ' '*' '*) die "several shard indices are set ($set_vars ): name the one to use with SILK_SCHEDULER=slurm|kubernetes|parallel" ;;
    esac
fi

shards=${SILK_SHARDS:-}
case $scheduler in
manual)
    case ${SILK_SHARD:-} in
    */*) k=${SILK_SHARD%%/*} shards=${SILK_SHARD#*/} ;;
    *) die "SILK_SHARD=${SILK_SHARD:-}: expected K/N" ;;
    esac
    need_count "SILK_SHARD K" "$k"
    ;;
slurm)
    id=${SLURM_ARRAY_TASK_ID:-}
    [ -n "$id" ] || die "SILK_SCHEDULER=slurm but SLURM_ARRAY_TASK_ID is not set (submit with sbatch --array)"
    need_count SLURM_ARRAY_TASK_ID "$id"
    min=${SLURM_ARRAY_TASK_MIN:-}
    [ -n "$min" ] || die "SLURM_ARRAY_TASK_MIN is not set: this Slurm is too old to say where the array starts"
    need_count SLURM_ARRAY_TASK_MIN "$min"
    # --array=1-8:2 gives tasks 1,3,5,7: not one index per shard.
    step=${SLURM_ARRAY_TASK_STEP:-1}
    [ "$step" = 1 ] || die "SLURM_ARRAY_TASK_STEP=$step: submit a contiguous array (--array=1-N)"
    count=${SLURM_ARRAY_TASK_COUNT:-}
    if [ -n "$count" ]; then
        need_count SLURM_ARRAY_TASK_COUNT "$count"
        if [ -z "$shards" ]; then
            shards=$count
        elif [ "$shards" != "$count" ]; then
            die "SILK_SHARDS=$shards but the array has SLURM_ARRAY_TASK_COUNT=$count tasks"
        fi
    fi
    [ "$id" -ge "$min" ] || die "SLURM_ARRAY_TASK_ID=$id is below SLURM_ARRAY_TASK_MIN=$min"
    # Slurm's ids start where --array says (0 or 1 or anything): the first task is shard 1.
    k=$((id - min + 1))
    ;;
kubernetes)
    idx=${JOB_COMPLETION_INDEX:-}
    [ -n "$idx" ] || die "SILK_SCHEDULER=kubernetes but JOB_COMPLETION_INDEX is not set (use completionMode: Indexed)"
    need_count JOB_COMPLETION_INDEX "$idx"
    k=$((idx + 1)) # Kubernetes counts from 0
    ;;
parallel)
    seq_no=${PARALLEL_SEQ:-}
    [ -n "$seq_no" ] || die "SILK_SCHEDULER=parallel but PARALLEL_SEQ is not set (run under GNU parallel)"
    need_count PARALLEL_SEQ "$seq_no"
    k=$seq_no # GNU parallel counts from 1, like silk
    ;;
*) die "SILK_SCHEDULER=$scheduler: expected slurm, kubernetes or parallel" ;;
esac

[ -n "$shards" ] || die "SILK_SHARDS is not set: the number of shards (the Job's completions, the jobs given to parallel)"
need_count SILK_SHARDS "$shards"
[ "$shards" -ge 1 ] || die "SILK_SHARDS=0: at least one shard"
[ "$k" -ge 1 ] && [ "$k" -le "$shards" ] ||
    die "$scheduler index gives shard $k, outside 1..$shards (SILK_SHARDS or the array's size is wrong)"

set -- "$command" "$@" --shard "$k/$shards"
# What this shard is (threads aside, which change nothing): kept beside it, so a retry can tell
# its own finished shard from one of another run left in the same directory.
what=$(printf '%s\n' "$@")
if [ -n "${SILK_THREADS:-}" ]; then
    need_count SILK_THREADS "$SILK_THREADS"
    set -- "$@" --threads "$SILK_THREADS"
fi

mkdir -p "$shards_dir"
final=$shards_dir/shard-$k-of-$shards
# A simulate shard ends with summary.json, a design job's with job.json.
if [ -e "$final/summary.json" ] || [ -e "$final/job.json" ]; then
    [ "$(cat "$final/shard.args" 2>/dev/null)" = "$what" ] ||
        die "$final holds a shard of another run (its options are in shard.args): use a fresh SHARDS_DIR"
    echo "shard.sh: $final is already complete; nothing to do" >&2
    exit 0
fi
# Unique per host and process, so two tasks never share a temporary directory.
tmp=$shards_dir/.shard-$k-of-$shards.$(hostname 2>/dev/null || echo host).$$
rm -rf "$tmp"
trap 'rm -rf "$tmp"' EXIT
trap 'exit 143' TERM
trap 'exit 130' INT
echo "shard.sh: shard $k of $shards ($scheduler) -> $final" >&2
"${SILK:-silk}" "$@" --out "$tmp"
printf '%s\n' "$what" >"$tmp/shard.args"
if [ -e "$final" ]; then
    # Another attempt at the same index finished first; its result is the same run.
    echo "shard.sh: $final appeared meanwhile; keeping it" >&2
else
    mv "$tmp" "$final"
fi
