package lobby

import "boardroom/lobby/gamefile"

// The saved-game file (G004-15) is sealed and opened by lobby/gamefile;
// lobby/saved decides who may export and import and maps its refusals to
// what players read; these name its limits.
const (
	// MaxFileBytes is the largest game file import reads.
	MaxFileBytes = gamefile.MaxBytes
	// SealKeySize is the length of Config.SealKey.
	SealKeySize = gamefile.KeySize
)

// ErrBadFile is the sentinel of every refused game file; the *Error
// wrapping it says why in a sentence for the player.
var ErrBadFile = gamefile.ErrBadFile
