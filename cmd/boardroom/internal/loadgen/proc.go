package loadgen

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// userHZ is the unit of utime and stime in /proc/PID/stat. Linux exposes
// these in USER_HZ, which is 100 on every common architecture.
const userHZ = 100

// ProcSample is one reading of a process's memory and CPU time.
type ProcSample struct {
	At       time.Time
	RSSKiB   int64 // VmRSS from /proc/PID/status
	PSSKiB   int64 // Pss from /proc/PID/smaps_rollup, -1 when unavailable
	CPUTicks int64 // utime + stime from /proc/PID/stat, in USER_HZ ticks
}

// ReadProc reads a sample of pid from the proc file system mounted at root
// (normally "/proc").
func ReadProc(root string, pid int) (ProcSample, error) { return readProc(root, pid, true) }

// readProc is ReadProc, reading the proportional set size only when pss is
// set: the kernel walks every page of the process for smaps_rollup, which
// takes milliseconds of a large server's memory map, under the lock its
// page faults need, so the once-a-second rows read only status and stat.
func readProc(root string, pid int, pss bool) (ProcSample, error) {
	dir := filepath.Join(root, strconv.Itoa(pid))
	s := ProcSample{At: time.Now(), PSSKiB: -1}
	status, err := os.ReadFile(filepath.Join(dir, "status"))
	if err != nil {
		return s, fmt.Errorf("read memory of pid %d: %w", pid, err)
	}
	if s.RSSKiB, err = kibField(status, "VmRSS:"); err != nil {
		return s, fmt.Errorf("pid %d status: %w", pid, err)
	}
	if pss { // else PSSKiB stays -1: not read
		if rollup, err := os.ReadFile(filepath.Join(dir, "smaps_rollup")); err == nil {
			if v, err := kibField(rollup, "Pss:"); err == nil {
				s.PSSKiB = v
			}
		}
	}
	stat, err := os.ReadFile(filepath.Join(dir, "stat"))
	if err != nil {
		return s, fmt.Errorf("read CPU time of pid %d: %w", pid, err)
	}
	if s.CPUTicks, err = cpuTicks(stat); err != nil {
		return s, fmt.Errorf("pid %d stat: %w", pid, err)
	}
	return s, nil
}

// kibField finds the line starting with name ("VmRSS:") and returns its
// value in KiB ("VmRSS:   1234 kB").
func kibField(data []byte, name string) (int64, error) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, name) {
			continue
		}
		f := strings.Fields(line[len(name):])
		if len(f) == 0 {
			break
		}
		v, err := strconv.ParseInt(f[0], 10, 64)
		if err != nil {
			return 0, fmt.Errorf("%s %q: %w", name, f[0], err)
		}
		if len(f) > 1 && f[1] != "kB" {
			return 0, fmt.Errorf("%s: unit %q, want kB", name, f[1])
		}
		return v, nil
	}
	return 0, fmt.Errorf("no %s line", name)
}

// cpuTicks returns utime+stime from the contents of /proc/PID/stat. The
// command name in parentheses may contain spaces and parentheses, so the
// fields are counted from the last ')'.
func cpuTicks(stat []byte) (int64, error) {
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return 0, fmt.Errorf("no ')' in %q", truncate(string(stat), 60))
	}
	f := strings.Fields(string(stat[i+1:]))
	// f[0] is field 3 (state); utime is field 14 and stime field 15.
	if len(f) < 13 {
		return 0, fmt.Errorf("%d fields after the command name, want at least 13", len(f))
	}
	ut, err := strconv.ParseInt(f[11], 10, 64)
	if err != nil {
		return 0, fmt.Errorf("utime: %w", err)
	}
	st, err := strconv.ParseInt(f[12], 10, 64)
	if err != nil {
		return 0, fmt.Errorf("stime: %w", err)
	}
	return ut + st, nil
}

// MaxOpenFiles returns the soft limit on open files of pid from
// /proc/PID/limits (-1 for unlimited).
func MaxOpenFiles(root string, pid int) (int64, error) {
	data, err := os.ReadFile(filepath.Join(root, strconv.Itoa(pid), "limits"))
	if err != nil {
		return 0, fmt.Errorf("read limits of pid %d: %w", pid, err)
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "Max open files") {
			continue
		}
		f := strings.Fields(strings.TrimPrefix(line, "Max open files"))
		if len(f) == 0 {
			break
		}
		if f[0] == "unlimited" {
			return -1, nil
		}
		return strconv.ParseInt(f[0], 10, 64)
	}
	return 0, fmt.Errorf("pid %d: no 'Max open files' line", pid)
}

// cpuPercent is the CPU used between two samples as a percentage of one core.
func cpuPercent(a, b ProcSample) float64 {
	wall := b.At.Sub(a.At).Seconds()
	if wall <= 0 {
		return 0
	}
	return round3(float64(b.CPUTicks-a.CPUTicks) / userHZ / wall * 100)
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

// MachineSample is one reading of the machine's CPU time, from the first
// line of /proc/stat (every core together, in USER_HZ ticks).
type MachineSample struct {
	Total int64 // every state's ticks
	Steal int64 // the ticks the hypervisor ran something else while this machine had work
}

// readMachine reads the machine's CPU time from the proc file system
// mounted at root.
func readMachine(root string) (MachineSample, error) {
	data, err := os.ReadFile(filepath.Join(root, "stat"))
	if err != nil {
		return MachineSample{}, fmt.Errorf("read the machine's CPU time: %w", err)
	}
	line, _, _ := bytes.Cut(data, []byte("\n"))
	f := strings.Fields(string(line))
	if len(f) < 9 || f[0] != "cpu" { // cpu user nice system idle iowait irq softirq steal ...
		return MachineSample{}, fmt.Errorf("/proc/stat: first line %q is not the machine's cpu line", line)
	}
	var s MachineSample
	for i, v := range f[1:] {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return MachineSample{}, fmt.Errorf("/proc/stat: %q: %w", v, err)
		}
		if i < 8 { // guest and guest_nice are counted in user and nice already
			s.Total += n
		}
		if i == 7 {
			s.Steal = n
		}
	}
	return s, nil
}

// stealPercent is the share of the machine's CPU time between a and b that
// the host took (steal), in % of every core together as vmstat's "st";
// -1 when nothing was counted between them.
func stealPercent(a, b MachineSample) float64 {
	if b.Total <= a.Total {
		return -1
	}
	return round3(100 * float64(b.Steal-a.Steal) / float64(b.Total-a.Total))
}
