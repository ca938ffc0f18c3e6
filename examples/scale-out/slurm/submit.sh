#!/bin/sh
# Submits a silk lab run as a Slurm job array of N shards and a merge job that starts once every
# shard has succeeded.
#
#   slurm/submit.sh N RUN_DIR [COMMAND] GAME [silk options...]
#
# COMMAND is simulate (the default), sweep, compare, ladder or tune (see shard.sh). Extra
# sbatch options for both jobs (partition, account, --cpus-per-task=…) go in SILK_SBATCH.
# The job ids go to RUN_DIR/slurm-jobs, which slurm/requeue.sh reads.
#
# RUN_DIR must be on a file system every node sees (home, scratch); it receives shards/,
# merged/ (run.json, games.jsonl, summary.json), report.html and the tasks' logs.
# Example:
#   SILK=$HOME/bin/silk slurm/submit.sh 64 /scratch/$USER/base \
#       silk-road --games 1000000 --bots greedy,greedy,greedy,random --seed 1
set -eu
[ $# -ge 3 ] || { echo "usage: submit.sh N RUN_DIR [COMMAND] GAME [silk options...]" >&2; exit 2; }
n=$1
run_dir=$2
shift 2
case $n in '' | *[!0-9]* | 0 | 0?*) echo "submit.sh: N=$n: expected a whole number of at least 1" >&2; exit 2 ;; esac
mkdir -p "$run_dir/logs"
run_dir=$(cd "$run_dir" && pwd)
# sbatch runs a copy of the batch script, so the tasks find the scripts through this variable
# (sbatch passes the submitting environment on by default, SILK included).
SILK_SCALE_OUT=$(cd "$(dirname "$0")/.." && pwd)
export SILK_SCALE_OUT
# SILK_SHARDS is checked against SLURM_ARRAY_TASK_COUNT in every task.
export SILK_SHARDS="$n"

# shellcheck disable=SC2086 # SILK_SBATCH is a list of options
array=$(sbatch --parsable ${SILK_SBATCH:-} --array="1-$n" --output="$run_dir/logs/shard-%a.log" \
    "$SILK_SCALE_OUT/slurm/shard.sbatch" "$run_dir/shards" "$@")
array=${array%%;*} # --parsable prints "jobid[;cluster]"
# afterok on an array waits for every task and runs only if all of them succeeded.
# shellcheck disable=SC2086
merge=$(sbatch --parsable ${SILK_SBATCH:-} --dependency="afterok:$array" \
    --output="$run_dir/logs/merge.log" "$SILK_SCALE_OUT/slurm/merge.sbatch" "$run_dir")
merge=${merge%%;*}
printf 'array=%s\nmerge=%s\nshards=%s\n' "$array" "$merge" "$n" >"$run_dir/slurm-jobs"
echo "$array $merge"
echo "submitted array $array ($n shards) and its merge $merge; results in $run_dir/merged" >&2
