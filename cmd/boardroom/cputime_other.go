//go:build !linux

package main

import "time"

// threadCPU runs f; without a per-thread CPU clock it reports none.
func threadCPU(f func()) (time.Duration, bool) {
	f()
	return 0, false
}

// processCPU reads no process CPU clock here.
func processCPU() (time.Duration, bool) { return 0, false }
