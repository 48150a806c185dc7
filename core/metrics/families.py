"""The kernel's own metric families (plugins declare theirs beside their code)."""

from core.metrics import counter, gauge, histogram

# Request latency in seconds: a chat API answers in milliseconds; uploads and exports take longer.
LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)
PROBE_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)

HTTP_REQUESTS = counter(
    "hearth_http_requests_total",
    "HTTP requests answered, by method, route rule and status.",
    ["method", "route", "status"],
)
HTTP_LATENCY = histogram(
    "hearth_http_request_duration_seconds",
    "Time from the request's arrival in Quart to its response, by method and route rule.",
    ["method", "route"],
    buckets=LATENCY_BUCKETS,
)
SOCKETS_CONNECTED = gauge("hearth_sockets_connected", "Socket.IO connections open (authenticated or not).")
SOCKETS_AUTHENTICATED = gauge("hearth_sockets_authenticated", "Socket.IO connections that have authenticated.")
SOCKET_EVENTS_RECEIVED = counter(
    "hearth_socket_events_received_total", "Client-to-server socket events handled, by event name.", ["event"]
)
EVENTS_EMITTED = counter(
    "hearth_events_emitted_total", "Server-to-client events emitted to rooms or sockets, by event name.", ["event"]
)
EVENT_GAPS = counter(
    "hearth_fanout_gaps_total", "Times this process found events from other processes missing (Redis outages)."
)
FANOUT_EMITS_HEARD = counter(
    "hearth_fanout_emits_heard_total",
    "Emits of other processes this process's listener handled, by channel: room (heard because it holds a "
    "socket in the room, interest routing) or stream (heard by every process).",
    ["channel"],
)
DATABASE_PROBE = histogram(
    "hearth_database_probe_seconds", "Round trip of a SELECT 1, sampled by each worker.", buckets=PROBE_BUCKETS
)
DATABASE_ERRORS = counter(
    "hearth_database_errors_total", "Database failures: requests answered 503, failed probes.", ["kind"]
)
REDIS_PROBE = histogram(
    "hearth_redis_probe_seconds", "Round trip of a Redis PING, sampled by each worker.", buckets=PROBE_BUCKETS
)
REDIS_ERRORS = counter("hearth_redis_errors_total", "Failed Redis probes.")
JOB_RUNS = counter("hearth_background_job_runs_total", "Background job rounds, by job and result.", ["job", "result"])
JOB_DURATION = histogram(
    "hearth_background_job_duration_seconds", "Time a background job's round took.", ["job"], buckets=LATENCY_BUCKETS
)
WORKER_MEMORY = gauge("hearth_worker_resident_memory_bytes", "Resident memory of each worker process.", mode="liveall")
WORKER_CPU = gauge(
    "hearth_worker_cpu_seconds", "CPU time (user + system) each worker process has used.", mode="liveall"
)
WORKER_STARTED = gauge(
    "hearth_worker_start_time_seconds", "When each worker process started (Unix time).", mode="liveall"
)
