//go:build !unix

package main

import "log/slog"

// raiseOpenFileLimit does nothing where there is no RLIMIT_NOFILE.
func raiseOpenFileLimit(*slog.Logger) {}
