package cluster

import (
	"bytes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"sync"
	"time"

	"golang.org/x/crypto/chacha20poly1305"
)

// Sealed messages. Anyone who can reach NATS could read and write the
// nodes' messages (table notices carry a game's seed, private events and
// sealed actions; calls name the account they act for), so every message
// is sealed with XChaCha20-Poly1305 under a key every node of the cluster
// shares, and a message that does not open is dropped and counted.
//
// The key is derived from Config.Key (serve passes the data directory's
// seal.key, which every node of a cluster already shares for game files)
// with HMAC-SHA256 under a label of its own, so the same bytes never key
// two things. Its key id (a hash of it, safe to show) is logged at start;
// two nodes that log different key ids do not have the same seal.key.
//
// A sealed message is
//
//	version (1 byte) | key id (4) | len(node) (1) | node | nonce (24) | box
//
// where box seals (send time, 8 bytes of Unix nanoseconds | payload) with
// the subject and the clear header as additional data: a message opens
// only on the subject it was sealed for (a reply only on its inbox), from
// the node it names. The nonce is random, so a sealed message is never
// sent twice; a receiver drops a message whose send time is more than
// MaxAge away from its own clock, and one whose nonce it has seen within
// that window (replayCap bounds what it remembers: past it, the window
// shrinks instead of letting a replay through).

// MinKeySize is the least number of bytes of Config.Key.
const MinKeySize = 32

// DefaultMaxAge is how old (or how far in the future, by the receiver's
// clock) a message may be: keep the nodes' clocks within it (NTP).
const DefaultMaxAge = 2 * time.Minute

const (
	sealVersion = 0xB1 // never '{': a plain JSON message is told apart at once
	keyIDSize   = 4
	stampSize   = 8
	// replayCap bounds the nonces remembered against replays (about 60
	// bytes each): 100,000 covers DefaultMaxAge at 800 messages a second.
	replayCap = 100_000
	// keyLabel derives the message key from Config.Key.
	keyLabel = "boardroom cluster messages v1"
)

// Reasons a message is dropped, for SealObserver.MessageRejected and the
// log.
const (
	RejectUnsealed = "unsealed"  // not sealed: a node of an older version, or a stranger on NATS
	RejectOtherKey = "other_key" // sealed with another key: that node has another seal.key
	RejectForged   = "forged"    // fails authentication: changed on the way, or made up
	RejectStale    = "stale"     // sent more than MaxAge ago or ahead (a replay, or clocks apart)
	RejectReplayed = "replayed"  // a copy of a message already received
)

// RejectReasons lists every reason of SealObserver.MessageRejected.
func RejectReasons() []string {
	return []string{RejectUnsealed, RejectOtherKey, RejectForged, RejectStale, RejectReplayed}
}

// SealObserver is told of every message dropped because it did not open.
// A Config.Observer that implements it is told; its method must be quick.
type SealObserver interface {
	MessageRejected(reason string)
}

// rejectWhy is what the log says of each reason.
var rejectWhy = map[string]string{
	RejectUnsealed: "not sealed: a node of a version before sealed messages, or someone else publishing on the cluster's subjects",
	RejectOtherKey: "sealed with another key: every node needs the same seal.key in its data directory (each node logs its key id at start)",
	RejectForged:   "fails authentication: changed on the way, or made up",
	RejectStale:    "sent too long ago or ahead of this node's clock: a replay, or the nodes' clocks differ (keep them in sync with NTP)",
	RejectReplayed: "a copy of a message already received (a replay)",
}

// errRejected is a message that did not open; its reason is counted.
type errRejected struct {
	reason string
	from   string // the node the clear header names, unauthenticated
	keyID  string // the key id the clear header names
}

func (e *errRejected) Error() string { return "cluster: message rejected: " + e.reason }

// sealer seals this node's messages and opens the others'.
type sealer struct {
	aead   cipher.AEAD
	id     [keyIDSize]byte
	node   string
	now    func() time.Time
	maxAge time.Duration

	mu    sync.Mutex
	seen  map[[16]byte]int64 // nonce (first 16 bytes) -> when its message goes stale (Unix ns)
	queue []seenNonce        // the same, in arrival order, for forgetting
	head  int
	floor int64 // messages sent at or before floor are stale: the cache forgot what replays them
}

type seenNonce struct {
	key     [16]byte
	expires int64
}

// deriveKey is the message key and its key id from the shared secret.
func deriveKey(secret []byte) (key []byte, id [keyIDSize]byte) {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(keyLabel))
	key = m.Sum(nil)
	m = hmac.New(sha256.New, key)
	m.Write([]byte("key id"))
	copy(id[:], m.Sum(nil))
	return key, id
}

func newSealer(secret []byte, node string, now func() time.Time, maxAge time.Duration) (*sealer, error) {
	if len(secret) < MinKeySize {
		return nil, fmt.Errorf("%w: the cluster key has %d bytes, at least %d are needed (serve uses seal.key)", ErrConfig, len(secret), MinKeySize)
	}
	if node == "" || len(node) > 255 {
		return nil, fmt.Errorf("%w: the node name must have 1 to 255 bytes", ErrConfig)
	}
	key, id := deriveKey(secret)
	aead, err := chacha20poly1305.NewX(key)
	if err != nil {
		return nil, fmt.Errorf("cluster: message key: %w", err)
	}
	return &sealer{aead: aead, id: id, node: node, now: now, maxAge: maxAge, seen: map[[16]byte]int64{}}, nil
}

// KeyID is the key id of the messages sealed with secret (Config.Key), as
// the node logs it at start: nodes that show different ids cannot talk.
func KeyID(secret []byte) string {
	_, id := deriveKey(secret)
	return hex.EncodeToString(id[:])
}

func (s *sealer) keyID() string { return hex.EncodeToString(s.id[:]) }

// header is the clear part of a message of this node.
func (s *sealer) header() []byte {
	h := make([]byte, 0, 2+keyIDSize+len(s.node))
	h = append(h, sealVersion)
	h = append(h, s.id[:]...)
	h = append(h, byte(len(s.node)))
	return append(h, s.node...)
}

// additional is what the box authenticates besides its contents.
func additional(subject string, header []byte) []byte {
	ad := make([]byte, 0, len(subject)+1+len(header))
	ad = append(ad, subject...)
	ad = append(ad, 0)
	return append(ad, header...)
}

// seal makes the message that carries payload on subject.
func (s *sealer) seal(subject string, payload []byte) []byte {
	h := s.header()
	nonceSize := s.aead.NonceSize()
	out := make([]byte, len(h), len(h)+nonceSize+stampSize+len(payload)+s.aead.Overhead())
	copy(out, h)
	nonce := out[len(h) : len(h)+nonceSize]
	out = out[:len(h)+nonceSize]
	if _, err := rand.Read(nonce); err != nil {
		panic("cluster: no randomness for a nonce: " + err.Error()) // crypto/rand never fails on supported systems
	}
	plain := make([]byte, stampSize+len(payload))
	binary.BigEndian.PutUint64(plain, uint64(s.now().UnixNano()))
	copy(plain[stampSize:], payload)
	return s.aead.Seal(out, nonce, plain, additional(subject, h))
}

// open returns the payload of a message received on subject and the node
// that sent it, or an *errRejected.
func (s *sealer) open(subject string, msg []byte) (from string, payload []byte, err error) {
	nonceSize := s.aead.NonceSize()
	if len(msg) < 2+keyIDSize || msg[0] != sealVersion {
		return "", nil, &errRejected{reason: RejectUnsealed}
	}
	n := int(msg[1+keyIDSize])
	hlen := 2 + keyIDSize + n
	if n == 0 || len(msg) < hlen+nonceSize+stampSize+s.aead.Overhead() {
		return "", nil, &errRejected{reason: RejectUnsealed}
	}
	from = string(msg[2+keyIDSize : hlen])
	if !bytes.Equal(msg[1:1+keyIDSize], s.id[:]) {
		return "", nil, &errRejected{reason: RejectOtherKey, from: from, keyID: hex.EncodeToString(msg[1 : 1+keyIDSize])}
	}
	nonce := msg[hlen : hlen+nonceSize]
	plain, oerr := s.aead.Open(nil, nonce, msg[hlen+nonceSize:], additional(subject, msg[:hlen]))
	if oerr != nil {
		return "", nil, &errRejected{reason: RejectForged, from: from}
	}
	sent := int64(binary.BigEndian.Uint64(plain))
	if reason := s.remember(nonce, sent); reason != "" {
		return "", nil, &errRejected{reason: reason, from: from}
	}
	return from, plain[stampSize:], nil
}

// remember records an authentic message's nonce; it says why the message
// must be dropped (stale or replayed), or "".
func (s *sealer) remember(nonce []byte, sent int64) string {
	now := s.now().UnixNano()
	age := int64(s.maxAge)
	s.mu.Lock()
	defer s.mu.Unlock()
	if sent < now-age || sent > now+age || sent <= s.floor {
		return RejectStale
	}
	var key [16]byte
	copy(key[:], nonce)
	if _, ok := s.seen[key]; ok {
		return RejectReplayed
	}
	// Forget what has gone stale anyway (its copies are refused above), and
	// past the cap the oldest, raising the floor so that its copies are.
	for s.head < len(s.queue) {
		e := s.queue[s.head]
		if e.expires >= now && len(s.seen) < replayCap {
			break
		}
		if e.expires >= now {
			s.floor = max(s.floor, e.expires-age)
		}
		delete(s.seen, e.key)
		s.head++
	}
	if s.head > len(s.queue)/2 && s.head > 1024 {
		s.queue = append(s.queue[:0], s.queue[s.head:]...)
		s.head = 0
	}
	s.seen[key] = sent + age
	s.queue = append(s.queue, seenNonce{key: key, expires: sent + age})
	return ""
}
