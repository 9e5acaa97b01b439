// Package archdoc_test keeps ARCHITECTURE.md a true map: it fails when a
// package of the module, or an interface a game may implement, is not
// named there. Packages are found by walking the module's directories (a
// directory with .go files is a package), so the check needs no go tool.
package archdoc_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// moduleRoot is the directory of go.mod above the test's directory.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	require.NoError(t, err)
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		require.NotEqual(t, dir, parent, "no go.mod above the test's directory")
		dir = parent
	}
}

// packages lists the module's package directories relative to root, with
// slashes: every directory holding a .go file, leaving out testdata,
// hidden and underscore directories (the go tool ignores them) and nested
// modules.
func packages(t *testing.T, root string) []string {
	t.Helper()
	seen := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path == root {
				return nil
			}
			if name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(name, ".go") {
			rel, err := filepath.Rel(root, filepath.Dir(path))
			if err != nil {
				return err
			}
			seen[filepath.ToSlash(rel)] = true
		}
		return nil
	})
	require.NoError(t, err)
	var out []string
	for p := range seen {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// unnamedPackages returns the packages doc does not name. A package is
// named by its path relative to the module as a word of its own: at the
// start of a line or after a space, backtick or parenthesis, optionally
// followed by a slash, and then the end of the line, a space, a backtick
// or punctuation. So "engine/opoly" is not named by "engine/opoly/unipoly".
func unnamedPackages(doc string, pkgs []string) []string {
	var missing []string
	for _, p := range pkgs {
		if p == "." {
			p = "boardroom"
		}
		re := regexp.MustCompile("(?m)(^|[ `(])" + regexp.QuoteMeta(p) + "/?([ `),.:;]|$)")
		if !re.MatchString(doc) {
			missing = append(missing, p)
		}
	}
	return missing
}

// optionalInterfaces returns the exported interface types of package
// engine (its non-test files in dir): the contract and what a game may
// implement besides it.
func optionalInterfaces(t *testing.T, dir string) []string {
	t.Helper()
	fset := token.NewFileSet()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, parser.SkipObjectResolution)
		require.NoError(t, err)
		for _, decl := range f.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.TYPE {
				continue
			}
			for _, spec := range gd.Specs {
				ts := spec.(*ast.TypeSpec)
				if _, ok := ts.Type.(*ast.InterfaceType); ok && ts.Name.IsExported() {
					names = append(names, ts.Name.Name)
				}
			}
		}
	}
	sort.Strings(names)
	return names
}

// unnamedInterfaces returns the interfaces doc does not name in backticks,
// as `Name` or `engine.Name`.
func unnamedInterfaces(doc string, names []string) []string {
	var missing []string
	for _, n := range names {
		if !strings.Contains(doc, "`"+n+"`") && !strings.Contains(doc, "`engine."+n+"`") {
			missing = append(missing, n)
		}
	}
	return missing
}

func readArchitecture(t *testing.T, root string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, "ARCHITECTURE.md"))
	require.NoError(t, err)
	return string(b)
}

func TestArchitectureNamesEveryPackage(t *testing.T) {
	root := moduleRoot(t)
	pkgs := packages(t, root)
	require.Contains(t, pkgs, "internal/archdoc", "the walk must find this package itself")
	missing := unnamedPackages(readArchitecture(t, root), pkgs)
	require.Emptyf(t, missing, "ARCHITECTURE.md does not name these packages of the module (import path under boardroom/): %s; "+
		"add a line for each to the package map in its \"Packages\" section", strings.Join(missing, ", "))
}

func TestArchitectureNamesEveryEngineInterface(t *testing.T) {
	root := moduleRoot(t)
	names := optionalInterfaces(t, filepath.Join(root, "engine"))
	require.Contains(t, names, "ViewPeeker", "the parse must find the engine's interfaces")
	missing := unnamedInterfaces(readArchitecture(t, root), names)
	require.Emptyf(t, missing, "ARCHITECTURE.md does not name these interfaces of package engine: %s; "+
		"add each (in backticks) to \"The engine contract\" and, if a game may implement it, to its table of optional interfaces",
		strings.Join(missing, ", "))
}

// TestUnnamedPackagesSaysWhichIsMissing shows the check can fail, and that
// a package is not named by a longer path that starts with it.
func TestUnnamedPackagesSaysWhichIsMissing(t *testing.T) {
	doc := "```\nengine/opoly/unipoly   Unipoly\nlobby/                the lobby\n```\nsee `db/postgres`.\n"
	got := unnamedPackages(doc, []string{"engine/opoly", "engine/opoly/unipoly", "lobby", "db/postgres", "lobby/cluster"})
	require.Equal(t, []string{"engine/opoly", "lobby/cluster"}, got)
	require.Equal(t, []string{"Quieter"}, unnamedInterfaces("`engine.ViewPeeker` and Quieter", []string{"Quieter", "ViewPeeker"}))
}
