// Command boardroom is the SSH game server and its operator tools.
//
//	boardroom [serve] [--listen ADDR] [--data DIR] [--log-level LEVEL] [--log-format text|json] [--metrics ADDR] [--ignore-damage]
//	boardroom backup [--data DIR] [--force] FILE
//	boardroom restore [--data DIR] FILE
//	boardroom games
//	boardroom version
//	boardroom sim --game ID --games N --players P --seed S [--max-rounds R] [--json]
//	boardroom load [flags]   (an ssh load generator for sizing a server)
//
// Only this package reads flags and environment variables.
package main

import (
	"fmt"
	"io"
	"os"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

type command struct {
	name    string
	summary string
	run     func(args []string, stdout, stderr io.Writer) int
}

func commands() []command {
	return []command{
		{"serve", "run the SSH game server (the default)", runServe},
		{"backup", "write a consistent copy of the database, also while serving", runBackup},
		{"restore", "replace the database with a backup (the server must be stopped)", runRestore},
		{"games", "list the games this server offers", runGames},
		{"sim", "play bot-only games and print statistics", runSim},
		{"load", "ssh load generator for sizing a server", runLoad},
		{"version", "print the version", runVersion},
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	name := "serve"
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		name, args = args[0], args[1:]
	}
	for _, c := range commands() {
		if c.name == name {
			return c.run(args, stdout, stderr)
		}
	}
	if name == "help" {
		usage(stdout)
		return 0
	}
	fmt.Fprintf(stderr, "boardroom: unknown command %q\n\n", name)
	usage(stderr)
	return 2
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: boardroom [command] [flags]")
	fmt.Fprintln(w, "\ncommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun 'boardroom COMMAND -h' for a command's flags.")
}

func runVersion(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintf(stdout, "boardroom %s\n", version)
	return 0
}

func runGames(args []string, stdout, stderr io.Writer) int {
	reg, err := registry()
	if err != nil {
		fmt.Fprintln(stderr, "boardroom:", err)
		return 1
	}
	defs := reg.List()
	if len(defs) == 0 {
		fmt.Fprintln(stdout, "No playable games yet.")
		return 0
	}
	for _, d := range defs {
		in := d.Info()
		fmt.Fprintf(stdout, "%-14s %-24s %d-%d players\n", in.ID, in.Title, in.MinSeats, in.MaxSeats)
	}
	return 0
}
