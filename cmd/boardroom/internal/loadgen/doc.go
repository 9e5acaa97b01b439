// Package loadgen is the logic of `boardroom load`, an SSH load generator
// for sizing a boardroom server: it opens many concurrent PTY sessions, each
// with its own in-memory ed25519 key, answers the terminal queries a real
// terminal answers, optionally sets handles and types scripted keys, and
// reports connection and latency percentiles, traffic, and the server's
// memory and CPU per session read from /proc.
//
// It lives under cmd/boardroom, so it may parse the command's flags.
package loadgen
