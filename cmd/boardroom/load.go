package main

import (
	"context"
	"io"
	"os"
	"os/signal"
	"syscall"

	"boardroom/cmd/boardroom/internal/loadgen"
)

// runLoad is `boardroom load`: an ssh load generator for sizing a server.
// Ctrl-C ends the run early and still prints the report.
func runLoad(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return loadgen.Main(ctx, args, stdout, stderr)
}
