package enginetest

import (
	"errors"
	"fmt"
	"regexp"

	"boardroom/engine"
)

var idPattern = regexp.MustCompile(`^[a-z][a-z0-9_-]{0,31}$`)

// checkInfo: the id, title, seat range, summary, rules version and option
// specs are well formed.
func checkInfo(s *suite) error {
	in := s.info
	var errs []error
	if !idPattern.MatchString(in.ID) {
		errs = append(errs, fmt.Errorf("id %q is not a short lower-case identifier", in.ID))
	}
	if in.Title == "" {
		errs = append(errs, errors.New("empty title"))
	}
	if in.Summary == "" {
		errs = append(errs, errors.New("empty summary"))
	}
	if in.RulesVersion == "" {
		errs = append(errs, errors.New("empty rules version"))
	}
	if in.MinSeats < 1 || in.MaxSeats < in.MinSeats {
		errs = append(errs, fmt.Errorf("seat range %d-%d is not sane", in.MinSeats, in.MaxSeats))
	}
	keys := map[string]bool{}
	for _, o := range in.Options {
		if o.Key == "" || o.Label == "" {
			errs = append(errs, fmt.Errorf("option %q has an empty key or label", o.Key))
		}
		if keys[o.Key] {
			errs = append(errs, fmt.Errorf("option %q listed twice", o.Key))
		}
		keys[o.Key] = true
		if len(o.Choices) == 0 {
			errs = append(errs, fmt.Errorf("option %q has no choices", o.Key))
		}
		seen, hasDefault := map[string]bool{}, false
		for _, c := range o.Choices {
			if c == "" || seen[c] {
				errs = append(errs, fmt.Errorf("option %q has an empty or duplicate choice %q", o.Key, c))
			}
			seen[c] = true
			hasDefault = hasDefault || c == o.Default
		}
		if !hasDefault {
			errs = append(errs, fmt.Errorf("option %q: default %q is not among its choices", o.Key, o.Default))
		}
		if o.Public != "" && !seen[o.Public] {
			errs = append(errs, fmt.Errorf("option %q: public default %q is not among its choices", o.Key, o.Public))
		}
	}
	for _, n := range s.cfg.Seats {
		if n < in.MinSeats || n > in.MaxSeats {
			errs = append(errs, fmt.Errorf("configured seat count %d is outside %d-%d", n, in.MinSeats, in.MaxSeats))
		}
	}
	return errors.Join(errs...)
}

// checkGuide: the game has a how-to-play guide covering every required
// topic (goal, turn, actions, end, words) in the guide markup
// (engine.Guide), so a game nobody can learn from its screen fails here.
func checkGuide(s *suite) error {
	if len(s.info.Guide) == 0 {
		return errors.New("Info().Guide is empty: every game needs a how-to-play guide (see engine.Guide)")
	}
	if err := s.info.Guide.Check(); err != nil {
		return fmt.Errorf("how-to-play guide: %w", err)
	}
	// Players never see a rule id (C-14): the guide speaks in words.
	if id := ruleID.FindString(GuideText(s.info.Guide)); id != "" {
		return fmt.Errorf("how-to-play guide names the rule id %q: players read words, never ids (rules C-14)", id)
	}
	return nil
}

// ruleID matches the rules' ids (G003-11, R001-25, A000-20, MF-7, C-7).
var ruleID = regexp.MustCompile(`\b(?:[GRA]\d{3}-\d{2}|MF-\d+|C-\d+)\b`)

// checkOptions: ValidateOptions fills in every default, accepts every
// choice, refuses unknown keys, bad values and bad seat counts with a
// *RuleError, and New refuses what ValidateOptions refuses.
func checkOptions(s *suite) error {
	in := s.info
	n := in.MinSeats
	full, err := s.def.ValidateOptions(n, nil)
	if err != nil {
		return fmt.Errorf("ValidateOptions(%d, nil): %w", n, err)
	}
	if len(full) != len(in.Options) {
		return fmt.Errorf("ValidateOptions(%d, nil) returned %d options, Info lists %d: %v", n, len(full), len(in.Options), full)
	}
	for _, o := range in.Options {
		if full[o.Key] != o.Default {
			return fmt.Errorf("ValidateOptions(%d, nil): option %q = %q, want its default %q", n, o.Key, full[o.Key], o.Default)
		}
		for _, c := range o.Choices {
			got, err := s.def.ValidateOptions(n, map[string]string{o.Key: c})
			if err != nil {
				return fmt.Errorf("option %q=%q refused: %w", o.Key, c, err)
			}
			if got[o.Key] != c {
				return fmt.Errorf("option %q=%q came back as %q", o.Key, c, got[o.Key])
			}
		}
		bad := map[string]string{o.Key: "enginetest-not-a-choice"}
		if err := wantRuleError(s.def.ValidateOptions(n, bad)); err != nil {
			return fmt.Errorf("option %q with a junk value: %w", o.Key, err)
		}
		if err := wantRuleErrorGame(s.def.New(engine.Setup{Seats: n, Options: bad, Seed: 1})); err != nil {
			return fmt.Errorf("new with option %q junk: %w", o.Key, err)
		}
	}
	junk := map[string]string{"enginetest-no-such-option": "1"}
	if err := wantRuleError(s.def.ValidateOptions(n, junk)); err != nil {
		return fmt.Errorf("unknown option key: %w", err)
	}
	if err := wantRuleErrorGame(s.def.New(engine.Setup{Seats: n, Options: junk, Seed: 1})); err != nil {
		return fmt.Errorf("new with an unknown option key: %w", err)
	}
	for _, seats := range []int{in.MinSeats - 1, in.MaxSeats + 1, 0, -1} {
		if err := wantRuleError(s.def.ValidateOptions(seats, nil)); err != nil {
			return fmt.Errorf("ValidateOptions with %d seats: %w", seats, err)
		}
		if err := wantRuleErrorGame(s.def.New(engine.Setup{Seats: seats, Seed: 1})); err != nil {
			return fmt.Errorf("new with %d seats: %w", seats, err)
		}
	}
	for _, c := range s.cases {
		full, err := s.def.ValidateOptions(c.setup.Seats, c.setup.Options)
		if err != nil {
			return fmt.Errorf("%v: ValidateOptions: %w", c, err)
		}
		g, err := s.def.New(c.setup)
		if err != nil {
			return fmt.Errorf("%v: New: %w", c, err)
		}
		got := g.Setup()
		if got.Seats != c.setup.Seats || got.Seed != c.setup.Seed {
			return fmt.Errorf("%v: Setup() = %+v", c, got)
		}
		for k, v := range full {
			if got.Options[k] != v {
				return fmt.Errorf("%v: Setup().Options[%q] = %q, want the validated %q", c, k, got.Options[k], v)
			}
		}
	}
	return nil
}

func wantRuleError(_ map[string]string, err error) error {
	if err == nil {
		return errors.New("accepted, want a *engine.RuleError")
	}
	if _, ok := engine.IsRuleError(err); !ok {
		return fmt.Errorf("refused with %T %v, want a *engine.RuleError", err, err)
	}
	return nil
}

// wantRuleErrorGame asks New to refuse; any error will do, as the contract
// only types ValidateOptions' errors.
func wantRuleErrorGame(_ engine.Game, err error) error {
	if err == nil {
		return errors.New("accepted, want an error")
	}
	return nil
}
