package main

import (
	"boardroom/engine"
	"boardroom/engine/allinthegame"
	"boardroom/engine/billionaire"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/opoly/unipoly"
)

// registry lists the games this server offers. The test-only game of
// engine/testgame is never registered here.
func registry() (*engine.Registry, error) {
	return engine.NewRegistry(servedGames()...)
}

func servedGames() []engine.Definition {
	return []engine.Definition{unipoly.Definition{}, projectopoly.Definition{}, allinthegame.Definition{},
		billionaire.Definition{}}
}

// simRegistry is what `boardroom sim` plays: every served game, and the
// games whose engine is finished but whose screen is not yet (Technopoly:
// its takeover and terminate dialogs are still to be built, so the server
// does not offer it to players).
func simRegistry() (*engine.Registry, error) {
	return engine.NewRegistry(append(servedGames(), technopoly.Definition{})...)
}
