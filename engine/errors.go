package engine

import (
	"errors"
	"fmt"
)

// Stable rule error codes.
const (
	CodeNotYourTurn = "not_your_turn"
	CodeIllegal     = "illegal"
	CodeBadAction   = "bad_action"
	CodeGameOver    = "game_over"
	CodeBadOption   = "bad_option"
	CodeBadSetup    = "bad_setup"
)

// RuleError is the error of a refused action: a stable code and a sentence
// for the player.
type RuleError struct {
	Code string
	Msg  string
}

func (e *RuleError) Error() string { return e.Msg }

// Errf builds a *RuleError.
func Errf(code, format string, args ...any) error {
	return &RuleError{Code: code, Msg: fmt.Sprintf(format, args...)}
}

// IsRuleError reports whether err is (or wraps) a *RuleError, and returns it.
func IsRuleError(err error) (*RuleError, bool) {
	var re *RuleError
	if errors.As(err, &re) {
		return re, true
	}
	return nil, false
}

// ErrUnknownGame is returned by the registry for an id it does not hold.
var ErrUnknownGame = errors.New("unknown game")
