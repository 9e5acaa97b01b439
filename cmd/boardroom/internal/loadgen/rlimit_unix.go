//go:build unix

package loadgen

import "syscall"

// RaiseNoFile raises this process's soft limit on open files to its hard
// limit and returns the resulting soft and hard limits.
func RaiseNoFile() (soft, hard uint64, err error) {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return 0, 0, err
	}
	if lim.Cur < lim.Max {
		want := lim
		want.Cur = lim.Max
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &want); err != nil {
			return uint64(lim.Cur), uint64(lim.Max), err
		}
		lim = want
	}
	return uint64(lim.Cur), uint64(lim.Max), nil
}
