package sshserver

import (
	"context"

	"boardroom/lobby"
	"boardroom/lobby/moderation"
)

// moderate wires the second part of issue 30 into the server: the lobby
// asks the moderation whether a key is muted, and a rename (made here or
// on another node) ends the player's live sessions with why.
func (s *Server) moderate() {
	m := s.cfg.Moderation
	if lob, ok := s.api.(lobby.Moderated); ok {
		lob.SetMuted(m.MutedText)
	}
	m.OnRename(s.kickRenamed)
}

// kickRenamed ends the live sessions of a key whose handle an operator
// took away: their screens show the old handle everywhere, so the player
// reconnects and picks a new one on the handle screen (renameNote).
func (s *Server) kickRenamed(b moderation.Ban) {
	s.live.mu.Lock()
	var hit []*liveSession
	for l := range s.live.set {
		if l.fp != "" && l.fp == b.Target {
			hit = append(hit, l)
		}
	}
	s.live.mu.Unlock()
	for _, l := range hit {
		s.log.Info("session ended by a rename", "remote", l.ip)
		l.kick(moderation.RenamedText(b) + ". Your games and ratings stay yours: connect again to choose a new handle.")
	}
}

// renameNote is what the handle screen of a key whose handle was taken
// away says, or "" when it has its own handle.
func (s *Server) renameNote(ctx context.Context, fp string) string {
	m := s.cfg.Moderation
	if m == nil || fp == "" {
		return ""
	}
	b, ok := m.Renamed(fp)
	if !ok {
		return ""
	}
	acct, err := s.api.AccountByFingerprint(ctx, fp)
	if err != nil || !lobby.RenamePending(acct) {
		return ""
	}
	t := moderation.RenamedText(b)
	return "A" + t[1:] + ". Your games and ratings stay yours: choose a new handle."
}
