// Package redact hides credentials in the connection strings an operator
// gives boardroom (a PostgreSQL store, NATS servers) and in the errors that
// echo them, before they reach a log line or a message. One function
// covers every form, so that no log line has to know which form it holds:
//
//   - URL userinfo: postgres://user:PASSWORD@host, nats://user:PASSWORD@host
//     and NATS's token-only form nats://TOKEN@host (url.URL.Redacted keeps
//     that one, as it cannot tell a token from a user name);
//   - secret query parameters: ?password=..., &sslpassword=..., &sslkey=...;
//   - libpq key/value strings: host=db password=secret, password='with spaces';
//   - several URLs separated by commas (a NATS server list), and URLs or
//     key/value pairs inside a longer text such as an error message.
//
// It errs on the side of hiding too much: a string it cannot read is
// hidden as a whole rather than passed through.
package redact

import (
	"net/url"
	"regexp"
	"strings"
)

// Mask replaces every secret.
const Mask = "xxxxx"

// String returns s with every credential it recognises replaced by Mask.
func String(s string) string {
	out, _ := scan(s)
	return out
}

// URL returns the single connection string s (one URL as an operator
// wrote it, not a text that holds one) with its credentials hidden. Unlike
// String it reads s as one URL even when it is malformed (a space in a
// user name, no scheme): everything before the last '@' after the scheme
// is hidden, and the rest passes through String.
func URL(s string) string {
	at := strings.LastIndexByte(s, '@')
	if at < 0 {
		return String(s)
	}
	start := 0
	if i := strings.Index(s, "://"); i >= 0 && i < at {
		start = i + 3
	}
	return String(s[:start] + Mask + s[at:])
}

// Error is err with its message passed through String, and with every
// secret of the given connection strings (as written and percent-decoded)
// hidden too, for errors that echo a secret out of its context (a
// password alone). It wraps err: errors.Is and errors.As still see it.
// Error(nil, ...) is nil.
func Error(err error, dsns ...string) error {
	if err == nil {
		return nil
	}
	var secrets []string
	for _, d := range dsns {
		_, found := scan(d)
		secrets = append(secrets, found...)
	}
	return &redactedError{err: err, secrets: secrets}
}

type redactedError struct {
	err     error
	secrets []string
}

// minLiteral is the shortest secret hidden wherever it appears in an
// error's text: a shorter one would mask ordinary words, and the patterns
// of scan already hide it where it appears as a credential.
const minLiteral = 4

func (e *redactedError) Error() string {
	msg := String(e.err.Error())
	for _, s := range e.secrets {
		if len(s) >= minLiteral {
			msg = strings.ReplaceAll(msg, s, Mask)
		}
	}
	return msg
}

func (e *redactedError) Unwrap() error { return e.err }

// scheme finds the start of a URL ("postgres://", "nats://", ...) where a
// word begins.
var scheme = regexp.MustCompile(`(?:^|[^A-Za-z0-9+.\-])([A-Za-z][A-Za-z0-9+.\-]*)://`)

// scan returns s redacted and the secrets it hid: the text outside URLs
// as key/value pairs, each URL by its parts.
func scan(s string) (string, []string) {
	var b strings.Builder
	var secrets []string
	for s != "" {
		m := scheme.FindStringSubmatchIndex(s)
		if m == nil {
			b.WriteString(keyValues(s, &secrets))
			break
		}
		start, schemeEnd := m[2], m[3]
		b.WriteString(keyValues(s[:start], &secrets))
		end := urlEnd(s, m[1])
		b.WriteString(oneURL(s[start:schemeEnd], s[m[1]:end], &secrets))
		s = s[end:]
	}
	return b.String(), secrets
}

// nextURL is where a comma-separated list goes on with the next URL.
var nextURL = regexp.MustCompile(`^,\s*[A-Za-z][A-Za-z0-9+.\-]*://`)

// urlEnd is the end of the URL whose text after "://" starts at i: at
// white space or a quote (the URL is inside a message), or at a comma
// that starts the next URL of a list. A comma not followed by a scheme
// stays in: PostgreSQL's several hosts (postgres://u:pw@h1,h2/db).
func urlEnd(s string, i int) int {
	for j := i; j < len(s); j++ {
		switch c := s[j]; {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '"' || c == '`':
			return j
		case c == ',' && nextURL.MatchString(s[j:]):
			return j
		}
	}
	return len(s)
}

// userSchemes are the URL schemes whose userinfo without a colon is a
// user name, worth seeing in a log (postgres://app@db). For every other
// scheme it is hidden: for NATS it is a token (nats://TOKEN@host).
var userSchemes = map[string]bool{"postgres": true, "postgresql": true}

// oneURL redacts the URL scheme://rest: the userinfo (everything up to
// the last '@', so that an unescaped '@' or '/' in a password is hidden
// too) and the values of secret query parameters.
func oneURL(sch, rest string, secrets *[]string) string {
	if at := strings.LastIndexByte(rest, '@'); at >= 0 {
		info := rest[:at]
		if user, pw, ok := strings.Cut(info, ":"); ok {
			addSecret(secrets, pw)
			info = user + ":" + Mask
		} else if !userSchemes[strings.ToLower(sch)] {
			addSecret(secrets, info)
			info = Mask
		}
		rest = info + rest[at:]
	}
	q := strings.IndexByte(rest, '?')
	if q < 0 {
		return sch + "://" + rest
	}
	query, frag := rest[q+1:], ""
	if h := strings.IndexByte(query, '#'); h >= 0 {
		query, frag = query[:h], query[h:]
	}
	params := strings.Split(query, "&")
	for i, p := range params {
		k, v, ok := strings.Cut(p, "=")
		if ok && isSecretKey(k) {
			addSecret(secrets, v)
			params[i] = k + "=" + Mask
		}
	}
	return sch + "://" + rest[:q+1] + strings.Join(params, "&") + frag
}

// keyValue is a libpq-style pair: key = value, the value either
// single-quoted (with backslash escapes, possibly unterminated) or running
// to white space.
var keyValue = regexp.MustCompile(`([A-Za-z_][A-Za-z0-9_.\-]*)(\s*=\s*)('(?:[^'\\]|\\.)*'?|[^\s'"` + "`" + `]*)`)

// keyValues redacts the values of secret keys in text outside URLs.
func keyValues(s string, secrets *[]string) string {
	return keyValue.ReplaceAllStringFunc(s, func(pair string) string {
		m := keyValue.FindStringSubmatch(pair)
		if !isSecretKey(m[1]) {
			return pair
		}
		v := m[3]
		if len(v) >= 2 && v[0] == '\'' && v[len(v)-1] == '\'' {
			v = v[1 : len(v)-1]
		}
		addSecret(secrets, v)
		return m[1] + m[2] + Mask
	})
}

// secretWords mark a key whose value is a secret: password, sslpassword,
// passfile, pwd, token, auth_token, secret, sslkey, nkey, creds, ... A
// key that merely names a file (sslkey, passfile) is hidden too: hiding
// a path costs little.
var secretWords = []string{"pass", "pwd", "secret", "token", "key", "cred", "auth"}

func isSecretKey(k string) bool {
	k = strings.ToLower(k)
	for _, w := range secretWords {
		if strings.Contains(k, w) {
			return true
		}
	}
	return false
}

// addSecret records a hidden value as written and percent-decoded (a
// driver may echo either).
func addSecret(secrets *[]string, v string) {
	if v == "" {
		return
	}
	*secrets = append(*secrets, v)
	if d, err := url.PathUnescape(v); err == nil && d != v {
		*secrets = append(*secrets, d)
	}
}
