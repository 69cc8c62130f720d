/**
 * How the CLI sends a large file into a mount (the SDK's resumable multipart through the server).
 * Six parts in flight, not the SDK's three: each part crosses three processes (clip, the server,
 * storage), and with three in flight they wait on each other. Measured with fs.upload of 256 MiB into
 * an s3rver mount on the 2-core machine under load (two alternating rounds): 3 in flight 19.4 s and
 * 24.1 s, 6 in flight 12.9 s and 11.4 s, 10 in flight 19.0 s and 13.5 s.
 */
export const PARTS_IN_FLIGHT = 6;
