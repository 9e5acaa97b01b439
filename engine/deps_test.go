package engine_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestEngineImportsStdlibOnly keeps every non-test package under engine/
// free of I/O, UI, storage and clock dependencies: only the standard library
// (minus a deny-list) and other engine packages may be imported.
func TestEngineImportsStdlibOnly(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}:{{join .Imports " "}}`, "boardroom/engine/...").CombinedOutput()
	require.NoError(t, err, string(out))
	denied := map[string]bool{
		"os": true, "os/exec": true, "net": true, "net/http": true, "database/sql": true,
		"log": true, "log/slog": true, "time": true, "math/rand": true, "math/rand/v2": true,
		"io/ioutil": true, "syscall": true, "unsafe": true, "crypto/rand": true,
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		pkg, imps, _ := strings.Cut(line, ":")
		for _, imp := range strings.Fields(imps) {
			if strings.HasPrefix(imp, "boardroom/engine") {
				continue
			}
			require.Falsef(t, strings.Contains(strings.SplitN(imp, "/", 2)[0], "."), "%s imports non-stdlib %s", pkg, imp)
			require.Falsef(t, denied[imp], "%s imports %s, which the engine may not use", pkg, imp)
		}
	}
}

// TestEngineHasNoLocksOrGoroutines keeps the games single-threaded: a game
// is used by one goroutine at a time (the lobby serialises every call on a
// table), so no non-test file under engine/ imports sync or sync/atomic or
// starts a goroutine. The bot-only simulator engine/sim, which runs games in
// parallel, is the one exception.
func TestEngineHasNoLocksOrGoroutines(t *testing.T) {
	var files []string
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && filepath.ToSlash(path) == "sim" {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
			files = append(files, path)
		}
		return nil
	})
	require.NoError(t, err)
	require.NotEmpty(t, files)
	fset := token.NewFileSet()
	for _, path := range files {
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		require.NoError(t, err)
		require.Empty(t, engineConcurrency(fset, f), "%s", path)
	}
}

// engineConcurrency lists the imports of sync packages and the go
// statements of a file.
func engineConcurrency(fset *token.FileSet, f *ast.File) []string {
	var found []string
	for _, imp := range f.Imports {
		if p := strings.Trim(imp.Path.Value, `"`); p == "sync" || strings.HasPrefix(p, "sync/") {
			found = append(found, fset.Position(imp.Pos()).String()+": imports "+p)
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		if g, ok := n.(*ast.GoStmt); ok {
			found = append(found, fset.Position(g.Pos()).String()+": go statement")
		}
		return true
	})
	return found
}

// The check above must be able to fail.
func TestEngineConcurrencyCheckFindsLocksAndGoroutines(t *testing.T) {
	src := "package x\nimport (\n\t\"sync\"\n\t\"sync/atomic\"\n)\nvar mu sync.Mutex\nvar n atomic.Int64\nfunc f() { go func() {}() }\n"
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x.go", src, 0)
	require.NoError(t, err)
	require.Len(t, engineConcurrency(fset, f), 3)
	clean, err := parser.ParseFile(fset, "y.go", "package x\nfunc f() {}\n", 0)
	require.NoError(t, err)
	require.Empty(t, engineConcurrency(fset, clean))
}
