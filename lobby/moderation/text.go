package moderation

import (
	"fmt"
	"strings"
)

// Named is a key as operators read it: its handle and fingerprint, or the
// fingerprint alone.
func Named(fp, handle string) string {
	if handle == "" {
		return fp
	}
	return handle + " (" + fp + ")"
}

// Text is the action in words, as `op log` and the operator screen show
// it: when, who, what, whom, until when and why.
func (a Action) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s  %s  %s %s", a.At.UTC().Format("2006-01-02 15:04 UTC"), Named(a.By, a.ByHandle), a.Verb, Named(a.Target, a.Handle))
	switch a.Verb {
	case VerbBan, VerbBanAddress, VerbMute:
		if a.Until.IsZero() {
			b.WriteString(" for good")
		} else {
			b.WriteString(" until " + a.Until.UTC().Format("2006-01-02 15:04 UTC"))
		}
	}
	if a.Reason != "" {
		b.WriteString(": " + a.Reason)
	}
	return b.String()
}
