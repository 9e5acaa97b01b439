package loadgen

import (
	"errors"
	"fmt"
	"net"
	"strings"
	"time"
)

// Errors of the load generator's configuration.
var (
	// ErrRemoteTarget: the target is not a loopback address and
	// AllowRemote is off.
	ErrRemoteTarget = errors.New("target is not a loopback address")
	// ErrKeys: the keystroke script does not parse.
	ErrKeys = errors.New("bad keystroke script")
)

// ConfigError is a configuration value out of bounds.
type ConfigError struct {
	Field  string // the flag name, without dashes
	Reason string
}

func (e *ConfigError) Error() string { return "--" + e.Field + ": " + e.Reason }

// Bounds of a run.
const (
	MaxSessions   = 20000
	MaxRamp       = 10000.0
	MaxHold       = time.Hour
	MaxTimeout    = 10 * time.Minute
	MaxWaitForLen = 200
	DefaultPort   = "2222"
)

// Config is one load run.
type Config struct {
	// CPUProfile, when set, is where the tool writes its own CPU profile.
	CPUProfile string
	// MemProfile, when set, is where a play run writes the tool's own heap
	// profile at the end of the hold, while every session is still open.
	MemProfile string
	// SelfGOGC is the load tool's own garbage collection target (as
	// GOGC), set for the run; below 0 the runtime's (GOGC or 100) stays.
	SelfGOGC    int
	Addr        string        // host:port of the server
	AllowRemote bool          // permit a non-loopback target
	User        string        // ssh user name (the server ignores it)
	Sessions    int           // concurrent sessions, 1..MaxSessions
	Ramp        float64       // sessions started per second, > 0
	Hold        time.Duration // how long all sessions stay open after the ramp
	Settle      time.Duration // wait after the ramp before the "after" sample
	Timeout     time.Duration // per stage: connect, handle, first byte or wait-for text
	Term        string        // TERM sent with the PTY request
	Cols, Rows  int
	Handles     bool          // set a handle with `handle NAME` before the PTY session
	WaitFor     string        // text that marks a session as ready
	Keys        []Key         // keystroke script, sent after the session is ready
	KeyInterval time.Duration // between keys
	KeysLoop    bool          // repeat the script until the hold ends
	Keepalive   time.Duration // keepalive@openssh.com every so often once ready, as ssh's ServerAliveInterval (0: none)
	NoAnswer    bool          // do not answer terminal queries
	ServerPID   int           // measure this process's memory and CPU (0: off)
	HostKey     string        // expected SHA256 host key fingerprint ("" pins the first one seen)
	Ciphers     string        // the ciphers offered, in order: CiphersOpenSSH (the default) or CiphersGo
	ProcRoot    string        // proc file system, "/proc" when empty

	// Play mode (Play != ""): Tables tables of Seats seats each, HumansPerTable
	// of them load sessions that play through the TUI, the rest bots.
	Play           string // game id
	Tables         int
	HumansPerTable int
	Seats          int
	Think          Think  // time a human thinks before each decision
	Seed           uint64 // seeds the humans' think times and choices; 0: random
	// OnSecond, when set, gets each second's report as the second ends
	// (from one goroutine).
	OnSecond func(Second)
	// Capacity search (StepTables > 0): open StepTables tables a step, up
	// to Tables, measuring each step for Hold (after Settle); stop at the
	// first step whose action -> every other screen p99 reaches StopP99.
	StepTables int
	StopP99    time.Duration
	OnStep     func(Step) // gets each step's result as it ends
}

// DefaultConfig returns the defaults of `boardroom load`.
func DefaultConfig() Config {
	return Config{
		Addr: "127.0.0.1:" + DefaultPort, User: "load", Sessions: 100, Ramp: 50,
		Hold: 30 * time.Second, Settle: 2 * time.Second, Timeout: 15 * time.Second,
		Term: "xterm-256color", Cols: 80, Rows: 24, KeyInterval: 2 * time.Second,
		Tables: 10, HumansPerTable: 1, Seats: 4, Think: DefaultThink,
		StopP99: DefaultStopP99, Ciphers: CiphersOpenSSH,
	}
}

// The ciphers a load session offers, first the one it prefers: the server
// takes the first it supports, so this decides what every packet costs
// the server to seal and open.
const (
	// CiphersOpenSSH is OpenSSH's client order (ssh_config(5), Ciphers):
	// what players' ssh negotiates with the server, chacha20-poly1305.
	CiphersOpenSSH = "openssh"
	// CiphersGo is golang.org/x/crypto/ssh's client order: AES-GCM, the
	// cipher the load tool negotiated before the option (to compare with
	// figures measured then).
	CiphersGo = "go"
)

// opensshCiphers is OpenSSH 9's default Ciphers for a client.
var opensshCiphers = []string{"chacha20-poly1305@openssh.com", "aes128-ctr", "aes192-ctr", "aes256-ctr",
	"aes128-gcm@openssh.com", "aes256-gcm@openssh.com"}

// cipherList is what the ssh client config offers: nil for x/crypto's
// own order.
func (c *Config) cipherList() []string {
	if c.Ciphers == CiphersGo {
		return nil
	}
	return opensshCiphers
}

// Validate checks bounds and the target, normalising Addr (a missing port
// becomes DefaultPort).
func (c *Config) Validate() error {
	addr, err := NormalizeAddr(c.Addr)
	if err != nil {
		return &ConfigError{"addr", err.Error()}
	}
	c.Addr = addr
	if err := CheckTarget(c.Addr, c.AllowRemote); err != nil {
		return err
	}
	switch {
	case c.Sessions < 1 || c.Sessions > MaxSessions:
		return &ConfigError{"sessions", fmt.Sprintf("%d is outside 1..%d", c.Sessions, MaxSessions)}
	case !(c.Ramp > 0) || c.Ramp > MaxRamp:
		return &ConfigError{"ramp", fmt.Sprintf("%g is outside (0, %g] sessions per second", c.Ramp, MaxRamp)}
	case c.Hold < 0 || c.Hold > MaxHold:
		return &ConfigError{"hold", fmt.Sprintf("%s is outside 0..%s", c.Hold, MaxHold)}
	case c.Settle < 0 || c.Settle > c.Hold:
		return &ConfigError{"settle", fmt.Sprintf("%s is outside 0..hold (%s)", c.Settle, c.Hold)}
	case c.Timeout < 10*time.Millisecond || c.Timeout > MaxTimeout:
		return &ConfigError{"timeout", fmt.Sprintf("%s is outside 10ms..%s", c.Timeout, MaxTimeout)}
	case c.Cols < 20 || c.Cols > 1000:
		return &ConfigError{"cols", fmt.Sprintf("%d is outside 20..1000", c.Cols)}
	case c.Rows < 5 || c.Rows > 500:
		return &ConfigError{"rows", fmt.Sprintf("%d is outside 5..500", c.Rows)}
	case c.Term == "" || len(c.Term) > 64:
		return &ConfigError{"term", "must be 1..64 bytes"}
	case c.User == "" || len(c.User) > 64:
		return &ConfigError{"user", "must be 1..64 bytes"}
	case len(c.WaitFor) > MaxWaitForLen:
		return &ConfigError{"wait-for", fmt.Sprintf("longer than %d bytes", MaxWaitForLen)}
	case c.WaitFor != "" && len(NormalizeText(c.WaitFor)) == 0:
		return &ConfigError{"wait-for", "is only whitespace"}
	case len(c.Keys) > MaxKeys:
		return &ConfigError{"keys", fmt.Sprintf("more than %d keys", MaxKeys)}
	case len(c.Keys) > 0 && (c.KeyInterval < 10*time.Millisecond || c.KeyInterval > MaxHold):
		return &ConfigError{"key-interval", fmt.Sprintf("%s is outside 10ms..%s", c.KeyInterval, MaxHold)}
	case c.Keepalive != 0 && (c.Keepalive < 10*time.Millisecond || c.Keepalive > MaxHold):
		return &ConfigError{"keepalive", fmt.Sprintf("%s is outside 10ms..%s (or 0: none)", c.Keepalive, MaxHold)}
	case c.ServerPID < 0:
		return &ConfigError{"server-pid", "must not be negative"}
	case c.HostKey != "" && !strings.HasPrefix(c.HostKey, "SHA256:"):
		return &ConfigError{"host-key", "must be a SHA256:... fingerprint"}
	case c.Ciphers != CiphersOpenSSH && c.Ciphers != CiphersGo:
		return &ConfigError{"ciphers", fmt.Sprintf("%q is neither %q nor %q", c.Ciphers, CiphersOpenSSH, CiphersGo)}
	}
	return c.validatePlay()
}

// Bounds of play mode.
const (
	MaxTables = 5000
	MaxSeats  = 8
)

// validatePlay checks the play-mode fields and sets Sessions to the number
// of human sessions.
func (c *Config) validatePlay() error {
	if c.Play == "" {
		return nil
	}
	switch {
	case !validGameID(c.Play):
		return &ConfigError{"play", fmt.Sprintf("%q is not a game id", c.Play)}
	case c.Tables < 1 || c.Tables > MaxTables:
		return &ConfigError{"tables", fmt.Sprintf("%d is outside 1..%d", c.Tables, MaxTables)}
	case c.Seats < 2 || c.Seats > MaxSeats:
		return &ConfigError{"seats", fmt.Sprintf("%d is outside 2..%d", c.Seats, MaxSeats)}
	case c.HumansPerTable < 1 || c.HumansPerTable > c.Seats:
		return &ConfigError{"humans-per-table", fmt.Sprintf("%d is outside 1..seats (%d)", c.HumansPerTable, c.Seats)}
	case c.Tables*c.HumansPerTable > MaxSessions:
		return &ConfigError{"tables", fmt.Sprintf("%d tables of %d humans exceed %d sessions", c.Tables, c.HumansPerTable, MaxSessions)}
	case len(c.Keys) > 0 || c.WaitFor != "":
		return &ConfigError{"play", "plays by itself: --keys and --wait-for do not apply"}
	}
	if _, err := policyFor(c.Play); err != nil {
		return err
	}
	if err := c.Think.Validate(); err != nil {
		return err
	}
	switch {
	case c.StepTables < 0 || c.StepTables > c.Tables:
		return &ConfigError{"step-tables", fmt.Sprintf("%d is outside 0..tables (%d)", c.StepTables, c.Tables)}
	case c.StepTables > 0 && (c.StopP99 <= 0 || c.StopP99 > peerWindow):
		return &ConfigError{"p99", fmt.Sprintf("%s is outside (0, %s]", c.StopP99, peerWindow)}
	}
	c.Sessions = c.Tables * c.HumansPerTable
	c.Handles = true
	return nil
}

func validGameID(id string) bool {
	if len(id) == 0 || len(id) > 32 {
		return false
	}
	for _, r := range id {
		if (r < 'a' || r > 'z') && (r < '0' || r > '9') && r != '-' && r != '_' {
			return false
		}
	}
	return true
}

// NormalizeAddr returns addr as host:port, adding DefaultPort when addr is
// a bare host name or IP address.
func NormalizeAddr(addr string) (string, error) {
	if addr == "" {
		return "", errors.New("empty address")
	}
	if host, port, err := net.SplitHostPort(addr); err == nil {
		if host == "" || port == "" {
			return "", fmt.Errorf("%q needs a host and a port", addr)
		}
		return addr, nil
	}
	host := strings.TrimSuffix(strings.TrimPrefix(addr, "["), "]")
	if strings.Contains(host, ":") && net.ParseIP(host) == nil {
		return "", fmt.Errorf("%q is not host:port", addr)
	}
	return net.JoinHostPort(host, DefaultPort), nil
}

// CheckTarget refuses a target that is not a loopback address (an IP in
// 127.0.0.0/8 or ::1, or the name "localhost") unless allowRemote is set.
// Names other than localhost are refused without being resolved.
func CheckTarget(addr string, allowRemote bool) error {
	if allowRemote {
		return nil
	}
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return &ConfigError{"addr", err.Error()}
	}
	if strings.EqualFold(host, "localhost") {
		return nil
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return nil
	}
	return fmt.Errorf("%w: %s (pass --allow-remote to load a server you operate elsewhere)", ErrRemoteTarget, host)
}
