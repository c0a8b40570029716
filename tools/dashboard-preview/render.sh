#!/usr/bin/env bash
#
# SPDX-FileCopyrightText: 2026 the Outbox authors
# SPDX-License-Identifier: Apache-2.0
#

# Renders docs/grafana/outbox-dashboard.json from the sample application's real metrics, without Grafana:
# builds the sample (mvn package, never install), runs it with order traffic, scrapes it with a temporary
# Prometheus, draws the dashboard's panels with preview.js from their own PromQL and screenshots the page
# with headless Chromium. Everything it starts is stopped by PID and its temporary files are deleted, also
# on failure.
#
#   tools/dashboard-preview/render.sh            # about 5 minutes
#   BROKER=logging TRAFFIC_SECONDS=60 SKIP_BUILD=1 tools/dashboard-preview/render.sh
#
# BROKER=rabbit (the default when rabbitmq-server is installed): the sample's rabbit profile against a
# private RabbitMQ node of this script (own port, epmd, data and cookie), which it stops for OUTAGE_SECONDS
# from OUTAGE_START on, so the dashboard shows a broker outage as the sender handles it now: the route
# pauses, the sends are postponed without spending an attempt, the PENDING backlog grows and drains when a
# probe gets through after the broker is back (docs/operations.md, "Procedure: broker outage"). Each order
# has a customer of its own (the customer is the ordering key).
# BROKER=logging: the sample's default logging sender; nothing is retried, paused or consumed.
#
# Environment: BROKER, TRAFFIC_SECONDS (default 210), RATE (requests per second, default 4),
# OUTAGE_START (default 70), OUTAGE_SECONDS (default 60), SKIP_BUILD=1 to use the jar already in
# outbox-sample-app/target, OUT (default docs/grafana/outbox-dashboard-preview.png).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
TRAFFIC_SECONDS="${TRAFFIC_SECONDS:-210}"
RATE="${RATE:-4}"
RABBIT_SERVER=/usr/lib/rabbitmq/bin/rabbitmq-server
if [ -x "$RABBIT_SERVER" ]; then BROKER="${BROKER:-rabbit}"; else BROKER="${BROKER:-logging}"; fi
OUTAGE_START="${OUTAGE_START:-70}"
OUTAGE_SECONDS="${OUTAGE_SECONDS:-60}"
OUT="${OUT:-$ROOT/docs/grafana/outbox-dashboard-preview.png}"
WORK="$(mktemp -d -t dashboard-preview.XXXXXX)"
PIDS=()

stop() {  # stop PID...: each process and its direct children (the broker's and Chromium's)
  local pid child
  for pid in "$@"; do
    for child in $(pgrep -P "$pid" 2>/dev/null); do kill "$child" 2>/dev/null || true; done
    if kill -0 "$pid" 2>/dev/null; then kill "$pid" 2>/dev/null || true; fi
  done
  for pid in "$@"; do wait "$pid" 2>/dev/null || true; done
}

cleanup() {
  local status=$?
  stop "${PIDS[@]}"
  if [ "$status" -ne 0 ]; then
    echo "render.sh failed (status $status); last lines of the logs:" >&2
    for log in "$WORK"/*.log; do [ -f "$log" ] && { echo "== $log" >&2; tail -n 15 "$log" >&2; }; done
  fi
  rm -rf "$WORK"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

log() { echo "[$(date -u +%H:%M:%S)] $*"; }
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }
wait_for() {  # wait_for URL SECONDS
  for _ in $(seq 1 "$2"); do curl -fs -o /dev/null "$1" && return 0; sleep 1; done
  echo "timed out waiting for $1" >&2; return 1
}

# 1. The sample jar (package, not install: nothing is written to ~/.m2).
JAR="$ROOT/outbox-sample-app/target/outbox-sample-app-0.1.0-SNAPSHOT.jar"
if [ "${SKIP_BUILD:-0}" != 1 ] || [ ! -f "$JAR" ]; then
  log "building the sample (mvn package)"
  MVN=(mvn -B -q -pl outbox-core,outbox-spring-boot-starter,outbox-sample-app -am package -DskipTests)
  (cd "$ROOT" && { "${MVN[@]}" -o || "${MVN[@]}"; })
fi

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# 2. With BROKER=rabbit: a private RabbitMQ node (its own epmd, ports, data and Erlang cookie).
start_rabbit() {
  (
    cd "$WORK/rabbit"
    export HOME="$WORK/rabbit" RABBITMQ_NODENAME="outboxpreview$AMQP_PORT@localhost" \
      RABBITMQ_NODE_PORT="$AMQP_PORT" RABBITMQ_DIST_PORT="$DIST_PORT" ERL_EPMD_PORT="$EPMD_PORT" \
      RABBITMQ_MNESIA_BASE="$WORK/rabbit/mnesia" RABBITMQ_LOG_BASE="$WORK/rabbit/log" \
      RABBITMQ_LOGS="$WORK/rabbit/log/rabbit.log" RABBITMQ_CONFIG_FILE="$WORK/rabbit/rabbitmq.conf" \
      RABBITMQ_ENABLED_PLUGINS_FILE="$WORK/rabbit/enabled_plugins" RABBITMQ_CONF_ENV_FILE="$WORK/rabbit/env.conf" \
      RABBITMQ_ADVANCED_CONFIG_FILE="$WORK/rabbit/advanced.config" RABBITMQ_PID_FILE="$WORK/rabbit/pid"
    exec "$RABBIT_SERVER"
  ) >>"$WORK/rabbitmq.log" 2>&1 &
  RABBIT_PID=$!
  PIDS+=("$RABBIT_PID")
  for _ in $(seq 1 90); do port_open "$AMQP_PORT" && return 0; sleep 1; done
  echo "RabbitMQ did not open port $AMQP_PORT" >&2; return 1
}
APP_ARGS=()
if [ "$BROKER" = rabbit ]; then
  AMQP_PORT="$(free_port)"; DIST_PORT="$(free_port)"; EPMD_PORT="$(free_port)"
  mkdir -p "$WORK/rabbit"
  printf 'listeners.tcp.local = 127.0.0.1:%s\n' "$AMQP_PORT" >"$WORK/rabbit/rabbitmq.conf"
  : >"$WORK/rabbit/enabled_plugins"
  epmd -port "$EPMD_PORT" -address 127.0.0.1 >"$WORK/epmd.log" 2>&1 &   # in the foreground: our child
  PIDS+=($!)
  log "starting RabbitMQ on port $AMQP_PORT"
  start_rabbit
  APP_ARGS=(--spring.profiles.active=rabbit --spring.rabbitmq.port="$AMQP_PORT")
fi

# 3. The sample on H2, delivering with the logging sender or to the private RabbitMQ.
APP_PORT="$(free_port)"
log "starting the sample on port $APP_PORT ($BROKER)"
java -jar "$JAR" --server.port="$APP_PORT" --management.endpoint.outbox.access=unrestricted "${APP_ARGS[@]}" \
  >"$WORK/app.log" 2>&1 &
PIDS+=($!)
wait_for "http://127.0.0.1:$APP_PORT/actuator/health" 120

# 4. Prometheus scraping it every 5 seconds, with CORS open for the preview page.
PROM_PORT="$(free_port)"
cat >"$WORK/prometheus.yml" <<EOF
global:
  scrape_interval: 5s
  evaluation_interval: 5s
scrape_configs:
  - job_name: outbox-sample
    metrics_path: /actuator/prometheus
    static_configs:
      - targets: ["127.0.0.1:$APP_PORT"]
EOF
log "starting Prometheus on port $PROM_PORT"
prometheus --config.file="$WORK/prometheus.yml" --storage.tsdb.path="$WORK/tsdb" \
  --web.listen-address="127.0.0.1:$PROM_PORT" --web.cors.origin='.*' >"$WORK/prometheus.log" 2>&1 &
PIDS+=($!)
wait_for "http://127.0.0.1:$PROM_PORT/-/ready" 60
START="$(date +%s)"

# 5. Traffic: POST /orders at about RATE requests per second for TRAFFIC_SECONDS (with BROKER=rabbit,
#    the broker is down from OUTAGE_START for OUTAGE_SECONDS).
log "sending orders for ${TRAFFIC_SECONDS}s at about ${RATE}/s"
(
  i=0
  end=$(( $(date +%s) + TRAFFIC_SECONDS ))
  while [ "$(date +%s)" -lt "$end" ]; do
    i=$((i + 1))
    if [ "$BROKER" = rabbit ]; then customer="$i"; else customer=$((i % 7)); fi
    curl -s -o /dev/null -w '%{http_code}\n' -H 'Content-Type: application/json' \
      -d "{\"customerId\":\"c-$customer\",\"product\":\"book\",\"quantity\":1}" \
      "http://127.0.0.1:$APP_PORT/orders" || echo failed
    sleep "$(awk -v r="$RATE" 'BEGIN { printf "%.3f", 1 / r }')"
  done
) >"$WORK/traffic.log" 2>&1 &
TRAFFIC_PID=$!
PIDS+=("$TRAFFIC_PID")
if [ "$BROKER" = rabbit ]; then
  sleep "$OUTAGE_START"
  log "stopping RabbitMQ for ${OUTAGE_SECONDS}s"
  stop "$RABBIT_PID"
  sleep "$OUTAGE_SECONDS"
  log "starting RabbitMQ again"
  start_rabbit
fi
wait "$TRAFFIC_PID"
log "orders sent: $(grep -c '^20' "$WORK/traffic.log" || true) accepted, $(grep -vc '^20' "$WORK/traffic.log" || true) other"
sleep 20   # two more backlog-gauge refreshes and a few scrapes after the last order

# 6. The preview page, served from the repository root so it can read the dashboard JSON.
WEB_PORT="$(free_port)"
(cd "$ROOT" && exec python3 -m http.server "$WEB_PORT" --bind 127.0.0.1) >"$WORK/http.log" 2>&1 &
PIDS+=($!)
wait_for "http://127.0.0.1:$WEB_PORT/tools/dashboard-preview/index.html" 30
RANGE=$(( $(date +%s) - START + 30 ))
URL="http://127.0.0.1:$WEB_PORT/tools/dashboard-preview/index.html?prom=http://127.0.0.1:$PROM_PORT&range=$RANGE"

# The page's height: the lowest panel's bottom (30px rows, 8px gaps) plus the header.
HEIGHT=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(max(p["gridPos"]["y"]+p["gridPos"]["h"] for p in d["panels"])*38+110)' \
  "$ROOT/docs/grafana/outbox-dashboard.json")

# 7. The screenshot.
log "screenshot of $URL"
mkdir -p "$WORK/chromium"
chromium --headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --disable-background-networking \
  --disable-component-update --no-first-run --user-data-dir="$WORK/chromium" --hide-scrollbars \
  --window-size="1600,$HEIGHT" --virtual-time-budget=15000 --screenshot="$WORK/preview.png" "$URL" \
  >"$WORK/chromium.log" 2>&1 &
CHROMIUM_PID=$!
PIDS+=("$CHROMIUM_PID")
wait "$CHROMIUM_PID"
test -s "$WORK/preview.png"
cp "$WORK/preview.png" "$OUT"
log "wrote $OUT"
