// Package golden compares a test's output with a golden file under
// testdata/ and rewrites it when the test runs with -update. It holds the
// file I/O of golden tests so that the engine's test support
// (engine/enginetest) stays free of it: engine code does no I/O.
package golden

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Check compares lines, one a line, with the file at path; with update (a
// test's -update flag) it first rewrites the file. Run with -update only
// when a change of the output is meant.
func Check(t testing.TB, path string, lines []string, update bool) {
	t.Helper()
	if err := compare(path, strings.Join(lines, "\n")+"\n", update); err != nil {
		t.Fatal(err)
	}
}

func compare(path, text string, update bool) error {
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			return err
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("%w (run with -update to create it)", err)
	}
	if string(want) != text {
		return fmt.Errorf("%s differs from this run (run with -update only when the change is meant)\nwant:\n%s\ngot:\n%s", path, want, text)
	}
	return nil
}
