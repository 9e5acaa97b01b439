// Package gamefile seals and opens boardroom's saved-game file (G004-15):
// AES-256-GCM for a running game, HMAC-SHA256 for a finished one. It knows
// engine types and its own errors only; package lobby decides who may export
// or import a game and maps these errors to what players read.
package gamefile

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"

	"boardroom/engine"
)

// The saved-game file (`ssh host export TABLEID > game.ubp`, G004-15) is
// JSON:
//
//	{"format": "boardroom-game", "version": 1,
//	 "header": {game, rules version, table, status, round, seats by handle, ...},
//	 "sealed": "<base64 nonce + AES-256-GCM ciphertext of the body>"}   // a running game
//	 "body": {"setup": ..., "log": [...]}, "mac": "<base64 HMAC-SHA256>"} // a finished game
//
// The body (setup with the seed, and the action log, which replayed from a
// known seed would reveal every hidden card) is sealed while the game runs;
// the GCM additional data is the header, so neither part can be changed. A
// finished game carries its body in the clear, authenticated with an HMAC
// over the header and the body. Both keys derive from the server's seal key,
// so only the server that exported a file can import it. The header and the
// body are authenticated in their compact JSON form: changing the
// indentation is harmless, changing any value is refused.
const (
	Format  = "boardroom-game"
	Version = 1
	// MaxBytes is the largest game file import reads.
	MaxBytes = 4 << 20
	// KeySize is the length of a seal key.
	KeySize = 32
)

// Statuses of the game in a file: a sealed running game, a signed finished
// one (the lobby's table statuses of the same names).
const (
	StatusPlaying  = "playing"
	StatusFinished = "finished"
)

// ErrBadFile is the sentinel of every refused game file; the *Error
// wrapping it says why in a sentence for the player.
var ErrBadFile = errors.New("that is not a valid boardroom game file")

// Error is a refused file with a sentence saying why; it matches ErrBadFile
// with errors.Is.
type Error struct {
	Msg string
}

func (e *Error) Error() string { return e.Msg }

// Unwrap returns ErrBadFile.
func (e *Error) Unwrap() error { return ErrBadFile }

// BadFile is a refusal with a sentence for the player, for the checks the
// lobby makes after opening a file (the game, its rules version, its seats).
func BadFile(format string, a ...any) error { return &Error{Msg: fmt.Sprintf(format, a...)} }

// printable keeps a value read from a file printable and short before a
// refusal quotes it, for a Sealer made without a sanitiser.
func printable(s string, n int) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsPrint(r) {
			return r
		}
		return -1
	}, s)
	if r := []rune(s); len(r) > n {
		s = string(r[:n])
	}
	return s
}

// file is the outer object of a file.
type file struct {
	Format  string          `json:"format"`
	Version int             `json:"version"`
	Header  json.RawMessage `json:"header"`
	Sealed  []byte          `json:"sealed,omitempty"`
	Body    json.RawMessage `json:"body,omitempty"`
	MAC     []byte          `json:"mac,omitempty"`
}

// Header is the harmless metadata kept in the clear.
type Header struct {
	Game         string    `json:"game"`
	Title        string    `json:"title"`
	RulesVersion string    `json:"rules_version"`
	TableID      int64     `json:"table_id"`
	Status       string    `json:"status"` // playing or finished
	Round        int       `json:"round"`
	Actions      int       `json:"actions"`
	TurnTimer    int       `json:"turn_timer"`
	Seats        []Seat    `json:"seats"`
	ExportedAt   time.Time `json:"exported_at"`
	KeyID        string    `json:"key_id"` // names the server key, reveals nothing of it
	// Lobby is where the game was played (importlobby.go); files written
	// before it existed have none.
	Lobby *Lobby `json:"lobby,omitempty"`
}

// Lobby names the lobby of a file's game.
type Lobby struct {
	ID     int64  `json:"id"`
	Slug   string `json:"slug"`
	Public bool   `json:"public,omitempty"`
}

// Seat is one seat: a player's handle, a bot, or open (neither).
type Seat struct {
	Seat   int    `json:"seat"`
	Handle string `json:"handle,omitempty"`
	Bot    bool   `json:"bot,omitempty"`
	// Level is a bot's level ("strong"); empty for the standard level and
	// for files written before levels existed.
	Level string `json:"level,omitempty"`
}

// Body is the part that would reveal hidden state.
type Body struct {
	Setup engine.Setup          `json:"setup"`
	Log   []engine.LoggedAction `json:"log"`
}

// Sealer holds the keys derived from the server's seal key.
type Sealer struct {
	clean func(s string, max int) string // makes file content safe to quote to a player
	aead  cipher.AEAD
	mac   []byte
	keyID string
}

// NewSealer derives the keys from a server's seal key (KeySize bytes).
// clean makes a value read from a file safe to quote in a refusal (the
// lobby passes its Sanitize); nil keeps printable runes only.
func NewSealer(key []byte, clean func(s string, max int) string) (*Sealer, error) {
	if clean == nil {
		clean = printable
	}
	if len(key) != KeySize {
		return nil, fmt.Errorf("gamefile: the seal key has %d bytes, want %d", len(key), KeySize)
	}
	derive := func(label string) []byte {
		h := hmac.New(sha256.New, key)
		h.Write([]byte(label))
		return h.Sum(nil)
	}
	block, err := aes.NewCipher(derive("boardroom-game/1 seal"))
	if err != nil {
		return nil, fmt.Errorf("gamefile: seal key: %w", err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, fmt.Errorf("gamefile: seal key: %w", err)
	}
	return &Sealer{clean: clean, aead: aead, mac: derive("boardroom-game/1 mac"),
		keyID: hex.EncodeToString(derive("boardroom-game/1 key id")[:8])}, nil
}

// RandomKey makes a seal key for a service configured without one.
func RandomKey() []byte {
	k := make([]byte, KeySize)
	if _, err := rand.Read(k); err != nil {
		panic(errors.Join(errors.New("gamefile: crypto/rand failed"), err))
	}
	return k
}

// authData is what the GCM tag or the HMAC covers besides the body.
func authData(header []byte) ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s/%d\n", Format, Version)
	if err := json.Compact(&b, header); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Encode writes a file: sealed when the game runs, clear when it is over.
func (s *Sealer) Encode(h Header, body Body, seal bool) ([]byte, error) {
	h.KeyID = s.keyID
	hb, err := json.Marshal(h)
	if err != nil {
		return nil, err
	}
	bb, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	ad, err := authData(hb)
	if err != nil {
		return nil, err
	}
	f := file{Format: Format, Version: Version, Header: hb}
	if seal {
		nonce := make([]byte, s.aead.NonceSize())
		if _, err := rand.Read(nonce); err != nil {
			return nil, err
		}
		f.Sealed = s.aead.Seal(nonce, nonce, bb, ad)
	} else {
		f.Body = bb
		f.MAC = s.sum(ad, bb)
	}
	out, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}

func (s *Sealer) sum(ad, body []byte) []byte {
	h := hmac.New(sha256.New, s.mac)
	h.Write(ad)
	h.Write([]byte{'\n'})
	h.Write(body)
	return h.Sum(nil)
}

// Decode checks and opens a file. Every refusal wraps ErrBadFile with a
// sentence saying what is wrong.
func (s *Sealer) Decode(data []byte) (Header, Body, error) {
	var h Header
	var body Body
	if len(data) > MaxBytes {
		return h, body, BadFile("the file is larger than %d MiB", MaxBytes>>20)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return h, body, BadFile("the file is empty")
	}
	var f file
	if err := json.Unmarshal(data, &f); err != nil {
		return h, body, BadFile("this is not a boardroom game file, or it is truncated (%s)", jsonProblem(err))
	}
	if f.Format != Format {
		return h, body, BadFile("this is not a boardroom game file")
	}
	if f.Version != Version {
		return h, body, BadFile("this game file has format version %d; this server reads version %d", f.Version, Version)
	}
	if len(f.Header) == 0 || json.Unmarshal(f.Header, &h) != nil {
		return h, body, BadFile("the game file has no readable header")
	}
	if h.Status != StatusPlaying && h.Status != StatusFinished {
		return h, body, BadFile("the game file's status %q is neither playing nor finished", s.clean(h.Status, 20))
	}
	if h.KeyID != s.keyID {
		return h, body, BadFile("this game was saved by another boardroom server (or before this server's key changed); only the server that exported it can import it")
	}
	ad, err := authData(f.Header)
	if err != nil {
		return h, body, BadFile("the game file has no readable header")
	}
	var plain []byte
	switch {
	case len(f.Sealed) > 0 && len(f.Body) == 0 && len(f.MAC) == 0:
		if len(f.Sealed) < s.aead.NonceSize() {
			return h, body, BadFile("the sealed part of the game file is truncated")
		}
		n := s.aead.NonceSize()
		if plain, err = s.aead.Open(nil, f.Sealed[:n], f.Sealed[n:], ad); err != nil {
			return h, body, BadFile("the game file was changed after it was exported (its seal does not match)")
		}
	case len(f.Sealed) == 0 && len(f.Body) > 0 && len(f.MAC) > 0:
		var cb bytes.Buffer
		if err := json.Compact(&cb, f.Body); err != nil {
			return h, body, BadFile("the game file has no readable body")
		}
		if !hmac.Equal(f.MAC, s.sum(ad, cb.Bytes())) {
			return h, body, BadFile("the game file was changed after it was exported (its signature does not match)")
		}
		plain = cb.Bytes()
	default:
		return h, body, BadFile("the game file has neither a sealed nor a signed game in it")
	}
	if err := json.Unmarshal(plain, &body); err != nil {
		return h, body, BadFile("the game in the file cannot be read")
	}
	if sealed := len(f.Sealed) > 0; sealed != (h.Status == StatusPlaying) {
		return h, body, BadFile("the game file's status %q does not match how it is stored", s.clean(h.Status, 20))
	}
	return h, body, nil
}

// jsonProblem names a JSON error without echoing the file's content.
func jsonProblem(err error) string {
	var se *json.SyntaxError
	switch {
	case errors.As(err, &se) && se.Error() == "unexpected end of JSON input":
		return "it ends too early"
	case errors.As(err, &se):
		return fmt.Sprintf("bad JSON at byte %d", se.Offset)
	}
	return "unexpected content"
}
