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
			// Said for the command line, which takes the choices themselves
			// (rules C-14), with their words and both defaults (C-12).
			return nil, Errf(CodeBadOption, "Option %s (%s) cannot be %q: choose %s (%s).",
				spec.Key, spec.Label, v, spec.CommandChoicesText(), spec.DefaultText())
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
		return nil, unknownOption(info, unknown[0])
	}
	return out, nil
}

// unknownOption refuses an option key the game does not have and names
// the keys it does have, each with its label.
func unknownOption(info Info, key string) error {
	if len(info.Options) == 0 {
		return Errf(CodeBadOption, "Unknown option %q: %s has no options.", key, info.Title)
	}
	keys := make([]string, len(info.Options))
	for i, o := range info.Options {
		keys[i] = o.Key
		if o.Label != "" && o.Label != o.Key {
			keys[i] += " (" + o.Label + ")"
		}
	}
	return Errf(CodeBadOption, "Unknown option %q: %s has %s.", key, info.Title, joinAnd(keys))
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

// Check refuses what was typed on a command line before ValidateOptions
// reads it: an unknown key (listing the game's keys) and an empty value
// ("--option endMode="), which ValidateOptions would take for the default.
// ValidateOptions keeps reading "" as the default because stored and
// on-screen options use it for "not set"; on a command line an empty value
// is a slip (a shell variable that was not set, a value cut off), so it is
// refused with the choices rather than silently meaning the default.
func (o OptionFlags) Check(info Info) error {
	keys := make([]string, 0, len(o))
	for k := range o {
		keys = append(keys, k)
	}
	slices.Sort(keys) // the same message whatever the map order
	for _, k := range keys {
		spec, ok := info.OptionSpec(k)
		if !ok {
			return unknownOption(info, k)
		}
		if o[k] == "" {
			return Errf(CodeBadOption, "Option %s (%s) has no value after \"=\": choose %s (%s), or leave the option out for its default.",
				spec.Key, spec.Label, spec.CommandChoicesText(), spec.DefaultText())
		}
	}
	return nil
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

// ChoiceText is choice v of the option as players read it: its label, or
// v itself when it has none.
func (o OptionSpec) ChoiceText(v string) string {
	if l, ok := o.Labels[v]; ok && l != "" {
		return l
	}
	return v
}

// PublicDefault is the choice a table in the public lobby starts with:
// Public when set, else Default.
func (o OptionSpec) PublicDefault() string {
	if o.Public != "" {
		return o.Public
	}
	return o.Default
}

// DefaultText states the option's defaults in words (rules C-12): "default:
// off; public tables: 40 rounds", or "default: on" when public tables
// start with the same choice.
func (o OptionSpec) DefaultText() string {
	s := "default: " + o.ChoiceText(o.Default)
	if p := o.PublicDefault(); p != o.Default {
		s += "; public tables: " + o.ChoiceText(p)
	}
	return s
}

// ChoicesText lists the choices in words: "last player standing, 10
// rounds, 90 minutes".
func (o OptionSpec) ChoicesText() string {
	words := make([]string, len(o.Choices))
	for i, c := range o.Choices {
		words[i] = o.ChoiceText(c)
	}
	return strings.Join(words, ", ")
}

// CommandChoicesText lists the choices as the command line takes them,
// each with its words when they differ: "lastStanding (last player
// standing), rounds:10 (10 rounds), on".
func (o OptionSpec) CommandChoicesText() string {
	words := make([]string, len(o.Choices))
	for i, c := range o.Choices {
		words[i] = c
		if t := o.ChoiceText(c); t != c {
			words[i] += " (" + t + ")"
		}
	}
	return strings.Join(words, ", ")
}

// OptionSpec returns the spec of option key, if the game has it.
func (in Info) OptionSpec(key string) (OptionSpec, bool) {
	for _, o := range in.Options {
		if o.Key == key {
			return o, true
		}
	}
	return OptionSpec{}, false
}

// OptionText is the value a table's options give key, in words; an unset
// option reads as its Default.
func (in Info) OptionText(opts map[string]string, key string) string {
	o, ok := in.OptionSpec(key)
	if !ok {
		return opts[key]
	}
	v := opts[key]
	if v == "" {
		v = o.Default
	}
	return o.ChoiceText(v)
}
