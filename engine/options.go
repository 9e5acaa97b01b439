package engine

import (
	"fmt"
	"slices"
	"sort"
	"strings"
)

// ValidateOptions is the usual Definition.ValidateOptions for a game whose
// options are all closed choices: it checks the seat count against info,
// fills in defaults, and refuses unknown keys and values not among the
// choices with a *RuleError. Games with richer options may do more.
func ValidateOptions(info Info, seats int, opts map[string]string) (map[string]string, error) {
	if seats < info.MinSeats || seats > info.MaxSeats {
		return nil, Errf(CodeBadSetup, "%s needs %d-%d players.", info.Title, info.MinSeats, info.MaxSeats)
	}
	out := make(map[string]string, len(info.Options))
	for _, spec := range info.Options {
		v, ok := opts[spec.Key]
		if !ok || v == "" {
			v = spec.Default
		}
		valid := false
		for _, c := range spec.Choices {
			valid = valid || c == v
		}
		if !valid {
			return nil, Errf(CodeBadOption, "Option %s cannot be %q.", spec.Key, v)
		}
		out[spec.Key] = v
	}
	unknown := make([]string, 0)
	for k := range opts {
		if _, ok := out[k]; !ok {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown) // the same message whatever the map order
		return nil, Errf(CodeBadOption, "Unknown option %q.", unknown[0])
	}
	return out, nil
}

// OptionFlags collects repeated `--option key=value` command-line flags
// (it implements flag.Value); ValidateOptions then checks them against a
// game. The `sim` command and the `new` ssh command share it.
type OptionFlags map[string]string

// String lists the options as key=value, sorted, joined by commas.
func (o OptionFlags) String() string {
	keys := make([]string, 0, len(o))
	for k := range o {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		parts = append(parts, k+"="+o[k])
	}
	return strings.Join(parts, ",")
}

// Set adds one key=value; spaces around the key and the value are dropped.
func (o OptionFlags) Set(v string) error {
	k, val, ok := strings.Cut(v, "=")
	k = strings.TrimSpace(k)
	if !ok || k == "" {
		return fmt.Errorf("--option wants key=value, got %q", v)
	}
	o[k] = strings.TrimSpace(val)
	return nil
}
