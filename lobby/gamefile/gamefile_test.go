package gamefile_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"boardroom/engine"
	"boardroom/lobby/gamefile"
)

func key(b byte) []byte { return bytes.Repeat([]byte{b}, gamefile.KeySize) }

func sealer(t *testing.T, k []byte) *gamefile.Sealer {
	t.Helper()
	s, err := gamefile.NewSealer(k, nil)
	require.NoError(t, err)
	return s
}

// game is a file's content as the lobby writes it: the seed and the log are
// what a sealed file must hide.
func game(status string) (gamefile.Header, gamefile.Body) {
	h := gamefile.Header{Game: "testgame", Title: "Test Game", RulesVersion: "1", TableID: 42, Status: status,
		Round: 3, Actions: 2, TurnTimer: 60, ExportedAt: time.Date(2025, 6, 1, 9, 0, 0, 0, time.UTC),
		Seats: []gamefile.Seat{{Seat: 0, Handle: "ada"}, {Seat: 1, Bot: true}, {Seat: 2}},
		Lobby: &gamefile.Lobby{ID: 7, Slug: "team-abcd"}}
	b := gamefile.Body{Setup: engine.Setup{Seats: 3, Options: map[string]string{"target": "21"}, Seed: 8675309123},
		Log: []engine.LoggedAction{
			{Seat: 0, Action: json.RawMessage(`{"kind":"bid","amount":3}`)},
			{Seat: 1, Action: json.RawMessage(`{"kind":"bid","amount":1}`)},
		}}
	return h, b
}

func encode(t *testing.T, s *gamefile.Sealer, status string) []byte {
	t.Helper()
	h, b := game(status)
	data, err := s.Encode(h, b, status == gamefile.StatusPlaying)
	require.NoError(t, err)
	return data
}

// refused checks that Decode refuses data with ErrBadFile (as a
// *gamefile.Error) and a sentence containing want.
func refused(t *testing.T, s *gamefile.Sealer, data []byte, want string) {
	t.Helper()
	_, _, err := s.Decode(data)
	require.ErrorIs(t, err, gamefile.ErrBadFile)
	var fe *gamefile.Error
	require.True(t, errors.As(err, &fe), "%T is no *gamefile.Error", err)
	require.ErrorContains(t, err, want)
}

func TestSealedAndSignedFilesRoundTrip(t *testing.T) {
	s := sealer(t, key(1))
	for _, status := range []string{gamefile.StatusPlaying, gamefile.StatusFinished} {
		t.Run(status, func(t *testing.T) {
			data := encode(t, s, status)
			h, b, err := s.Decode(data)
			require.NoError(t, err)
			wantH, wantB := game(status)
			require.NotEmpty(t, h.KeyID, "Encode names the key")
			wantH.KeyID = h.KeyID
			require.Equal(t, wantH, h)
			require.Equal(t, wantB, b)

			var m map[string]any
			require.NoError(t, json.Unmarshal(data, &m))
			require.Equal(t, gamefile.Format, m["format"])
			require.EqualValues(t, gamefile.Version, m["version"])
			if status == gamefile.StatusPlaying {
				require.NotContains(t, string(data), "8675309123", "a running game's seed is sealed")
				require.NotContains(t, string(data), `"amount"`, "and so are its moves")
				require.NotContains(t, m, "body")
				require.NotContains(t, m, "mac")
			} else {
				require.Contains(t, string(data), "8675309123", "a finished game travels in the clear")
				require.NotContains(t, m, "sealed")
			}

			// Indentation is not content: a re-indented file opens the same.
			var pretty bytes.Buffer
			require.NoError(t, json.Indent(&pretty, data, "", "\t"))
			h2, b2, err := s.Decode(pretty.Bytes())
			require.NoError(t, err)
			require.Equal(t, h, h2)
			require.Equal(t, b, b2)
		})
	}
	// Two seals of one game differ (a fresh nonce each), and both open.
	a, b := encode(t, s, gamefile.StatusPlaying), encode(t, s, gamefile.StatusPlaying)
	require.NotEqual(t, a, b)
}

// TestEveryChangedByteIsRefused flips each byte of a sealed and of a signed
// file in two ways: every result is refused, or opens to exactly the game
// that was written (a change the format does not authenticate, such as a
// base64 padding bit, must not change the game either).
func TestEveryChangedByteIsRefused(t *testing.T) {
	s := sealer(t, key(2))
	for _, status := range []string{gamefile.StatusPlaying, gamefile.StatusFinished} {
		data := encode(t, s, status)
		wantH, wantB, err := s.Decode(data)
		require.NoError(t, err)
		harmless := 0
		for i := range data {
			for _, mask := range []byte{0x01, 0x20} {
				changed := bytes.Clone(data)
				changed[i] ^= mask
				h, b, err := s.Decode(changed)
				if err == nil {
					require.Equal(t, wantH, h, "%s: byte %d ^ %#x opened to another header", status, i, mask)
					require.Equal(t, wantB, b, "%s: byte %d ^ %#x opened to another game", status, i, mask)
					harmless++
					continue
				}
				require.ErrorIs(t, err, gamefile.ErrBadFile, "%s: byte %d ^ %#x", status, i, mask)
			}
		}
		require.Less(t, harmless, len(data)/20, "%s: almost every change is refused", status)
	}
}

func TestTamperedFilesAreRefused(t *testing.T) {
	s := sealer(t, key(3))
	sealed, signed := encode(t, s, gamefile.StatusPlaying), encode(t, s, gamefile.StatusFinished)
	rewrite := func(data []byte, mod func(m map[string]any)) []byte {
		var m map[string]any
		require.NoError(t, json.Unmarshal(data, &m))
		mod(m)
		out, err := json.Marshal(m)
		require.NoError(t, err)
		return out
	}
	flip := func(field string) func(m map[string]any) {
		return func(m map[string]any) {
			b, err := base64.StdEncoding.DecodeString(m[field].(string))
			require.NoError(t, err)
			b[len(b)/2] ^= 1
			m[field] = base64.StdEncoding.EncodeToString(b)
		}
	}
	header := func(k string, v any) func(m map[string]any) {
		return func(m map[string]any) { m["header"].(map[string]any)[k] = v }
	}
	for name, tc := range map[string]struct {
		data []byte
		want string
	}{
		"sealed byte":        {rewrite(sealed, flip("sealed")), "its seal does not match"},
		"sealed: round":      {rewrite(sealed, header("round", 9)), "its seal does not match"},
		"sealed: handle":     {bytes.Replace(sealed, []byte(`"handle": "ada"`), []byte(`"handle": "adb"`), 1), "its seal does not match"},
		"sealed as finished": {rewrite(sealed, header("status", "finished")), "its seal does not match"},
		"signed seed":        {bytes.Replace(signed, []byte("8675309123"), []byte("8675309124"), 1), "its signature does not match"},
		"signed mac":         {rewrite(signed, flip("mac")), "its signature does not match"},
		"signed: round":      {rewrite(signed, header("round", 9)), "its signature does not match"},
		"signed as playing":  {rewrite(signed, header("status", "playing")), "its signature does not match"},
		"signed, no mac":     {rewrite(signed, func(m map[string]any) { delete(m, "mac") }), "neither a sealed nor a signed game"},
		"sealed, no seal":    {rewrite(sealed, func(m map[string]any) { delete(m, "sealed") }), "neither a sealed nor a signed game"},
		"both":               {rewrite(sealed, func(m map[string]any) { m["body"], m["mac"] = json.RawMessage(`{}`), "AAAA" }), "neither a sealed nor a signed game"},
		"other status":       {rewrite(sealed, header("status", "forming")), `status "forming" is neither`},
		"other format":       {rewrite(sealed, func(m map[string]any) { m["format"] = "boardroom-gamf" }), "not a boardroom game file"},
		"no header":          {rewrite(sealed, func(m map[string]any) { delete(m, "header") }), "no readable header"},
		"header not object":  {rewrite(sealed, func(m map[string]any) { m["header"] = "x" }), "no readable header"},
		"empty":              {nil, "the file is empty"},
		"blank":              {[]byte(" \n\t\n"), "the file is empty"},
		"not json":           {[]byte("hello, world\n"), "not a boardroom game file, or it is truncated (bad JSON at byte 1)"},
	} {
		t.Run(name, func(t *testing.T) { refused(t, s, tc.data, tc.want) })
	}
}

// TestARefusalQuotesNoControlCharacters: a value from the file that a
// refusal quotes is cleaned first, with the lobby's sanitiser or, without
// one, to printable runes.
func TestARefusalQuotesNoControlCharacters(t *testing.T) {
	s := sealer(t, key(4))
	evil := bytes.Replace(encode(t, s, gamefile.StatusPlaying), []byte(`"status": "playing"`),
		[]byte(`"status": "\u001b[2Jplaying\u0007"`), 1)
	_, _, err := s.Decode(evil)
	require.ErrorIs(t, err, gamefile.ErrBadFile)
	require.NotContains(t, err.Error(), "\x1b")
	require.NotContains(t, err.Error(), "\a")
	require.ErrorContains(t, err, `status "[2Jplaying" is neither`)

	shout, err := gamefile.NewSealer(key(4), func(s string, n int) string { return strings.ToUpper(s[:min(len(s), n)]) })
	require.NoError(t, err)
	refused(t, shout, bytes.Replace(encode(t, shout, gamefile.StatusPlaying), []byte(`"status": "playing"`),
		[]byte(`"status": "forming"`), 1), `status "FORMING" is neither`)
}

// TestAnotherKeyIsRefused: only the server whose key sealed a file opens
// it; a file that claims that server's key id still fails on its seal or
// signature.
func TestAnotherKeyIsRefused(t *testing.T) {
	ours, theirs := sealer(t, key(5)), sealer(t, key(6))
	keyID := func(data []byte) string {
		var f struct {
			Header gamefile.Header `json:"header"`
		}
		require.NoError(t, json.Unmarshal(data, &f))
		return f.Header.KeyID
	}
	for _, status := range []string{gamefile.StatusPlaying, gamefile.StatusFinished} {
		t.Run(status, func(t *testing.T) {
			foreign := encode(t, theirs, status)
			refused(t, ours, foreign, "saved by another boardroom server")
			require.NotEqual(t, keyID(encode(t, ours, status)), keyID(foreign))
			forged := bytes.Replace(foreign, []byte(keyID(foreign)), []byte(keyID(encode(t, ours, status))), 1)
			require.NotEqual(t, foreign, forged)
			refused(t, ours, forged, "changed after it was exported")
		})
	}
	require.Equal(t, keyID(encode(t, ours, gamefile.StatusPlaying)), keyID(encode(t, sealer(t, key(5)), gamefile.StatusFinished)),
		"the key id names the key, not the file")
	require.NotContains(t, keyID(encode(t, ours, gamefile.StatusPlaying)), "0505", "and does not reveal it")

	for _, n := range []int{0, 16, gamefile.KeySize - 1, gamefile.KeySize + 1} {
		_, err := gamefile.NewSealer(make([]byte, n), nil)
		require.Error(t, err, "a key of %d bytes", n)
	}
	a, b := gamefile.RandomKey(), gamefile.RandomKey()
	require.Len(t, a, gamefile.KeySize)
	require.NotEqual(t, a, b)
}

// TestTruncatedFilesAreRefused cuts a sealed and a signed file at every
// length: none opens.
func TestTruncatedFilesAreRefused(t *testing.T) {
	s := sealer(t, key(7))
	for _, status := range []string{gamefile.StatusPlaying, gamefile.StatusFinished} {
		data := bytes.TrimRight(encode(t, s, status), "\n")
		for n := range len(data) {
			_, _, err := s.Decode(data[:n])
			require.ErrorIs(t, err, gamefile.ErrBadFile, "%s cut to %d bytes", status, n)
		}
		refused(t, s, data[:len(data)*2/3], "it is truncated (it ends too early)")
	}

	// A sealed part cut short inside valid JSON: shorter than its nonce,
	// or missing the end of its ciphertext.
	data := encode(t, s, gamefile.StatusPlaying)
	var m map[string]any
	require.NoError(t, json.Unmarshal(data, &m))
	sealed, err := base64.StdEncoding.DecodeString(m["sealed"].(string))
	require.NoError(t, err)
	for cut, want := range map[int]string{5: "the sealed part of the game file is truncated", len(sealed) - 1: "its seal does not match"} {
		m["sealed"] = base64.StdEncoding.EncodeToString(sealed[:cut])
		short, err := json.Marshal(m)
		require.NoError(t, err)
		refused(t, s, short, want)
	}
}

// TestOversizedFilesAreRefused: a file past MaxBytes is refused by its
// length, before any of it is parsed (even one that would otherwise open);
// one of exactly MaxBytes opens.
func TestOversizedFilesAreRefused(t *testing.T) {
	s := sealer(t, key(8))
	data := encode(t, s, gamefile.StatusFinished)
	padded := append(bytes.Repeat([]byte(" "), gamefile.MaxBytes-len(data)), data...)
	require.Len(t, padded, gamefile.MaxBytes)
	_, _, err := s.Decode(padded)
	require.NoError(t, err, "MaxBytes is allowed")
	refused(t, s, append([]byte(" "), padded...), "the file is larger than 4 MiB")
	refused(t, s, bytes.Repeat([]byte("{"), gamefile.MaxBytes+1), "the file is larger than 4 MiB")
}

func TestOtherFormatVersionsAreRefused(t *testing.T) {
	s := sealer(t, key(9))
	data := encode(t, s, gamefile.StatusPlaying)
	require.Contains(t, string(data), `"version": 1`)
	for _, v := range []string{"2", "0", "-1", "1000"} {
		refused(t, s, bytes.Replace(data, []byte(`"version": 1`), []byte(`"version": `+v), 1),
			"this game file has format version "+v+"; this server reads version 1")
	}
	refused(t, s, bytes.Replace(data, []byte(`"version": 1`), []byte(`"version": "1"`), 1), "not a boardroom game file")
	var m map[string]any
	require.NoError(t, json.Unmarshal(data, &m))
	delete(m, "version")
	noVersion, err := json.Marshal(m)
	require.NoError(t, err)
	refused(t, s, noVersion, "format version 0")
}

// TestStatusMustMatchHowTheGameIsStored: a running game is sealed and a
// finished one signed; a file written otherwise (only this server's key
// could write one) is refused rather than trusted.
func TestStatusMustMatchHowTheGameIsStored(t *testing.T) {
	s := sealer(t, key(10))
	for status, seal := range map[string]bool{gamefile.StatusPlaying: false, gamefile.StatusFinished: true} {
		h, b := game(status)
		data, err := s.Encode(h, b, seal)
		require.NoError(t, err)
		refused(t, s, data, `status "`+status+`" does not match how it is stored`)
	}
}

func TestBadFileIsALobbyRefusal(t *testing.T) {
	err := gamefile.BadFile("this server has no game %q", "chess")
	require.ErrorIs(t, err, gamefile.ErrBadFile)
	require.EqualError(t, err, `this server has no game "chess"`)
}
