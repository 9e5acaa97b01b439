package lobby

import (
	"errors"

	"boardroom/lobby/gamefile"
)

// The saved-game file (G004-15) is sealed and opened by lobby/gamefile;
// export.go decides who may export and import, and these name its limits
// and map its refusals to what players read.
const (
	// MaxFileBytes is the largest game file import reads.
	MaxFileBytes = gamefile.MaxBytes
	// SealKeySize is the length of Config.SealKey.
	SealKeySize = gamefile.KeySize
)

// ErrBadFile is the sentinel of every refused game file; the *Error
// wrapping it says why in a sentence for the player.
var ErrBadFile = gamefile.ErrBadFile

func badFile(format string, a ...any) error { return fileErr(gamefile.BadFile(format, a...)) }

// fileErr turns a refusal of lobby/gamefile into the lobby's *Error with the
// same sentence; other errors pass unchanged.
func fileErr(err error) error {
	var fe *gamefile.Error
	if errors.As(err, &fe) {
		return userErr(ErrBadFile, fe.Msg)
	}
	return err
}
