package tui

import (
	"bytes"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/stretchr/testify/require"

	"boardroom/lobby"
)

// syncBuffer is a bytes.Buffer safe for the program's writer goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestProgramRunsAndQuits runs the model in a real Bubble Tea program over
// pipes: the first frame arrives without any terminal answer, chat from
// another session arrives through the subscription, and q quits and
// closes the subscription.
func TestProgramRunsAndQuits(t *testing.T) {
	svc := realService(t)
	ctx := t.Context()
	other, err := svc.SetHandle(ctx, "SHA256:bob", "bob")
	require.NoError(t, err)
	_, err = svc.SetHandle(ctx, "SHA256:ada", "ada")
	require.NoError(t, err)

	in, inW := io.Pipe()
	out := &syncBuffer{}
	m := New(Options{API: svc, Results: svc, Fingerprint: "SHA256:ada", Width: 100, Height: 30, Context: ctx})
	p := tea.NewProgram(m, tea.WithInput(in), tea.WithOutput(out), tea.WithoutSignalHandler())
	done := make(chan error, 1)
	go func() {
		_, err := p.Run()
		done <- err
	}()
	require.Eventually(t, func() bool { return strings.Contains(out.String(), "Tables") }, 5*time.Second, 5*time.Millisecond)
	require.NoError(t, svc.Say(ctx, other, lobby.LobbyChannel(lobby.PublicLobbyID), "ping from bob"))
	require.Eventually(t, func() bool { return strings.Contains(out.String(), "ping from bob") }, 5*time.Second, 5*time.Millisecond)

	_, err = inW.Write([]byte("q"))
	require.NoError(t, err)
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(5 * time.Second):
		p.Kill()
		t.Fatal("the program did not quit on q")
	}
	_ = inW.Close()
}
