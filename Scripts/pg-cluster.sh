#!/usr/bin/env bash
# A throwaway PostgreSQL + PostGIS cluster for tests and development (Documentation/PostgreSQL.md).
#
#   Scripts/pg-cluster.sh start [--tls]   initdb in a temporary directory, start the server on a free localhost
#                                         port, create the database `beacon` with PostGIS; prints the connection URL
#   Scripts/pg-cluster.sh env             prints `export BEACON_TEST_POSTGRES_URL=…` for a running cluster
#   Scripts/pg-cluster.sh url             prints the URL alone
#   Scripts/pg-cluster.sh down [MODE]     stops the server (pg_ctl's MODE: fast, the default, or immediate, as in a
#                                         crash), keeping its data and port
#   Scripts/pg-cluster.sh up              starts a stopped server again, on the same port with the same data
#   Scripts/pg-cluster.sh stop            stops the server and deletes the directory
#
# `start --tls` (or BEACON_PG_TLS=1) makes a certificate authority and a server certificate for 127.0.0.1 and
# localhost with openssl (in $BEACON_PG_DIR/tls: ca.crt, server.crt, server.key), turns `ssl` on and accepts TCP
# connections over TLS only (pg_hba `hostssl`: a client with `sslmode=disable` is refused). Its URL asks for
# `sslmode=verify-full` with `sslrootcert=…/tls/ca.crt`.
#
# The directory is $BEACON_PG_DIR (default ${TMPDIR:-/tmp}/beacon-pg.$UID). initdb refuses to run as root, so as
# root the server runs as the `postgres` user (Debian's packages create it), else `nobody`, else a `beacon-pg`
# user created with useradd. The password is random per cluster; the URL carries it, so treat it as a secret of
# the test run (Beacon never prints it).
set -euo pipefail

dir="${BEACON_PG_DIR:-${TMPDIR:-/tmp}/beacon-pg.$(id -u)}"
database=beacon
role=beacon

die() {
  echo "pg-cluster: $*" >&2
  exit 1
}

# The server's programs: Debian keeps them out of PATH in /usr/lib/postgresql/N/bin; Homebrew puts them on it.
bin_dir() {
  local candidate
  candidate=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$candidate" ] && [ -x "$candidate/initdb" ]; then
    echo "$candidate"
  elif command -v initdb >/dev/null 2>&1; then
    dirname "$(command -v initdb)"
  else
    die "no PostgreSQL server found (Debian: apt-get install postgresql postgresql-15-postgis-3; macOS: brew install postgresql postgis)"
  fi
}

# Who runs the server: the caller, or as root a user initdb accepts.
server_user() {
  if [ "$(id -u)" != 0 ]; then
    id -un
  elif id postgres >/dev/null 2>&1; then
    echo postgres
  elif id nobody >/dev/null 2>&1; then
    echo nobody
  else
    id beacon-pg >/dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin beacon-pg
    echo beacon-pg
  fi
}

# Runs a command as the server's user.
as_server() {
  if [ "$(id -u)" = 0 ]; then
    runuser -u "$(server_user)" -- "$@"
  else
    "$@"
  fi
}

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# Runs "$@" with only standard input, output and error open: the server outlives the script, so it must not keep the
# caller's other pipes and sockets open (a caller that waits for one to close, as Swift's Foundation.Process does to
# see its child end, would wait for the server instead).
without_inherited_files() {
  (
    if [ -d "/proc/$BASHPID/fd" ]; then
      for fd in $(ls "/proc/$BASHPID/fd"); do
        if [ "$fd" -gt 2 ]; then eval "exec $fd>&-" 2>/dev/null || true; fi
      done
    fi
    "$@"
  )
}

# The server's command-line settings (the same for `start` and `up`).
server_options() {
  echo "-p $(cat "$dir/port") -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100"
}

# A certificate authority and a server certificate it signed (for 127.0.0.1 and localhost), and a configuration
# that turns TLS on and refuses TCP connections without it.
make_tls() {
  local user=$1 tls="$dir/tls"
  command -v openssl >/dev/null 2>&1 || die "--tls needs openssl (Debian: apt-get install openssl)"
  mkdir -p "$tls"
  printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\n' >"$tls/server.ext"
  {
    openssl req -x509 -newkey rsa:2048 -nodes -days 30 -subj "/CN=Beacon test CA" \
      -keyout "$tls/ca.key" -out "$tls/ca.crt" &&
      openssl req -newkey rsa:2048 -nodes -subj "/CN=127.0.0.1" -keyout "$tls/server.key" -out "$tls/server.csr" &&
      openssl x509 -req -in "$tls/server.csr" -CA "$tls/ca.crt" -CAkey "$tls/ca.key" -CAcreateserial -days 30 \
        -extfile "$tls/server.ext" -out "$tls/server.crt"
  } >"$dir/openssl.log" 2>&1 || {
    cat "$dir/openssl.log" >&2
    die "openssl could not make the certificates"
  }
  chmod 600 "$tls/server.key" "$tls/ca.key"
  [ "$(id -u)" = 0 ] && chown "$user" "$tls/server.key" "$tls/server.crt"
  cat >>"$dir/data/postgresql.conf" <<CONF
ssl = on
ssl_cert_file = '$tls/server.crt'
ssl_key_file = '$tls/server.key'
CONF
  cat >"$dir/data/pg_hba.conf" <<CONF
local all all scram-sha-256
hostssl all all 127.0.0.1/32 scram-sha-256
hostssl all all ::1/128 scram-sha-256
CONF
}

start() {
  local tls="${BEACON_PG_TLS:-}"
  [ "${1:-}" = --tls ] && tls=1
  if [ -f "$dir/url" ] && as_server "$(bin_dir)/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
    cat "$dir/url"
    return
  fi
  rm -rf "$dir"
  mkdir -p "$dir"
  chmod 700 "$dir"
  local bin user port password
  bin=$(bin_dir)
  user=$(server_user)
  port=$(free_port)
  password=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
  [ "$(id -u)" = 0 ] && chown "$user" "$dir"
  echo "$port" >"$dir/port"
  (umask 077 && printf '%s\n' "$password" >"$dir/password")
  [ "$(id -u)" = 0 ] && chown "$user" "$dir/password"
  as_server "$bin/initdb" -D "$dir/data" -U "$role" --pwfile="$dir/password" --auth=scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1 || {
    cat "$dir/initdb.log" >&2
    die "initdb failed"
  }
  [ -n "$tls" ] && make_tls "$user"
  without_inherited_files as_server "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "$(server_options)" start >/dev/null || {
    cat "$dir/server.log" >&2
    die "the server did not start"
  }
  as_server env PGPASSWORD="$password" "$bin/psql" -q -h 127.0.0.1 -p "$port" -U "$role" -d postgres \
    -v ON_ERROR_STOP=1 -c "CREATE DATABASE $database" >/dev/null
  # PostGIS is optional for what Beacon tests today; without it the cluster still serves ratings and favourites.
  if ! as_server env PGPASSWORD="$password" "$bin/psql" -q -h 127.0.0.1 -p "$port" -U "$role" -d "$database" \
    -v ON_ERROR_STOP=1 -c "CREATE EXTENSION IF NOT EXISTS postgis" >/dev/null 2>"$dir/postgis.log"; then
    echo "pg-cluster: warning: PostGIS is not installed ($(head -n 1 "$dir/postgis.log"))" >&2
  fi
  local query=""
  [ -n "$tls" ] && query="?sslmode=verify-full&sslrootcert=$dir/tls/ca.crt"
  (umask 077 && echo "postgresql://$role:$password@127.0.0.1:$port/$database$query" >"$dir/url")
  cat "$dir/url"
}

# Stops the server and keeps everything else, for tests of a server that goes away mid-session.
down() {
  [ -f "$dir/port" ] || die "no cluster in $dir (run: $0 start)"
  local mode="${1:-fast}"
  case "$mode" in fast | immediate) ;; *) die "down: the mode is fast or immediate, not '$mode'" ;; esac
  as_server "$(bin_dir)/pg_ctl" -D "$dir/data" -m "$mode" -w -t 60 stop >/dev/null || die "the server did not stop"
}

# Starts the server `down` stopped, on its port.
up() {
  [ -f "$dir/port" ] || die "no cluster in $dir (run: $0 start)"
  without_inherited_files as_server "$(bin_dir)/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
    -o "$(server_options)" start >/dev/null || {
    tail -n 20 "$dir/server.log" >&2
    die "the server did not start"
  }
}

stop() {
  [ -d "$dir" ] || return 0
  if [ -d "$dir/data" ]; then
    as_server "$(bin_dir)/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  rm -rf "$dir"
}

case "${1:-}" in
  start) start "${2:-}" ;;
  stop) stop ;;
  down) down "${2:-}" ;;
  up) up ;;
  url) [ -f "$dir/url" ] && cat "$dir/url" || die "no cluster in $dir (run: $0 start)" ;;
  env) [ -f "$dir/url" ] && echo "export BEACON_TEST_POSTGRES_URL=$(cat "$dir/url")" || die "no cluster in $dir" ;;
  *)
    echo "usage: $0 start [--tls]|stop|url|env|down [fast|immediate]|up" >&2
    exit 2
    ;;
esac
