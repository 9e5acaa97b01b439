package main

// The dedicated game renderers register themselves with the TUI.
import _ "boardroom/tui/opoly"
