package loadgen

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"time"
)

// Think is how long a simulated human thinks before each decision: a time
// drawn uniformly from [Min, Max] for every action of every human. Zero
// (Min = Max = 0) acts the instant the screen offers a move, as fast as
// the machine allows.
type Think struct {
	Min, Max time.Duration
}

// DefaultThink is the think time of `boardroom load --play` unless --think
// says otherwise: a player reading the board, not a script.
var DefaultThink = Think{2 * time.Second, 6 * time.Second}

// MaxThink bounds --think: turn timers are about a minute.
const MaxThink = 10 * time.Minute

// ParseThink reads "2s-6s" (uniform between the two), "3s" (always 3s) or
// "0" (no thinking).
func ParseThink(s string) (Think, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Think{}, &ConfigError{"think", "empty: want MIN-MAX such as 2s-6s, one duration, or 0"}
	}
	lo, hi, isRange := strings.Cut(s, "-")
	if !isRange {
		hi = lo
	}
	min, err := parseThinkDuration(lo)
	if err != nil {
		return Think{}, err
	}
	max, err := parseThinkDuration(hi)
	if err != nil {
		return Think{}, err
	}
	t := Think{min, max}
	return t, t.Validate()
}

func parseThinkDuration(s string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	if s == "0" {
		return 0, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, &ConfigError{"think", fmt.Sprintf("%q is not a duration (want MIN-MAX such as 2s-6s)", s)}
	}
	return d, nil
}

// Validate checks 0 <= Min <= Max <= MaxThink.
func (t Think) Validate() error {
	switch {
	case t.Min < 0 || t.Max < 0:
		return &ConfigError{"think", "must not be negative"}
	case t.Min > t.Max:
		return &ConfigError{"think", fmt.Sprintf("the least (%s) is more than the most (%s)", t.Min, t.Max)}
	case t.Max > MaxThink:
		return &ConfigError{"think", fmt.Sprintf("%s is more than %s", t.Max, MaxThink)}
	}
	return nil
}

// Draw returns one think time, uniform in [Min, Max].
func (t Think) Draw(rng *rand.Rand) time.Duration {
	if t.Max <= t.Min {
		return t.Min
	}
	return t.Min + time.Duration(rng.Int64N(int64(t.Max-t.Min)+1))
}

// Mean is the expected think time.
func (t Think) Mean() time.Duration { return (t.Min + t.Max) / 2 }

// String is the form ParseThink reads.
func (t Think) String() string {
	switch {
	case t.Min == 0 && t.Max == 0:
		return "0"
	case t.Min == t.Max:
		return t.Min.String()
	}
	return t.Min.String() + "-" + t.Max.String()
}
