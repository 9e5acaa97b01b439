#!/usr/bin/env bash
# A boardroom cluster on one machine, for trying it out (not run by CI):
# PostgreSQL, a 3-server NATS cluster and three `boardroom serve` nodes on
# 127.0.0.2, 127.0.0.3 and 127.0.0.4, sharing one host key and one seal key.
# Everything listens on loopback only.
#
#   cmd/boardroom/testdata/cluster-demo.sh start    build, start everything, print how to connect
#   cmd/boardroom/testdata/cluster-demo.sh status   what runs
#   cmd/boardroom/testdata/cluster-demo.sh kill N   kill -9 node N (1-3): the others take its tables
#   cmd/boardroom/testdata/cluster-demo.sh term N   stop node N gracefully: it hands its tables over
#   cmd/boardroom/testdata/cluster-demo.sh restart N   start node N again
#   cmd/boardroom/testdata/cluster-demo.sh stop     stop everything (the nodes hand their tables over first)
#
# DEMO_DIR (default /tmp/boardroom-cluster) holds binaries, data, logs and
# pid files; `stop` leaves it for a look at the logs, `clean` removes it.
# PostgreSQL's initdb and postgres must be installed (Debian: apt-get
# install postgresql); as root they run as the user nobody.
set -euo pipefail

dir="${DEMO_DIR:-/tmp/boardroom-cluster}"
ssh_port="${DEMO_SSH_PORT:-2222}"
pg_port="${DEMO_PG_PORT:-55432}"
nats_ports=(14222 14223 14224)
route_ports=(16222 16223 16224)
hosts=(127.0.0.2 127.0.0.3 127.0.0.4)
metrics_ports=(19101 19102 19103)
repo="$(cd "$(dirname "$0")/../../.." && pwd)"

nats_urls() {
	local IFS=,
	local u=()
	for p in "${nats_ports[@]}"; do u+=("nats://127.0.0.1:$p"); done
	echo "${u[*]}"
}

store_url="postgres://boardroom@127.0.0.1:$pg_port/boardroom?sslmode=disable"

pg_bin() {
	if command -v initdb >/dev/null && command -v pg_ctl >/dev/null; then
		dirname "$(command -v pg_ctl)"
		return
	fi
	local d
	d="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
	if [ -z "$d" ]; then
		echo "PostgreSQL's server binaries are missing: apt-get install postgresql" >&2
		exit 1
	fi
	echo "$d"
}

# as_pg runs a PostgreSQL command as an unprivileged user when we are root
# (postgres refuses to run as root).
as_pg() {
	if [ "$(id -u)" -eq 0 ]; then
		runuser -u nobody -- "$@"
	else
		"$@"
	fi
}

alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

build() {
	mkdir -p "$dir/bin"
	echo "building boardroom and nats-server into $dir/bin"
	(cd "$repo" && go build -o "$dir/bin/boardroom" ./cmd/boardroom)
	(cd "$repo" && go build -o "$dir/bin/nats-server" github.com/nats-io/nats-server/v2)
}

start_pg() {
	local bin
	bin="$(pg_bin)"
	if [ ! -d "$dir/pg/data" ]; then
		mkdir -p "$dir/pg"
		chmod 755 "$dir"
		[ "$(id -u)" -eq 0 ] && chown nobody "$dir/pg"
		as_pg "$bin/initdb" -D "$dir/pg/data" -U boardroom -A trust >"$dir/pg/initdb.log"
	fi
	if ! as_pg "$bin/pg_ctl" -D "$dir/pg/data" status >/dev/null 2>&1; then
		as_pg "$bin/pg_ctl" -D "$dir/pg/data" -l "$dir/pg/postgres.log" -w \
			-o "-c listen_addresses=127.0.0.1 -p $pg_port -k $dir/pg" start >/dev/null
	fi
	psql -q -h 127.0.0.1 -p "$pg_port" -U boardroom -d postgres -tAc \
		"SELECT 1 FROM pg_database WHERE datname='boardroom'" | grep -q 1 ||
		psql -q -h 127.0.0.1 -p "$pg_port" -U boardroom -d postgres -c "CREATE DATABASE boardroom"
	echo "postgres on 127.0.0.1:$pg_port"
}

start_nats() {
	mkdir -p "$dir/nats"
	local routes="" i
	for p in "${route_ports[@]}"; do routes+="${routes:+,}nats://127.0.0.1:$p"; done
	for i in 0 1 2; do
		alive "$dir/nats/n$i.pid" && continue
		"$dir/bin/nats-server" -n "nats-$((i + 1))" -a 127.0.0.1 -p "${nats_ports[$i]}" \
			--cluster_name boardroom --cluster "nats://127.0.0.1:${route_ports[$i]}" --routes "$routes" \
			-P "$dir/nats/n$i.pid" -l "$dir/nats/n$i.log" </dev/null >/dev/null 2>&1 &
	done
	sleep 1
	echo "nats cluster on $(nats_urls)"
}

keys() {
	[ -f "$dir/keys/ssh_host_ed25519_key" ] && return
	mkdir -p "$dir/keys"
	ssh-keygen -q -t ed25519 -N "" -C boardroom-cluster -f "$dir/keys/ssh_host_ed25519_key"
	head -c 32 /dev/urandom >"$dir/keys/seal.key" # lobby.SealKeySize
	chmod 600 "$dir/keys/seal.key"
}

start_node() {
	local n="$1" i=$(($1 - 1)) d="$dir/node$1"
	alive "$d/pid" && return
	mkdir -p "$d/data"
	cp -n "$dir/keys/ssh_host_ed25519_key" "$dir/keys/seal.key" "$d/data/"
	"$dir/bin/boardroom" serve --data "$d/data" --listen "${hosts[$i]}:$ssh_port" \
		--public-host "${hosts[$i]}" --store "$store_url" --cluster "$(nats_urls)" --node "node$n" \
		--metrics "127.0.0.1:${metrics_ports[$i]}" </dev/null >"$d/out.log" 2>"$d/err.log" &
	echo $! >"$d/pid"
}

status() {
	local i
	for i in 0 1 2; do
		if alive "$dir/nats/n$i.pid"; then echo "nats-$((i + 1)) up"; else echo "nats-$((i + 1)) down"; fi
	done
	for n in 1 2 3; do
		if alive "$dir/node$n/pid"; then
			echo "node$n up on ${hosts[$((n - 1))]}:$ssh_port, metrics http://127.0.0.1:${metrics_ports[$((n - 1))]}/metrics"
		else
			echo "node$n down (log: $dir/node$n/err.log)"
		fi
	done
}

stop_all() {
	for n in 1 2 3; do
		alive "$dir/node$n/pid" && kill -TERM "$(cat "$dir/node$n/pid")"
	done
	for n in 1 2 3; do
		while alive "$dir/node$n/pid"; do sleep 0.2; done
	done
	for i in 0 1 2; do
		alive "$dir/nats/n$i.pid" && kill -TERM "$(cat "$dir/nats/n$i.pid")"
	done
	for i in 0 1 2; do
		while alive "$dir/nats/n$i.pid"; do sleep 0.2; done
	done
	if [ -d "$dir/pg/data" ]; then
		as_pg "$(pg_bin)/pg_ctl" -D "$dir/pg/data" -m fast stop >/dev/null 2>&1 || true
	fi
	echo "stopped; logs in $dir"
}

case "${1:-}" in
start)
	build
	keys
	start_pg
	start_nats
	for n in 1 2 3; do start_node "$n"; done
	sleep 2
	status
	cat <<EOF

Connect to any node (they share the host key, so ssh sees one server):
  ssh -p $ssh_port ${hosts[0]}
  ssh -p $ssh_port -o UserKnownHostsFile=/dev/null -o StrictHostKeyChecking=no -i ANOTHER_KEY ${hosts[1]}
Try a failover: start a game, then  $0 kill N  on the node that owns it
(its log says "adopted a table"); the others take it within about 6s.
Stop:  $0 stop
EOF
	;;
status) status ;;
kill)
	n="${2:?which node: 1, 2 or 3}"
	kill -KILL "$(cat "$dir/node$n/pid")" && echo "node$n killed"
	;;
term)
	n="${2:?which node: 1, 2 or 3}"
	kill -TERM "$(cat "$dir/node$n/pid")" && echo "node$n stopping: it hands its tables over"
	;;
restart)
	n="${2:?which node: 1, 2 or 3}"
	start_node "$n"
	echo "node$n started"
	;;
stop) stop_all ;;
clean)
	stop_all
	rm -rf "$dir"
	;;
*)
	sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'
	exit 2
	;;
esac
