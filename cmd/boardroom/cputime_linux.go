//go:build linux

package main

import (
	"runtime"
	"syscall"
	"time"
	"unsafe"
)

// Linux's CLOCK_PROCESS_CPUTIME_ID and CLOCK_THREAD_CPUTIME_ID.
const (
	clockProcessCPUTime = 2
	clockThreadCPUTime  = 3
)

// threadCPU runs f on one OS thread and returns the CPU time that thread
// spent in it: what a decision costs on one core, whatever else the
// machine's cores are doing (a wall-clock time on a loaded machine also
// counts the time the thread waited for a core). ok is false if the
// clock cannot be read.
func threadCPU(f func()) (d time.Duration, ok bool) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start, ok1 := threadClock()
	f()
	end, ok2 := threadClock()
	return end - start, ok1 && ok2
}

func threadClock() (time.Duration, bool) { return cpuClock(clockThreadCPUTime) }

// processCPU is the CPU time all the process's threads have spent so far
// (the collector's too); ok is false if the clock cannot be read.
func processCPU() (time.Duration, bool) { return cpuClock(clockProcessCPUTime) }

func cpuClock(id uintptr) (time.Duration, bool) {
	var ts syscall.Timespec
	_, _, errno := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, id, uintptr(unsafe.Pointer(&ts)), 0)
	if errno != 0 {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}
