package loadgen

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// WriteJSON writes the report as one JSON object.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// WriteText writes the report for people.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	p := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }
	p("boardroom load: %d sessions to %s (host key %s)", r.Sessions, r.Target, orDash(r.HostKey))
	p("  %dx%d %s, ramp %g/s (took %.1fs), hold %gs, handles %s, answer queries %s, ciphers %s",
		r.Cols, r.Rows, r.Term, r.RampPerSec, r.RampSec, r.HoldSec, yesNo(r.Handles), yesNo(r.Queries.Answered), r.Ciphers)
	p("sessions        started %d, ok %d, failed %d", r.Started, r.OK, r.Failed)
	for _, f := range r.Failures {
		p("  %6d  %s  (e.g. %s)", f.Count, f.Reason, f.Example)
	}
	p("connect         %s", distMS(r.ConnectMS))
	if r.Handles {
		p("handle          %s", distMS(r.HandleMS))
	}
	p("first byte      %s", distMS(r.FirstByteMS))
	if r.WaitFor != "" {
		p("wait-for        %s  %q", distMS(r.WaitForMS), r.WaitFor)
	}
	p("dial -> ready   %s", distMS(r.DialReadyMS))
	if len(r.Keys.Script) > 0 {
		p("keys            sent %d, %d without output; script %s", r.Keys.Sent, r.Keys.NoOutput, strings.Join(r.Keys.Script, ","))
		p("key -> output   %s", distMS(r.Keys.LatencyMS))
	}
	t := r.Traffic
	p("received        %s total; per session %s/s mean, p50 %s/s, p99 %s/s, max %s/s",
		bytesStr(float64(t.BytesTotal)), bytesStr(t.PerSessionPerSec.Mean), bytesStr(t.PerSessionPerSec.P50),
		bytesStr(t.PerSessionPerSec.P99), bytesStr(t.PerSessionPerSec.Max))
	p("  window        %s/s per session over %.1fs after ramp and settle", bytesStr(t.WindowPerSessionPerSec), t.WindowSec)
	q := r.Queries
	p("queries seen    osc11 %d, osc10 %d, dsr %d, da1 %d", q.OSC11, q.OSC10, q.DSR, q.DA1)
	if s := r.Server; s != nil {
		what := "idle"
		if !s.Idle {
			what = "keys typed"
		}
		p("server pid %d", s.PID)
		p("  RSS           %s -> %s = %.1f KiB per session (%d sessions); %s at end of hold = %.1f KiB per session",
			kib(s.RSSBeforeKiB), kib(s.RSSAfterKiB), s.RSSPerSessionKiB, s.SessionsAtSample, kib(s.RSSEndKiB), s.RSSEndPerSessionKiB)
		if s.PSSBeforeKiB >= 0 && s.PSSAfterKiB >= 0 {
			p("  PSS           %s -> %s = %.1f KiB per session", kib(s.PSSBeforeKiB), kib(s.PSSAfterKiB), s.PSSPerSessionKiB)
		}
		p("  CPU           %.1f%% of one core over %.1fs (%s)", s.CPUPercent, s.CPUWindowSec, what)
	}
	p("load tool       CPU %.1f%% of one core over the window; open-file limit %d (hard %d)",
		r.Client.CPUPercent, r.Client.NoFileSoft, r.Client.NoFileHard)
	if r.ScreenOK != "" {
		p("screen (ok)     %s", r.ScreenOK)
	}
	if r.ScreenFailed != "" {
		p("screen (failed) %s", r.ScreenFailed)
	}
	for _, wmsg := range r.Warnings {
		p("warning: %s", wmsg)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func distMS(d Dist) string {
	if d.N == 0 {
		return "no samples"
	}
	return fmt.Sprintf("p50 %s  p90 %s  p99 %s  max %s  (n=%d)",
		msStr(d.P50), msStr(d.P90), msStr(d.P99), msStr(d.Max), d.N)
}

func msStr(v float64) string {
	switch {
	case v >= 1000:
		return fmt.Sprintf("%.2fs", v/1000)
	case v >= 10:
		return fmt.Sprintf("%.0fms", v)
	default:
		return fmt.Sprintf("%.1fms", v)
	}
}

func bytesStr(v float64) string {
	switch {
	case v >= 1<<30:
		return fmt.Sprintf("%.1f GiB", v/(1<<30))
	case v >= 1<<20:
		return fmt.Sprintf("%.1f MiB", v/(1<<20))
	case v >= 1<<10:
		return fmt.Sprintf("%.1f KiB", v/(1<<10))
	default:
		return fmt.Sprintf("%.1f B", v)
	}
}

func kib(v int64) string { return bytesStr(float64(v) * 1024) }

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
