#!/bin/sh
# Runs the Indexed Job, waits for every shard, then runs the merge Job.
#   kubernetes/run.sh [kubectl options, e.g. --namespace lab]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
kubectl "$@" apply -f "$here/pvc.yaml"
kubectl "$@" apply -f "$here/job.yaml"
# A Job that fails (backoffLimit reached) never becomes Complete: the wait then times out.
kubectl "$@" wait --for=condition=complete --timeout=24h job/silk-shards
kubectl "$@" apply -f "$here/merge-job.yaml"
kubectl "$@" wait --for=condition=complete --timeout=1h job/silk-merge
kubectl "$@" logs job/silk-merge
