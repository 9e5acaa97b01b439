#!/usr/bin/env bash
# A boardroom cluster on one machine, for trying it out (not run by CI):
# PostgreSQL, a 3-server NATS cluster and three `boardroom serve` nodes,
# sharing one host key and one seal key. Everything listens on loopback.
#
#   cluster-demo.sh start          build, start everything, print how to connect
#   cluster-demo.sh status         what runs, and which node owns which table
#   cluster-demo.sh kill N         kill -9 node N (1-3): the others take its tables
#   cluster-demo.sh term N         stop node N gracefully: it hands its tables over
#   cluster-demo.sh restart N      start node N again (refused while it runs)
#   cluster-demo.sh nats-stop N    stop NATS server N (1-3); nats-start N starts it again
#   cluster-demo.sh pg-stop        stop PostgreSQL; pg-start starts it again
#   cluster-demo.sh owners         which node owns which table (PostgreSQL and the metric)
#   cluster-demo.sh stop           stop everything (the nodes hand their tables over first)
#   cluster-demo.sh clean          stop everything and remove DEMO_DIR
#
# Every address and port is an environment variable (default in brackets):
#   DEMO_DIR            binaries, data, logs, pid files [/tmp/boardroom-cluster]
#   DEMO_HOSTS          the nodes' SSH addresses, three [127.0.0.2 127.0.0.3 127.0.0.4]
#   DEMO_SSH_PORT       the nodes' SSH port [2222]
#   DEMO_PG_HOST        PostgreSQL's address [127.0.0.1]
#   DEMO_PG_PORT        PostgreSQL's port [55432]
#   DEMO_NATS_HOST      the NATS servers' address [127.0.0.1]
#   DEMO_NATS_PORTS     their client ports, three [14222 14223 14224]
#   DEMO_ROUTE_PORTS    their cluster (route) ports, three [16222 16223 16224]
#   DEMO_METRICS_HOSTS  the nodes' metrics addresses, three [127.0.0.1 127.0.0.1 127.0.0.1]
#   DEMO_METRICS_PORTS  the nodes' metrics ports, three [19101 19102 19103]
# Logs are appended to, never overwritten, each start marked with a line:
# DEMO_DIR/nodeN/err.log (the node's log), DEMO_DIR/nodeN/out.log,
# DEMO_DIR/nats/nN.log, DEMO_DIR/pg/postgres.log. `stop` leaves them for a
# look; `clean` removes them. PostgreSQL's initdb and postgres must be
# installed (Debian: apt-get install postgresql); as root they run as the
# user nobody.
set -euo pipefail

dir="${DEMO_DIR:-/tmp/boardroom-cluster}"
read -r -a hosts <<<"${DEMO_HOSTS:-127.0.0.2 127.0.0.3 127.0.0.4}"
ssh_port="${DEMO_SSH_PORT:-2222}"
pg_host="${DEMO_PG_HOST:-127.0.0.1}"
pg_port="${DEMO_PG_PORT:-55432}"
nats_host="${DEMO_NATS_HOST:-127.0.0.1}"
read -r -a nats_ports <<<"${DEMO_NATS_PORTS:-14222 14223 14224}"
read -r -a route_ports <<<"${DEMO_ROUTE_PORTS:-16222 16223 16224}"
read -r -a metrics_hosts <<<"${DEMO_METRICS_HOSTS:-127.0.0.1 127.0.0.1 127.0.0.1}"
read -r -a metrics_ports <<<"${DEMO_METRICS_PORTS:-19101 19102 19103}"
repo="$(cd "$(dirname "$0")/../../.." && pwd)"

usage() {
	sed -n '2,34p' "$0" | sed 's/^# \{0,1\}//'
}

for v in hosts nats_ports route_ports metrics_hosts metrics_ports; do
	declare -n list="$v"
	if [ "${#list[@]}" -ne 3 ]; then
		echo "cluster-demo: want three values in ${v} (got ${#list[@]}: ${list[*]:-none})" >&2
		exit 2
	fi
	unset -n list
done

nats_urls() {
	local IFS=,
	local u=() p
	for p in "${nats_ports[@]}"; do u+=("nats://$nats_host:$p"); done
	echo "${u[*]}"
}

store_url="postgres://boardroom@$pg_host:$pg_port/boardroom?sslmode=disable"

# node checks a node number.
node() {
	case "${1:-}" in
	1 | 2 | 3) echo "$1" ;;
	*)
		echo "which one: 1, 2 or 3 (got '${1:-}')" >&2
		exit 2
		;;
	esac
}

pg_bin() {
	if command -v initdb >/dev/null && command -v pg_ctl >/dev/null; then
		dirname "$(command -v pg_ctl)"
		return
	fi
	local d
	d="$(find /usr/lib/postgresql -maxdepth 2 -name bin -type d 2>/dev/null | sort -V | tail -1)"
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

psql_demo() { psql -q -h "$pg_host" -p "$pg_port" -U boardroom "$@"; }

alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }

# mark appends a line to each log saying what starts now, so that one
# run's lines are told from the next's.
mark() {
	local what="$1" f
	shift
	for f in "$@"; do echo "=== cluster-demo: $what at $(date -u +%FT%TZ) ===" >>"$f"; done
}

build() {
	mkdir -p "$dir/bin"
	echo "building boardroom and nats-server into $dir/bin"
	(cd "$repo" && go build -o "$dir/bin/boardroom" ./cmd/boardroom)
	(cd "$repo" && go build -o "$dir/bin/nats-server" github.com/nats-io/nats-server/v2)
}

pg_running() { [ -d "$dir/pg/data" ] && as_pg "$(pg_bin)/pg_ctl" -D "$dir/pg/data" status >/dev/null 2>&1; }

start_pg() {
	local bin
	bin="$(pg_bin)"
	if [ ! -d "$dir/pg/data" ]; then
		mkdir -p "$dir/pg"
		chmod 755 "$dir"
		if [ "$(id -u)" -eq 0 ]; then chown nobody "$dir/pg"; fi
		as_pg "$bin/initdb" -D "$dir/pg/data" -U boardroom -A trust >>"$dir/pg/initdb.log"
	fi
	if ! pg_running; then
		as_pg touch "$dir/pg/postgres.log" # postgres's user must own it
		mark "postgres start" "$dir/pg/postgres.log"
		# pg_ctl -l appends to its log.
		as_pg "$bin/pg_ctl" -D "$dir/pg/data" -l "$dir/pg/postgres.log" -w \
			-o "-c listen_addresses=$pg_host -p $pg_port -k $dir/pg" start >/dev/null
	fi
	psql_demo -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname='boardroom'" | grep -q 1 ||
		psql_demo -d postgres -c "CREATE DATABASE boardroom"
	echo "postgres on $pg_host:$pg_port"
}

stop_pg() {
	if pg_running; then
		as_pg "$(pg_bin)/pg_ctl" -D "$dir/pg/data" -m fast stop >/dev/null
		echo "postgres stopped"
	else
		echo "postgres is not running"
	fi
}

start_one_nats() {
	local i="$1" routes="" p
	if alive "$dir/nats/n$((i + 1)).pid"; then
		echo "nats-$((i + 1)) is running (pid $(cat "$dir/nats/n$((i + 1)).pid")): nothing to start" >&2
		return 1
	fi
	mkdir -p "$dir/nats"
	for p in "${route_ports[@]}"; do routes+="${routes:+,}nats://$nats_host:$p"; done
	mark "nats-$((i + 1)) start" "$dir/nats/n$((i + 1)).log"
	# -l appends to the log file.
	"$dir/bin/nats-server" -n "nats-$((i + 1))" -a "$nats_host" -p "${nats_ports[$i]}" \
		--cluster_name boardroom --cluster "nats://$nats_host:${route_ports[$i]}" --routes "$routes" \
		-P "$dir/nats/n$((i + 1)).pid" -l "$dir/nats/n$((i + 1)).log" </dev/null >>"$dir/nats/n$((i + 1)).out" 2>&1 &
	echo "nats-$((i + 1)) started on $nats_host:${nats_ports[$i]}"
}

stop_one_nats() {
	local i="$1"
	if ! alive "$dir/nats/n$((i + 1)).pid"; then
		echo "nats-$((i + 1)) is not running"
		return
	fi
	kill -TERM "$(cat "$dir/nats/n$((i + 1)).pid")"
	while alive "$dir/nats/n$((i + 1)).pid"; do sleep 0.2; done
	echo "nats-$((i + 1)) stopped"
}

start_nats() {
	local i
	for i in 0 1 2; do alive "$dir/nats/n$((i + 1)).pid" || start_one_nats "$i"; done
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
	if alive "$d/pid"; then
		echo "node$n is running (pid $(cat "$d/pid")): kill or term it first" >&2
		return 1
	fi
	if [ ! -x "$dir/bin/boardroom" ]; then
		echo "no $dir/bin/boardroom: run '$0 start' first" >&2
		return 1
	fi
	mkdir -p "$d/data"
	cp -n "$dir/keys/ssh_host_ed25519_key" "$dir/keys/seal.key" "$d/data/"
	mark "node$n start" "$d/out.log" "$d/err.log"
	"$dir/bin/boardroom" serve --data "$d/data" --listen "${hosts[$i]}:$ssh_port" \
		--public-host "${hosts[$i]}" --store "$store_url" --cluster "$(nats_urls)" --node "node$n" \
		--metrics "${metrics_hosts[$i]}:${metrics_ports[$i]}" </dev/null >>"$d/out.log" 2>>"$d/err.log" &
	echo $! >"$d/pid"
	echo "node$n started (pid $!), log $d/err.log"
}

owners() {
	echo "tables and their owners (PostgreSQL: select id, status, owner_node, lease_until from games):"
	psql_demo -d boardroom -c \
		"SELECT id, game, status, owner_node, lease_token, lease_until FROM games WHERE status IN ('forming', 'playing') ORDER BY id" ||
		echo "  (PostgreSQL does not answer)"
	echo "tables each node owns (metric boardroom_cluster_tables_owned):"
	local n
	for n in 1 2 3; do
		printf '  node%s: ' "$n"
		curl -fsS "http://${metrics_hosts[$((n - 1))]}:${metrics_ports[$((n - 1))]}/metrics" 2>/dev/null |
			grep '^boardroom_cluster_tables_owned' || echo "(no answer)"
	done
}

status() {
	local i n
	for i in 0 1 2; do
		if alive "$dir/nats/n$((i + 1)).pid"; then
			echo "nats-$((i + 1)) up on $nats_host:${nats_ports[$i]} (pid $(cat "$dir/nats/n$((i + 1)).pid"))"
		else
			echo "nats-$((i + 1)) down (log: $dir/nats/n$((i + 1)).log)"
		fi
	done
	if pg_running; then echo "postgres up on $pg_host:$pg_port"; else echo "postgres down (log: $dir/pg/postgres.log)"; fi
	for n in 1 2 3; do
		if alive "$dir/node$n/pid"; then
			echo "node$n up on ${hosts[$((n - 1))]}:$ssh_port (pid $(cat "$dir/node$n/pid")), metrics http://${metrics_hosts[$((n - 1))]}:${metrics_ports[$((n - 1))]}/metrics"
		else
			echo "node$n down (log: $dir/node$n/err.log)"
		fi
	done
}

signal_node() {
	local n="$1" sig="$2" what="$3"
	if ! alive "$dir/node$n/pid"; then
		echo "node$n is not running" >&2
		return 1
	fi
	kill "-$sig" "$(cat "$dir/node$n/pid")"
	echo "node$n $what"
}

stop_all() {
	local n i
	for n in 1 2 3; do
		if alive "$dir/node$n/pid"; then kill -TERM "$(cat "$dir/node$n/pid")"; fi
	done
	for n in 1 2 3; do
		while alive "$dir/node$n/pid"; do sleep 0.2; done
	done
	for i in 0 1 2; do stop_one_nats "$i" >/dev/null; done
	if pg_running; then stop_pg >/dev/null; fi
	echo "stopped; logs in $dir"
}

case "${1:-}" in
start)
	build
	keys
	start_pg
	start_nats
	for n in 1 2 3; do alive "$dir/node$n/pid" || start_node "$n"; done
	sleep 2
	status
	cat <<EOF

Connect to any node (they share the host key, so ssh sees one server):
  ssh -p $ssh_port ${hosts[0]}
  ssh -p $ssh_port -o UserKnownHostsFile=/dev/null -o StrictHostKeyChecking=no -i ANOTHER_KEY ${hosts[1]}
Which node owns a table:  $0 owners
  (PostgreSQL: psql -h $pg_host -p $pg_port -U boardroom boardroom -c 'select id, owner_node from games';
   each node's metric boardroom_cluster_tables_owned: node1's at http://${metrics_hosts[0]}:${metrics_ports[0]}/metrics;
   a node's log says "cluster: adopted a table" when it takes one over)
Try a failover: start a game, then  $0 kill N  on the node that owns it;
the others take it within about 6s. Faults: $0 nats-stop N, $0 pg-stop (and nats-start N, pg-start).
Stop:  $0 stop     Logs (appended): $dir/node*/err.log, $dir/nats/*.log, $dir/pg/postgres.log
EOF
	;;
status) status ;;
owners) owners ;;
kill | term | restart | nats-stop | nats-start)
	n="$(node "${2:-}")" # an assignment, so that set -e stops on a bad number
	case "$1" in
	kill) signal_node "$n" KILL "killed" ;;
	term) signal_node "$n" TERM "stopping: it hands its tables over" ;;
	restart) start_node "$n" ;;
	nats-stop) stop_one_nats $((n - 1)) ;;
	nats-start) start_one_nats $((n - 1)) ;;
	esac
	;;
pg-stop) stop_pg ;;
pg-start) start_pg ;;
stop) stop_all ;;
clean)
	stop_all
	rm -rf "$dir"
	;;
*)
	usage
	exit 2
	;;
esac
