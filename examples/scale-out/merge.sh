#!/bin/sh
# Merges the shards written by shard.sh into one run.
#
#   merge.sh SHARDS_DIR MERGED_DIR [silk lab merge options, e.g. --html report.html]
#
# Takes SHARDS_DIR/shard-K-of-N for K = 1..N, with N from SILK_SHARDS or, if unset, from the
# shard directories found (they must all say the same N). A missing shard is named and the merge
# refused; `silk lab merge` then checks the shards are slices of one run and cover it exactly.
# MERGED_DIR gets run.json, games.jsonl and summary.json, as one unsharded run would (for a
# design job: job.json, runs/ and result.json, and the command's output is printed).
# SILK names the silk binary (default: silk on PATH).
set -eu

die() {
    echo "merge.sh: $*" >&2
    exit 2
}

[ $# -ge 2 ] || die "usage: merge.sh SHARDS_DIR MERGED_DIR [silk lab merge options...]"
shards_dir=$1
merged=$2
shift 2
[ -d "$shards_dir" ] || die "$shards_dir: no such directory"

shards=${SILK_SHARDS:-}
if [ -z "$shards" ]; then
    for d in "$shards_dir"/shard-*-of-*; do
        [ -d "$d" ] || continue
        n=${d##*-of-}
        if [ -z "$shards" ]; then
            shards=$n
        elif [ "$n" != "$shards" ]; then
            die "$shards_dir holds shards of $shards and of $n: set SILK_SHARDS to the run's count"
        fi
    done
    [ -n "$shards" ] || die "$shards_dir: no shard-K-of-N directories"
fi
case $shards in
'' | *[!0-9]* | 0 | 0?*) die "SILK_SHARDS=$shards: expected a whole number of at least 1" ;;
esac

# The shard directories in order, as arguments after the options.
missing=
k=1
set -- "$@" --
while [ "$k" -le "$shards" ]; do
    d=$shards_dir/shard-$k-of-$shards
    if [ -f "$d/summary.json" ] || [ -f "$d/job.json" ]; then
        set -- "$@" "$d"
    else
        missing="$missing $k"
    fi
    k=$((k + 1))
done
[ -z "$missing" ] || die "shards missing in $shards_dir (of $shards):$missing"

# The merge is a function of the complete shards alone: running a recipe again recomputes it,
# so an earlier merge (or report) is replaced.
"${SILK:-silk}" lab merge --force --out "$merged" "$@"
