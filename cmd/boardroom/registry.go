package main

import (
	"boardroom/engine"
	"boardroom/engine/opoly/projectopoly"
	"boardroom/engine/opoly/technopoly"
	"boardroom/engine/opoly/unipoly"
)

// registry lists the games this server offers. The test-only game of
// engine/testgame is never registered here.
func registry() (*engine.Registry, error) {
	return engine.NewRegistry(unipoly.Definition{}, projectopoly.Definition{}, technopoly.Definition{})
}
