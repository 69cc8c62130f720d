# shellcheck shell=bash
# The Node settings the server runs with: sourced by bin/clip-server (`npm start`) and by bin/clip for
# `clip serve`, so both run the server alike. Test server processes (SERVER_NODE_ARGS and SERVER_MALLOC_ENV
# in packages/server/src/testing/serverInstance.ts, checked against this file) and the benchmarks
# (bench/lib/processes.mjs) read the `export` lines and the `server_node_flags=(...)` line.

# glibc's thresholds held (ADR 0033). By default the first free of a large block (the 16 MiB of a scrypt
# password check) raises the mmap threshold past it for good, and every later check leaves 16 MiB resident
# in its libuv thread's malloc arena. At 8 MiB each check's block is mapped and given back; the trim
# threshold stays where glibc would have moved it (a low one costs small requests 10-20% of throughput).
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-8388608}"
export MALLOC_TRIM_THRESHOLD_="${MALLOC_TRIM_THRESHOLD_:-33554432}"
# Two malloc arenas instead of one per thread that mallocs (V8's compiler and GC helpers, libuv's pool):
# each arena keeps what its thread freed. After the request loads 16-20 -> 7.5 MiB, idle -3 MiB (ADR 0086).
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"

# --max-semi-space-size=8: an 8 MiB young generation (ADRs 0036, 0088). Each scavenge copies what the
# requests in flight hold, and what survives two is promoted: at 4 MiB today's requests lived across two
# scavenges, so every request's objects went to the old generation (~5 KB each), doubling GC and leaving
# 100+ MiB of heap pages after a load. Uploads no longer depend on a small one (docs/architecture.md).
# --no-allocation-site-pretenuring: V8 allocates every object young (ADR 0095). Left on, a site whose objects
# once survived a scavenge in bulk (a burst of requests in flight, a page of a huge listing) is allocated
# straight into the old generation for good: 20-45% more CPU per request and 200+ MiB after a load in
# some processes of one build and not others, and a WebDAV listing's RSS growing with the folder.
# --expose-gc: one memory-reducing collection once started (src/startupGarbage.ts, ADR 0084).
# --bytecode-old-age=2: bytecode no function ran through two full collections is dropped (V8: six), so
# that collection also drops what only starting ran (migrations, the route table): idle -2 to -2.5 MiB,
# no CPU per request lost (ADR 0098). A function dropped is compiled again when next called.
server_node_flags=(--max-semi-space-size=8 --no-allocation-site-pretenuring --bytecode-old-age=2 --expose-gc --disable-warning=ExperimentalWarning)
