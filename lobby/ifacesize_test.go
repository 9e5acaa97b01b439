package lobby_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// maxMethods is the most methods an interface of the lobby's packages may
// have: a small interface per concern (soft-serve's pkg/store, wtf) lets a
// part of the lobby take only what it uses, and a fake implement only that.
const maxMethods = 10

// compositions may have more methods in all, because they only put small
// interfaces together (their own methods stay within maxMethods); each
// with the reason it exists.
var compositions = map[string]string{
	// The Service's store is every concern at once: the Service writes all
	// of them; parts that need one concern take that interface.
	"lobby.Store": "all store concerns, as the Service needs them",
	// *Service implements the whole live lobby; sessions take the small
	// interfaces (Forming, Play, Chatter, ...).
	"api.API": "the whole live lobby, as *Service implements it (lobby.API)",
	// The table screen runs a forming table: its list, its seats and bots
	// and its settings (tui takes Forming).
	"lobby.ClusterNode": "what lobby/cluster calls on its node: Replicas, SharedState and CallTarget",
	"lobby.CallTarget":  "the forwarded table calls: Seating, TableSettings, Rematches and TableCalls",
	"api.Forming":       "the forming table's screen: Tables, Seating and TableSettings (lobby.Forming)",
	// lobby/results reads finished games and ratings, their action logs
	// (replays) and accounts by id.
	"results.Store": "ResultStore, ActionLog and AccountByID, what results reads",
	// What a live table calls back on its node: three parts of at most ten
	// (tablehost.go); the table holds one value of all three.
	"live.Host": "Runtime, People and Events, what a live table asks of its node (lobby/live/tablehost.go)",
	// What the floor's tables ask of their node: lobby/live's Runtime and
	// People (the floor answers their Events itself).
	"floor.Node": "live.Runtime and live.People, what the floor's tables ask of the node (lobby/floor/floor.go)",
	// The floor's side that *Service promotes, as the concerns' sides are:
	// the session interfaces of lobby/api and the cluster's Replicas.
	"lobby.floorAPI": "api.Forming, api.Play, api.Rematches, StatePlay, Replicas and floorCalls, what *Service promotes of lobby/floor",
	// The tournaments' store and their seating leases, as the lobby needs both.
	"tournament.Store": "the tournaments' records, entries and games, and SeatingLeases",
}

// TestInterfacesAreSmall: every named interface of the lobby's packages
// has at most maxMethods methods of its own, and at most maxMethods in all
// unless it is a listed composition of smaller ones.
func TestInterfacesAreSmall(t *testing.T) {
	ifaces := map[string]*ast.InterfaceType{} // "pkg.Name"
	aliases := map[string]string{}            // "pkg.Name" -> the "pkg.Name" it stands for
	dirs := []string{"."}
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() && e.Name() != "testdata" {
			dirs = append(dirs, e.Name()) // every package below the root, new ones too
		}
	}
	if len(dirs) < 14 {
		t.Fatalf("found only the packages %v: the test reads the wrong directory", dirs)
	}
	for _, dir := range dirs {
		pkg := "lobby"
		if dir != "." {
			pkg = dir
		}
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			af, err := parser.ParseFile(token.NewFileSet(), f, src, parser.SkipObjectResolution)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(af, func(n ast.Node) bool {
				if ts, ok := n.(*ast.TypeSpec); ok {
					if it, ok := ts.Type.(*ast.InterfaceType); ok {
						ifaces[pkg+"."+ts.Name.Name] = it
					}
					if ts.Assign.IsValid() { // an alias: an embedded alias counts as what it names
						switch x := ts.Type.(type) {
						case *ast.SelectorExpr:
							aliases[pkg+"."+ts.Name.Name] = x.X.(*ast.Ident).Name + "." + x.Sel.Name
						case *ast.Ident:
							aliases[pkg+"."+ts.Name.Name] = pkg + "." + x.Name
						}
					}
				}
				return true
			})
		}
	}
	if len(ifaces) < 20 {
		t.Fatalf("found only %d interfaces: the test reads the wrong files", len(ifaces))
	}
	// The hooks through which the concerns below the root ask the Service
	// must be read, or a grown one would pass unseen.
	for _, name := range []string{"tourneys.Lobby", "tourneys.Tables", "tourneys.Timer", "lobby.TournamentAPI",
		"chat.Host", "lobbies.Host", "saved.Lobby", "protection.Host", "floor.Lobby", "floor.Sessions", "floor.Node"} {
		if _, ok := ifaces[name]; !ok {
			t.Errorf("did not find the interface %s: the test reads the wrong files, or it was renamed", name)
		}
	}
	var methods func(name string, seen map[string]bool) map[string]bool
	methods = func(name string, seen map[string]bool) map[string]bool {
		out := map[string]bool{}
		if seen[name] {
			return out
		}
		seen[name] = true
		if target, ok := aliases[name]; ok {
			return methods(target, seen)
		}
		pkg, _, _ := strings.Cut(name, ".")
		it, ok := ifaces[name]
		if !ok {
			t.Errorf("%s is embedded but not found", name)
			return out
		}
		for _, f := range it.Methods.List {
			switch x := f.Type.(type) {
			case *ast.FuncType:
				for _, n := range f.Names {
					out[n.Name] = true
				}
			case *ast.Ident:
				for m := range methods(pkg+"."+x.Name, seen) {
					out[m] = true
				}
			case *ast.SelectorExpr:
				for m := range methods(x.X.(*ast.Ident).Name+"."+x.Sel.Name, seen) {
					out[m] = true
				}
			default:
				t.Errorf("%s embeds a %T", name, x)
			}
		}
		return out
	}
	names := make([]string, 0, len(ifaces))
	for n := range ifaces {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		own := 0
		for _, f := range ifaces[name].Methods.List {
			own += len(f.Names)
		}
		if own > maxMethods {
			t.Errorf("%s declares %d methods (at most %d): split it by concern", name, own, maxMethods)
		}
		all := len(methods(name, map[string]bool{}))
		if _, ok := compositions[name]; !ok && all > maxMethods {
			t.Errorf("%s has %d methods (at most %d): split it, or list it among the compositions with a reason", name, all, maxMethods)
		}
		t.Logf("%-28s own %2d, all %2d", name, own, all)
	}
	for name := range compositions {
		if _, ok := ifaces[name]; !ok {
			t.Errorf("composition %s no longer exists: remove it from the list", name)
		}
	}
}

// TestTableTakesNoService: the live table (lobby/live) reaches its node
// only through the small interfaces of live.Host (live/tablehost.go),
// never through a *Service field (issue 26): no field of the Table type
// (nor of its embedded structs declared in live/table.go) is, or points
// to, the Service.
func TestTableTakesNoService(t *testing.T) {
	src, err := os.ReadFile("live/table.go")
	if err != nil {
		t.Fatal(err)
	}
	af, err := parser.ParseFile(token.NewFileSet(), "table.go", src, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	structs := map[string]*ast.StructType{}
	ast.Inspect(af, func(n ast.Node) bool {
		if ts, ok := n.(*ast.TypeSpec); ok {
			if st, ok := ts.Type.(*ast.StructType); ok {
				structs[ts.Name.Name] = st
			}
		}
		return true
	})
	tbl := structs["Table"]
	if tbl == nil {
		t.Fatal("live/table.go declares no struct Table: the test reads the wrong file")
	}
	hostField := false
	for _, name := range []string{"Table", "FormState", "SeatState", "SeatPlay"} {
		st := structs[name]
		if st == nil {
			continue
		}
		for _, f := range st.Fields.List {
			typ := string(src[f.Type.Pos()-1 : f.Type.End()-1])
			if strings.Contains(typ, "Service") {
				t.Errorf("struct %s has a field of type %s: a table asks its node through live.Host", name, typ)
			}
			if name == "Table" && typ == "Host" {
				hostField = true
			}
		}
	}
	if !hostField {
		t.Error("struct Table has no Host field: the test no longer sees how a table reaches its node")
	}
}
