package enginetest

import (
	"fmt"
	"io/fs"
	"path"
	"strconv"
	"strings"
	"testing"
)

// MinCorpus is how many inputs a game's seed corpus
// (testdata/fuzz/FuzzPlay) holds at least: CheckCorpus refuses fewer.
const MinCorpus = 5

// CheckCorpus checks a game's seed corpus in dir of fsys (the engine does
// no I/O of its own: a test passes os.DirFS(".") and
// testdata/fuzz/FuzzPlay,
// where `go test` runs every file as a case of FuzzPlay and the fuzzer
// starts from them): at least MinCorpus inputs, each in go test's corpus
// format and no longer than the MaxInput bytes Play reads, so that a seed
// is not cut (a cut seed is another input than the one kept).
func (f Fuzz) CheckCorpus(t testing.TB, fsys fs.FS, dir string) {
	t.Helper()
	inputs, err := ReadCorpus(fsys, dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(inputs) < MinCorpus {
		t.Fatalf("%s holds %d inputs, want at least %d", dir, len(inputs), MinCorpus)
	}
	for name, data := range inputs {
		if len(data) > f.maxInput() {
			t.Errorf("%s: %d bytes, more than the %d Play reads", name, len(data), f.maxInput())
		}
	}
}

// ReadCorpus reads the one-[]byte inputs of a fuzz corpus directory dir
// of fsys, by file name.
func ReadCorpus(fsys fs.FS, dir string) (map[string][]byte, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		b, err := fs.ReadFile(fsys, path.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		data, err := parseCorpusFile(string(b))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", e.Name(), err)
		}
		out[e.Name()] = data
	}
	return out, nil
}

// parseCorpusFile reads go test's corpus format for one []byte value:
// "go test fuzz v1" and a line []byte("...") with a Go string literal.
func parseCorpusFile(s string) ([]byte, error) {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) != 2 || lines[0] != "go test fuzz v1" {
		return nil, fmt.Errorf("not a one-value go test fuzz v1 file")
	}
	lit, ok := strings.CutPrefix(lines[1], "[]byte(")
	if !ok || !strings.HasSuffix(lit, ")") {
		return nil, fmt.Errorf("not a []byte value: %q", lines[1])
	}
	v, err := strconv.Unquote(strings.TrimSuffix(lit, ")"))
	if err != nil {
		return nil, fmt.Errorf("value %q: %w", lines[1], err)
	}
	return []byte(v), nil
}
