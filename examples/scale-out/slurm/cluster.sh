#!/bin/sh
# A single-node Slurm cluster on this machine, to try the recipe on and for CI: munged,
# slurmctld and slurmd (Debian's munge and slurm-wlm), with a slurm.conf generated for this
# machine's cores and memory (`slurmd -C`). Run as root.
#
#   slurm/cluster.sh start   # starts what is not running yet, waits until the node is idle
#   slurm/cluster.sh stop    # stops the daemons it started
#   slurm/cluster.sh status  # exit 0 when the cluster answers and its node takes jobs
#
# Everything (slurm.conf, state, spool, logs, the job-completion log sacct -c reads) lives in
# SILK_SLURM_DIR (default /tmp/silk-slurm). Slurm's commands find the cluster through
#   export SLURM_CONF=$SILK_SLURM_DIR/slurm.conf
# No accounting database: `sacct -c` reads the completion log; squeue and scontrol work as
# on any cluster. Ports: SILK_SLURM_PORT (slurmctld, default 6817) and the next one (slurmd).
set -eu

die() {
    echo "cluster.sh: $*" >&2
    exit 2
}

dir=${SILK_SLURM_DIR:-/tmp/silk-slurm}
port=${SILK_SLURM_PORT:-6817}
conf=$dir/slurm.conf
export SLURM_CONF="$conf"

# The node answers and is idle or running jobs (not down or drained).
ready() {
    state=$(sinfo -h -N -o '%t' 2>/dev/null | head -n 1) || return 1
    case $state in idle* | mix* | alloc* | comp*) return 0 ;; *) return 1 ;; esac
}

alive() { # PIDFILE
    [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null
}

start() {
    [ "$(id -u)" = 0 ] || die "start the daemons as root"
    for cmd in munged slurmctld slurmd sinfo; do
        command -v "$cmd" >/dev/null 2>&1 ||
            die "$cmd not found: apt-get install -y slurm-wlm munge"
    done
    mkdir -p "$dir/state" "$dir/spool"

    # munge: the key the package made (or a new one), its socket directory, the daemon.
    if [ ! -s /etc/munge/munge.key ]; then
        mkdir -p /etc/munge
        if command -v mungekey >/dev/null 2>&1; then mungekey -c -f; else
            dd if=/dev/urandom of=/etc/munge/munge.key bs=1 count=1024 2>/dev/null
        fi
        chown munge:munge /etc/munge/munge.key 2>/dev/null || true
        chmod 400 /etc/munge/munge.key
    fi
    mkdir -p /run/munge /var/lib/munge /var/log/munge
    chown munge:munge /run/munge /var/lib/munge /var/log/munge 2>/dev/null || true
    if ! munge -n </dev/null >/dev/null 2>&1; then
        if getent passwd munge >/dev/null; then
            runuser -u munge -- munged
        else
            munged --force
        fi
    fi

    # slurm.conf: this machine as the one node, as `slurmd -C` describes it.
    node=$(slurmd -C | head -n 1)
    case $node in NodeName=*) ;; *) die "slurmd -C said: $node" ;; esac
    host=${node#NodeName=}
    host=${host%% *}
    cat >"$conf.new" <<EOF
# Written by examples/scale-out/slurm/cluster.sh: a single-node cluster for the silk recipes.
ClusterName=silk
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
# No cgroups (containers rarely allow them): processes tracked by parent id.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
# A completion log instead of a database: sacct -c reads it.
JobCompType=jobcomp/filetxt
JobCompLoc=$dir/jobcomp.log
MpiDefault=none
SchedulerType=sched/backfill
SchedulerParameters=sched_interval=2,bf_interval=2
# One CPU per task where a job asks for one: several tasks share the node.
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
# Finished jobs stay visible to scontrol for an hour.
MinJobAge=3600
KillWait=5
$node State=UNKNOWN
PartitionName=main Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
    if ! cmp -s "$conf.new" "$conf" 2>/dev/null; then
        mv "$conf.new" "$conf"
        # A changed configuration: daemons started from the old one are restarted.
        stop_daemons
    else
        rm -f "$conf.new"
    fi
    alive "$dir/slurmctld.pid" || slurmctld -f "$conf"
    alive "$dir/slurmd.pid" || slurmd -f "$conf"

    # Wait for the node to register (a few seconds).
    i=0
    until ready; do
        i=$((i + 1))
        if [ "$i" -gt 60 ]; then
            tail -n 5 "$dir/slurmctld.log" "$dir/slurmd.log" >&2 2>/dev/null || true
            die "the node did not come up in 60 s (logs in $dir)"
        fi
        # A node that went down before (a restart) is put back in service.
        [ $((i % 10)) -ne 5 ] || scontrol update nodename="$host" state=resume 2>/dev/null || true
        sleep 1
    done
    echo "cluster.sh: Slurm is up ($host: $(sinfo -h -N -o '%c CPUs, %t')); export SLURM_CONF=$conf" >&2
}

stop_daemons() {
    for d in slurmd slurmctld; do
        if alive "$dir/$d.pid"; then
            pid=$(cat "$dir/$d.pid")
            kill "$pid"
            i=0
            while kill -0 "$pid" 2>/dev/null && [ "$i" -lt 50 ]; do
                sleep 0.2
                i=$((i + 1))
            done
        fi
    done
}

case ${1:-} in
start) start ;;
stop) stop_daemons ;;
status) ready ;;
*) die "usage: cluster.sh start|stop|status" ;;
esac
