#!/usr/bin/env bash
# Starts (or reuses) a project-local PostgreSQL cluster and prints its DATABASE_URL.
# Usage: scripts/dev-postgres.sh [start|stop|url] [DATADIR]
# Idempotent: a second start reuses the running cluster; the port is kept in DATADIR/gamelle.port.
set -euo pipefail

cmd=${1:-start}
root=$(cd "$(dirname "$0")/.." && pwd)
datadir=${2:-$root/.data/pg}
mkdir -p "$(dirname "$datadir")"
datadir=$(cd "$(dirname "$datadir")" && pwd)/$(basename "$datadir")
dbname=${PGDATABASE_NAME:-gamelle}

log() { echo "dev-postgres: $*" >&2; }

find_bindir() {
  local d
  if command -v pg_config >/dev/null 2>&1; then
    d=$(pg_config --bindir 2>/dev/null || true)
    [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ] && { echo "$d"; return; }
  fi
  d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  [ -n "$d" ] && [ -x "$d/initdb" ] && { echo "$d"; return; }
  return 1
}

bindir=$(find_bindir || true)
if [ -z "$bindir" ]; then
  if [ "$(id -u)" -ne 0 ]; then
    log "PostgreSQL is not installed; install the 'postgresql' package or set DATABASE_URL"; exit 1
  fi
  log "installing PostgreSQL with apt-get"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2 && apt-get install -y -qq postgresql >&2
  bindir=$(find_bindir)
fi

# As root, the server must run as the unprivileged postgres user; its data directory then
# has to be reachable by that user, which a checkout under /root is not.
as_pg() { "$@"; }
if [ "$(id -u)" -eq 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --home /var/lib/postgresql --shell /bin/bash postgres
  as_pg() { (cd / && runuser -u postgres -- "$@"); }
  if ! runuser -u postgres -- test -x "$(dirname "$datadir")"; then
    alt=/var/tmp/gamelle-pg-$(echo -n "$datadir" | sha1sum | cut -c1-12)
    mkdir -p "$alt" && chown postgres "$alt"
    [ -L "$datadir" ] || { rm -rf "$datadir"; ln -s "$alt/pg" "$datadir"; }
    datadir=$alt/pg
  fi
fi

portfile=$datadir/gamelle.port
url() {
  local port; port=$(cat "$portfile")
  local user=postgres
  [ "$(id -u)" -ne 0 ] && user=$(id -un)
  echo "postgres://$user@127.0.0.1:$port/$dbname?sslmode=disable"
}
running() { [ -f "$portfile" ] && as_pg "$bindir/pg_ctl" -D "$datadir" status >/dev/null 2>&1; }
port_free() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

case "$cmd" in
  url) url; exit 0 ;;
  stop) running && as_pg "$bindir/pg_ctl" -D "$datadir" -m fast -w stop >&2 || true; exit 0 ;;
  start) ;;
  *) log "unknown command $cmd"; exit 2 ;;
esac

if running; then url; exit 0; fi

if [ ! -f "$datadir/PG_VERSION" ]; then
  log "creating cluster in $datadir"
  mkdir -p "$datadir"
  [ "$(id -u)" -eq 0 ] && chown postgres "$datadir"
  chmod 700 "$datadir"
  as_pg "$bindir/initdb" -D "$datadir" --auth=trust --encoding=UTF8 --locale=C.UTF-8 -U "$( [ "$(id -u)" -eq 0 ] && echo postgres || id -un)" >/dev/null
  cat >>"$datadir/postgresql.conf" <<CONF
listen_addresses = '127.0.0.1'
unix_socket_directories = '$datadir'
max_connections = 300
shared_buffers = 256MB
fsync = ${GAMELLE_PG_FSYNC:-on}
synchronous_commit = ${GAMELLE_PG_SYNC_COMMIT:-on}
CONF
fi

port=$(cat "$portfile" 2>/dev/null || echo "")
# Below Linux's ephemeral range (32768–60999): a client socket of any process may hold a port in
# that range, which a restarted cluster then cannot bind (the soak's restart failed so twice).
if [ -z "$port" ] || ! port_free "$port" || [ "$port" -ge 32768 ]; then
  port=25432
  while ! port_free "$port"; do port=$((port + 1)); done
  echo "$port" >"$portfile"
  [ "$(id -u)" -eq 0 ] && chown postgres "$portfile"
fi

as_pg "$bindir/pg_ctl" -D "$datadir" -l "$datadir/server.log" -o "-p $port" -w -t 60 start >/dev/null
superuser=$( [ "$(id -u)" -eq 0 ] && echo postgres || id -un)
if ! "$bindir/psql" -h 127.0.0.1 -p "$port" -U "$superuser" -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname='$dbname'" | grep -q 1; then
  "$bindir/createdb" -h 127.0.0.1 -p "$port" -U "$superuser" "$dbname"
fi
url
