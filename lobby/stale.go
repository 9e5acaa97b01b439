package lobby

// Act refuses an action made on a screen the seat no longer sees with
// ErrStale; lobby/play (stale.go) says which changes make a screen stale.
