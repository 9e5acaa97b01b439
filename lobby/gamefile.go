package lobby

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
	"time"

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
	FileFormat  = "boardroom-game"
	FileVersion = 1
	// MaxFileBytes is the largest game file import reads.
	MaxFileBytes = 4 << 20
	// SealKeySize is the length of Config.SealKey.
	SealKeySize = 32
)

// ErrBadFile is the sentinel of every refused game file; the *Error
// wrapping it says why in a sentence for the player.
var ErrBadFile = errors.New("that is not a valid boardroom game file")

func badFile(format string, a ...any) error { return userErr(ErrBadFile, fmt.Sprintf(format, a...)) }

// gameFile is the outer object of a file.
type gameFile struct {
	Format  string          `json:"format"`
	Version int             `json:"version"`
	Header  json.RawMessage `json:"header"`
	Sealed  []byte          `json:"sealed,omitempty"`
	Body    json.RawMessage `json:"body,omitempty"`
	MAC     []byte          `json:"mac,omitempty"`
}

// fileHeader is the harmless metadata kept in the clear.
type fileHeader struct {
	Game         string     `json:"game"`
	Title        string     `json:"title"`
	RulesVersion string     `json:"rules_version"`
	TableID      int64      `json:"table_id"`
	Status       string     `json:"status"` // playing or finished
	Round        int        `json:"round"`
	Actions      int        `json:"actions"`
	TurnTimer    int        `json:"turn_timer"`
	Seats        []fileSeat `json:"seats"`
	ExportedAt   time.Time  `json:"exported_at"`
	KeyID        string     `json:"key_id"` // names the server key, reveals nothing of it
	// Lobby is where the game was played (importlobby.go); files written
	// before it existed have none.
	Lobby *fileLobby `json:"lobby,omitempty"`
}

// fileLobby names the lobby of a file's game.
type fileLobby struct {
	ID     int64  `json:"id"`
	Slug   string `json:"slug"`
	Public bool   `json:"public,omitempty"`
}

// fileSeat is one seat: a player's handle, a bot, or open (neither).
type fileSeat struct {
	Seat   int    `json:"seat"`
	Handle string `json:"handle,omitempty"`
	Bot    bool   `json:"bot,omitempty"`
}

// fileBody is the part that would reveal hidden state.
type fileBody struct {
	Setup engine.Setup          `json:"setup"`
	Log   []engine.LoggedAction `json:"log"`
}

// sealer holds the keys derived from the server's seal key.
type sealer struct {
	aead  cipher.AEAD
	mac   []byte
	keyID string
}

func newSealer(key []byte) (*sealer, error) {
	if len(key) != SealKeySize {
		return nil, fmt.Errorf("lobby: the seal key has %d bytes, want %d", len(key), SealKeySize)
	}
	derive := func(label string) []byte {
		h := hmac.New(sha256.New, key)
		h.Write([]byte(label))
		return h.Sum(nil)
	}
	block, err := aes.NewCipher(derive("boardroom-game/1 seal"))
	if err != nil {
		return nil, fmt.Errorf("lobby: seal key: %w", err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, fmt.Errorf("lobby: seal key: %w", err)
	}
	return &sealer{aead: aead, mac: derive("boardroom-game/1 mac"),
		keyID: hex.EncodeToString(derive("boardroom-game/1 key id")[:8])}, nil
}

// randomKey makes a seal key for a service configured without one.
func randomKey() []byte {
	k := make([]byte, SealKeySize)
	if _, err := rand.Read(k); err != nil {
		panic(errors.Join(errors.New("lobby: crypto/rand failed"), err))
	}
	return k
}

// authData is what the GCM tag or the HMAC covers besides the body.
func authData(header []byte) ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s/%d\n", FileFormat, FileVersion)
	if err := json.Compact(&b, header); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// encode writes a file: sealed when the game runs, clear when it is over.
func (s *sealer) encode(h fileHeader, body fileBody, seal bool) ([]byte, error) {
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
	f := gameFile{Format: FileFormat, Version: FileVersion, Header: hb}
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

func (s *sealer) sum(ad, body []byte) []byte {
	h := hmac.New(sha256.New, s.mac)
	h.Write(ad)
	h.Write([]byte{'\n'})
	h.Write(body)
	return h.Sum(nil)
}

// decode checks and opens a file. Every refusal wraps ErrBadFile with a
// sentence saying what is wrong.
func (s *sealer) decode(data []byte) (fileHeader, fileBody, error) {
	var h fileHeader
	var body fileBody
	if len(data) > MaxFileBytes {
		return h, body, badFile("the file is larger than %d MiB", MaxFileBytes>>20)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return h, body, badFile("the file is empty")
	}
	var f gameFile
	if err := json.Unmarshal(data, &f); err != nil {
		return h, body, badFile("this is not a boardroom game file, or it is truncated (%s)", jsonProblem(err))
	}
	if f.Format != FileFormat {
		return h, body, badFile("this is not a boardroom game file")
	}
	if f.Version != FileVersion {
		return h, body, badFile("this game file has format version %d; this server reads version %d", f.Version, FileVersion)
	}
	if len(f.Header) == 0 || json.Unmarshal(f.Header, &h) != nil {
		return h, body, badFile("the game file has no readable header")
	}
	if h.Status != TablePlaying && h.Status != TableFinished {
		return h, body, badFile("the game file's status %q is neither playing nor finished", Sanitize(h.Status, 20))
	}
	if h.KeyID != s.keyID {
		return h, body, badFile("this game was saved by another boardroom server (or before this server's key changed); only the server that exported it can import it")
	}
	ad, err := authData(f.Header)
	if err != nil {
		return h, body, badFile("the game file has no readable header")
	}
	var plain []byte
	switch {
	case len(f.Sealed) > 0 && len(f.Body) == 0 && len(f.MAC) == 0:
		if len(f.Sealed) < s.aead.NonceSize() {
			return h, body, badFile("the sealed part of the game file is truncated")
		}
		n := s.aead.NonceSize()
		if plain, err = s.aead.Open(nil, f.Sealed[:n], f.Sealed[n:], ad); err != nil {
			return h, body, badFile("the game file was changed after it was exported (its seal does not match)")
		}
	case len(f.Sealed) == 0 && len(f.Body) > 0 && len(f.MAC) > 0:
		var cb bytes.Buffer
		if err := json.Compact(&cb, f.Body); err != nil {
			return h, body, badFile("the game file has no readable body")
		}
		if !hmac.Equal(f.MAC, s.sum(ad, cb.Bytes())) {
			return h, body, badFile("the game file was changed after it was exported (its signature does not match)")
		}
		plain = cb.Bytes()
	default:
		return h, body, badFile("the game file has neither a sealed nor a signed game in it")
	}
	if err := json.Unmarshal(plain, &body); err != nil {
		return h, body, badFile("the game in the file cannot be read")
	}
	if sealed := len(f.Sealed) > 0; sealed != (h.Status == TablePlaying) {
		return h, body, badFile("the game file's status %q does not match how it is stored", Sanitize(h.Status, 20))
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
