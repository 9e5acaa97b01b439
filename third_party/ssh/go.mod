module github.com/charmbracelet/ssh

go 1.17

require (
	github.com/anmitsu/go-shlex v0.0.0-20200514113438-38f4b401e2be
	github.com/charmbracelet/x/conpty v0.1.0
	github.com/charmbracelet/x/termios v0.1.0
	github.com/creack/pty v1.1.21
	golang.org/x/crypto v0.32.0
	golang.org/x/sys v0.29.0
)

require github.com/charmbracelet/x/errors v0.0.0-20240508181413-e8d8b6e2de86 // indirect
