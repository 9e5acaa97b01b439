package opoly

import (
	"boardroom/engine"
)

// Definition adapts a Ruleset to engine.Definition. Variant packages hand
// it out through Variant: unipoly.Definition{} delegates to the value
// NewDefinition(unipoly.Rules()) built once.
type Definition struct {
	rs  *Ruleset
	why *reasons // the money-change reasons naming cells, shared by its games
	// opts is the ruleset's Info made once, for ValidateOptions, which
	// every New calls and which only reads its seats, title and options
	// (building it was a map, strings and about 10,000 instructions a game).
	opts *engine.Info
}

// NewDefinition returns the engine definition of a ruleset. The ruleset
// must pass Validate and must not change afterwards. It builds the tables
// that every game of the ruleset reads (the reasons naming each cell), so a
// variant builds its Definition once, at package initialisation, and hands
// out that value: the engine keeps no caches of its own.
func NewDefinition(rs *Ruleset) Definition {
	info := rs.Info()
	return Definition{rs: rs, why: newReasons(rs), opts: &info}
}

// Rules returns the ruleset.
func (d Definition) Rules() *Ruleset { return d.rs }

// Info implements engine.Definition.
func (d Definition) Info() engine.Info { return d.rs.Info() }

// ValidateOptions implements engine.Definition.
func (d Definition) ValidateOptions(seats int, opts map[string]string) (map[string]string, error) {
	return engine.ValidateOptions(*d.opts, seats, opts)
}

// New implements engine.Definition: shuffle the seat order, credit the
// table money, deal and charge the properties, shuffle the decks (R004-02,
// G004-10, G004-11).
func (d Definition) New(setup engine.Setup) (engine.Game, error) {
	opts, err := d.ValidateOptions(setup.Seats, setup.Options)
	if err != nil {
		return nil, err
	}
	setup.Options = opts
	return newGame(d, setup)
}

// Restore implements engine.Definition.
func (d Definition) Restore(snapshot []byte) (engine.Game, error) {
	return restoreGame(d, snapshot)
}

// DecodeAction implements engine.Definition.
func (d Definition) DecodeAction(data []byte) (engine.Action, error) { return Codec.Decode(data) }

// NewBot implements engine.Definition.
func (d Definition) NewBot(seat int, seed uint64) engine.Bot { return newBot(seat, seed) }

// Variant is what a variant package's registry entry embeds, so that the
// variant does not write the delegating methods of engine.Definition again:
//
//	type Definition struct{ opoly.Variant[built] }
//
//	type built struct{}
//
//	func (built) Definition() opoly.Definition { return definition }
//
// B names the variant's Definition, built once at package initialisation;
// Variant holds no data, so callers keep writing unipoly.Definition{}.
type Variant[B interface{ Definition() Definition }] struct{}

func (Variant[B]) def() Definition {
	var b B
	return b.Definition()
}

// Rules returns the variant's ruleset.
func (v Variant[B]) Rules() *Ruleset { return v.def().Rules() }

// Info implements engine.Definition.
func (v Variant[B]) Info() engine.Info { return v.def().Info() }

// ValidateOptions implements engine.Definition.
func (v Variant[B]) ValidateOptions(seats int, opts map[string]string) (map[string]string, error) {
	return v.def().ValidateOptions(seats, opts)
}

// New implements engine.Definition.
func (v Variant[B]) New(setup engine.Setup) (engine.Game, error) { return v.def().New(setup) }

// Restore implements engine.Definition.
func (v Variant[B]) Restore(snapshot []byte) (engine.Game, error) { return v.def().Restore(snapshot) }

// DecodeAction implements engine.Definition.
func (v Variant[B]) DecodeAction(data []byte) (engine.Action, error) {
	return v.def().DecodeAction(data)
}

// NewBot implements engine.Definition.
func (v Variant[B]) NewBot(seat int, seed uint64) engine.Bot { return v.def().NewBot(seat, seed) }
