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
	return []engine.Definition{unipoly.Definition{}, projectopoly.Definition{}, technopoly.Definition{},
		allinthegame.Definition{}, billionaire.Definition{}}
}

// simRegistry is what `boardroom sim` plays: every served game (a game
// whose engine is finished but whose screen is not yet would be added
// here only, so that the server does not offer it to players).
func simRegistry() (*engine.Registry, error) {
	return engine.NewRegistry(servedGames()...)
}
