//go:build !unix

package loadgen

import "errors"

// RaiseNoFile is not supported on this platform.
func RaiseNoFile() (soft, hard uint64, err error) {
	return 0, 0, errors.ErrUnsupported
}
