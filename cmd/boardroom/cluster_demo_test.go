package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

const demoScript = "testdata/cluster-demo.sh"

// demo runs the cluster demo script with DEMO_DIR=dir and extra
// environment, returning its output and exit code.
func demo(t *testing.T, dir string, env []string, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command("bash", append([]string{demoScript}, args...)...)
	cmd.Env = append(append(os.Environ(), "DEMO_DIR="+dir), env...)
	out, err := cmd.CombinedOutput()
	code := 0
	if err != nil {
		ee, ok := err.(*exec.ExitError)
		require.True(t, ok, "running the demo: %v", err)
		code = ee.ExitCode()
	}
	return string(out), code
}

// TestClusterDemoScriptParsesAndListsItsSettings: the script is valid
// bash, and its usage text names every DEMO_ variable it reads, so that
// every port and address it uses can be found and changed.
func TestClusterDemoScriptParsesAndListsItsSettings(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	out, err := exec.Command("bash", "-n", demoScript).CombinedOutput()
	require.NoError(t, err, "bash -n: %s", out)

	src, err := os.ReadFile(demoScript)
	require.NoError(t, err)
	usage, code := demo(t, t.TempDir(), nil)
	require.Equal(t, 2, code)
	vars := regexp.MustCompile(`\$\{(DEMO_[A-Z_]+):-`).FindAllStringSubmatch(string(src), -1)
	require.GreaterOrEqual(t, len(vars), 10, "ports and addresses come from DEMO_ variables")
	for _, v := range vars {
		require.Contains(t, usage, v[1], "the usage text lists %s", v[1])
	}
	for _, cmd := range []string{"restart N", "nats-stop N", "nats-start N", "pg-stop", "pg-start", "owners"} {
		require.Contains(t, usage, cmd)
	}
	// A literal port or loopback address outside the defaults would be
	// one an operator cannot change.
	body := string(src)[strings.Index(string(src), "set -euo pipefail"):]
	for _, line := range strings.Split(body, "\n") {
		if strings.Contains(line, ":-") {
			continue // a default
		}
		require.NotRegexp(t, `127\.0\.0\.\d|\b(2222|55432|1[46]22[234]|1910[123])\b`, line, "a fixed address or port")
	}
}

// TestClusterDemoRestartRefusesARunningNode: `restart N` on a node that
// runs says so and fails instead of printing "started"; on a stopped node
// it starts it and appends to its logs, never overwriting them.
func TestClusterDemoRestartRefusesARunningNode(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	dir := t.TempDir()
	node := filepath.Join(dir, "node1")
	require.NoError(t, os.MkdirAll(node, 0o755))
	// This test's own process stands for a running node.
	require.NoError(t, os.WriteFile(filepath.Join(node, "pid"), []byte(strconv.Itoa(os.Getpid())), 0o644))
	out, code := demo(t, dir, nil, "restart", "1")
	require.Equal(t, 1, code, out)
	require.Contains(t, out, "node1 is running")
	require.NotContains(t, out, "started")

	out, code = demo(t, dir, nil, "restart", "4")
	require.Equal(t, 2, code, out)
	require.Contains(t, out, "1, 2 or 3")

	// A stand-in boardroom that logs one line and exits.
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "bin"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "bin", "boardroom"),
		[]byte("#!/bin/sh\necho \"node log line $$\" >&2\n"), 0o755))
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "keys"), 0o755))
	for _, f := range []string{"ssh_host_ed25519_key", "seal.key"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, "keys", f), []byte("x"), 0o600))
	}
	require.NoError(t, os.Remove(filepath.Join(node, "pid")))
	for range 2 {
		out, code = demo(t, dir, nil, "restart", "1")
		require.Equal(t, 0, code, out)
		require.Contains(t, out, "node1 started")
		pidText, err := os.ReadFile(filepath.Join(node, "pid"))
		require.NoError(t, err)
		pid, err := strconv.Atoi(strings.TrimSpace(string(pidText)))
		require.NoError(t, err)
		waitFor(t, 10*time.Second, func() bool { return syscall.Kill(pid, 0) != nil }, "the stand-in node did not exit")
	}
	waitFor(t, 10*time.Second, func() bool {
		b, _ := os.ReadFile(filepath.Join(node, "err.log"))
		return strings.Count(string(b), "node log line") == 2
	}, "both runs' lines are in err.log")
	b, err := os.ReadFile(filepath.Join(node, "err.log"))
	require.NoError(t, err)
	require.Equal(t, 2, strings.Count(string(b), "=== cluster-demo: node1 start at "), "%s", b)
}
