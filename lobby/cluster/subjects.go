package cluster

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"boardroom/lobby"
)

// The NATS subjects of a cluster: every one starts with Config.Prefix
// (the subject list is in cluster.go's package comment).

// subject names.
func (c *Cluster) subject(parts ...string) string {
	s := c.cfg.Prefix
	for _, p := range parts {
		s += "." + p
	}
	return s
}

func (c *Cluster) tableSubject(id int64) string {
	return c.subject("table", strconv.FormatInt(id, 10))
}

func (c *Cluster) callSubject(id int64) string {
	return c.subject("call", strconv.FormatInt(id, 10))
}

// noticeSubject is where a notice of its kind goes.
func (c *Cluster) noticeSubject(n lobby.Notice) string {
	switch n.Kind {
	case lobby.NoticeTable:
		return c.tableSubject(n.TableID)
	case lobby.NoticeChat:
		return c.subject("chat")
	case lobby.NoticePresence, lobby.NoticeOwner:
		return c.subject("presence") // who is where, every period
	}
	return c.subject("lobby") // NoticeLobbies, NoticeHandle and kinds added later
}

// CheckPrefix tells why a subject prefix cannot be used: it must be one or
// more tokens of letters, digits, '_' and '-' joined by dots (such as
// "boardroom" or "games.eu-1"), at most 64 bytes.
func CheckPrefix(p string) error {
	if p == "" || len(p) > 64 {
		return fmt.Errorf("the subject prefix %q must have 1 to 64 characters", p)
	}
	for _, tok := range strings.Split(p, ".") {
		if !prefixToken.MatchString(tok) {
			return fmt.Errorf("the subject prefix %q is not NATS subject tokens (letters, digits, '_' and '-', joined by dots)", p)
		}
	}
	return nil
}

// prefixToken is one token of a subject prefix: no wildcards ('*', '>'),
// no separator, no white space.
var prefixToken = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)
