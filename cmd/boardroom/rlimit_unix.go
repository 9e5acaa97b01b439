//go:build unix

package main

import (
	"log/slog"
	"syscall"
)

// raiseOpenFileLimit raises the soft limit of open files to the hard
// maximum: each connection holds a descriptor, and a server that runs out
// cannot accept even the players it would admit. (The Go runtime raises it
// at start on most systems already; this makes sure, and logs the figure.)
func raiseOpenFileLimit(log *slog.Logger) {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		log.Warn("cannot read the open file limit", "err", err)
		return
	}
	if lim.Cur < lim.Max {
		raised := lim
		raised.Cur = lim.Max
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &raised); err != nil {
			log.Warn("cannot raise the open file limit", "soft", lim.Cur, "hard", lim.Max, "err", err)
			return
		}
		lim = raised
	}
	log.Info("open file limit", "soft", lim.Cur, "hard", lim.Max)
}
