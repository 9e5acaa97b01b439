package redact

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestStringHidesEveryFormOfSecret is the table of the forms an operator
// writes: each secret is gone, and what helps to find the server (scheme,
// user name, host, port, database, other parameters) stays.
func TestStringHidesEveryFormOfSecret(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		// URL userinfo.
		{"postgres://u:SECRET@db.example:5432/app", "postgres://u:xxxxx@db.example:5432/app"},
		{"postgresql://u:SECRET@db/app?sslmode=require", "postgresql://u:xxxxx@db/app?sslmode=require"},
		{"postgres://u@db/app", "postgres://u@db/app"},
		{"postgres://:SECRET@db/app", "postgres://:xxxxx@db/app"},
		{"nats://user:SECRET@127.0.0.1:4222", "nats://user:xxxxx@127.0.0.1:4222"},
		// NATS token: url.URL.Redacted passes it unchanged.
		{"nats://SECRET@127.0.0.1:4222", "nats://xxxxx@127.0.0.1:4222"},
		{"tls://SECRET@nats.example:4222", "tls://xxxxx@nats.example:4222"},
		// An unescaped '@' or '/' in the password.
		{"postgres://u:SE@CRET@db/app", "postgres://u:xxxxx@db/app"},
		{"postgres://u:SE/CRET@db/app", "postgres://u:xxxxx@db/app"},
		{"postgres://u:SE%40CRET@db/app", "postgres://u:xxxxx@db/app"},
		// Query parameters.
		{"postgres://u@db/app?password=SECRET", "postgres://u@db/app?password=xxxxx"},
		{"postgres://u@db/app?sslmode=verify-full&sslpassword=SECRET&sslkey=/k/SECRET.key&application_name=br",
			"postgres://u@db/app?sslmode=verify-full&sslpassword=xxxxx&sslkey=xxxxx&application_name=br"},
		{"postgres://db/app?PASSWORD=SECRET#frag", "postgres://db/app?PASSWORD=xxxxx#frag"},
		// Several PostgreSQL hosts in one URL.
		{"postgres://u:SECRET@h1:5432,h2:5432/app?password=SECRET", "postgres://u:xxxxx@h1:5432,h2:5432/app?password=xxxxx"},
		// libpq key/value strings, quoted values with spaces and escapes.
		{"host=db port=5432 user=u password=SECRET dbname=app", "host=db port=5432 user=u password=xxxxx dbname=app"},
		{"host=db password='SE CRET' dbname=app", "host=db password=xxxxx dbname=app"},
		{`host=db password = 'SE\'CR ET' sslmode=disable`, "host=db password = xxxxx sslmode=disable"},
		{"host=db sslpassword=SECRET password='SECRET", "host=db sslpassword=xxxxx password=xxxxx"},
		// Comma-separated NATS server lists, with and without spaces.
		{"nats://a:SECRET@n1:4222,nats://SECRET@n2:4222,nats://n3:4222",
			"nats://a:xxxxx@n1:4222,nats://xxxxx@n2:4222,nats://n3:4222"},
		{"nats://a:SECRET@n1:4222, tls://b:SECRET@n2:4222", "nats://a:xxxxx@n1:4222, tls://b:xxxxx@n2:4222"},
		// Inside a message, as errors quote them.
		{`cannot connect to nats://SECRET@n1:4222: connection refused`, `cannot connect to nats://xxxxx@n1:4222: connection refused`},
		{`parse "postgres://u:SECRET@db/app": invalid port`, `parse "postgres://u:xxxxx@db/app": invalid port`},
		{"failed to connect to `host=db user=u password=SECRET database=app`", "failed to connect to `host=db user=u password=xxxxx database=app`"},
		// Nothing to hide.
		{"", ""},
		{"nats://127.0.0.1:4222", "nats://127.0.0.1:4222"},
		{"postgres://u@db:5432/app?sslmode=disable", "postgres://u@db:5432/app?sslmode=disable"},
	} {
		got := String(c.in)
		require.Equal(t, c.want, got, "String(%q)", c.in)
		require.NotContains(t, got, "SECRET", "String(%q)", c.in)
		require.NotContains(t, got, "CRET", "String(%q)", c.in)
	}
}

// TestErrorHidesTheSecretsOfItsDSNs: an error that echoes a password on
// its own (out of its URL) loses it too, in both spellings, and stays
// the error it wraps.
func TestErrorHidesTheSecretsOfItsDSNs(t *testing.T) {
	dsn := "postgres://u:p%40ss-SECRET@db/app?sslpassword=KEYSECRET"
	inner := fmt.Errorf("login with p@ss-SECRET and p%%40ss-SECRET and KEYSECRET refused at %s: %w", dsn, fs.ErrPermission)
	err := Error(inner, dsn)
	require.NotContains(t, err.Error(), "SECRET")
	require.Contains(t, err.Error(), "refused at postgres://u:xxxxx@db/app?sslpassword=xxxxx")
	require.ErrorIs(t, err, fs.ErrPermission)
	require.NoError(t, Error(nil, dsn))

	// A short secret is not hidden in ordinary words, only where it
	// stands as a credential.
	err = Error(errors.New("no route to db: nats://ab@db:4222"), "nats://ab@db:4222")
	require.Equal(t, "no route to db: nats://xxxxx@db:4222", err.Error())
	require.False(t, strings.Contains(err.Error(), "ab@"))
}

// URL reads its whole argument as one URL, malformed or not: nothing
// before the host survives.
func TestURLHidesTheUserinfoOfAMalformedURL(t *testing.T) {
	for in, want := range map[string]string{
		"nats://us er:SECRET@%zz":             "nats://xxxxx@%zz",
		"SECRET@host:4222":                    "xxxxx@host:4222",
		"nats://SECRET@10.0.0.1:4222":         "nats://xxxxx@10.0.0.1:4222",
		"nats://u:p@ss:SECRET@h:4222":         "nats://xxxxx@h:4222",
		"tls://nats-1:4222":                   "tls://nats-1:4222",
		"postgres://u@db/app?password=SECRET": "postgres://xxxxx@db/app?password=xxxxx",
	} {
		require.Equal(t, want, URL(in), in)
	}
}
