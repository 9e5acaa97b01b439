package engine

import (
	"fmt"
	"sort"
)

// Registry holds the games a server offers. It is built once in cmd and is
// read-only afterwards, so it is safe for concurrent use.
type Registry struct {
	defs  map[string]Definition
	infos map[string]Info // each game's Info, built once (Info)
	ids   []string
}

// NewRegistry builds a registry; duplicate or empty ids are an error.
func NewRegistry(defs ...Definition) (*Registry, error) {
	r := &Registry{defs: map[string]Definition{}, infos: map[string]Info{}}
	for _, d := range defs {
		info := d.Info()
		id := info.ID
		if id == "" {
			return nil, fmt.Errorf("engine: game with empty id")
		}
		if _, dup := r.defs[id]; dup {
			return nil, fmt.Errorf("engine: game %q registered twice", id)
		}
		r.defs[id] = d
		r.infos[id] = info
		r.ids = append(r.ids, id)
	}
	sort.Strings(r.ids)
	return r, nil
}

// Info returns the Info of a game id, the same value at every call: its
// slices and maps are shared by every caller and must not be written. A
// Definition's Info builds a new one each time (16 allocations for
// Unipoly's), and a server keeps one for each of its tables.
func (r *Registry) Info(id string) (Info, error) {
	if r != nil {
		if info, ok := r.infos[id]; ok {
			return info, nil
		}
	}
	return Info{}, fmt.Errorf("%w: %q", ErrUnknownGame, id)
}

// Get returns the definition of a game id.
func (r *Registry) Get(id string) (Definition, error) {
	if r != nil {
		if d, ok := r.defs[id]; ok {
			return d, nil
		}
	}
	return nil, fmt.Errorf("%w: %q", ErrUnknownGame, id)
}

// Infos returns every game's Info (Info's, shared: read only), ordered by
// id.
func (r *Registry) Infos() []Info {
	if r == nil {
		return nil
	}
	out := make([]Info, 0, len(r.ids))
	for _, id := range r.ids {
		out = append(out, r.infos[id])
	}
	return out
}

// List returns every definition, ordered by id.
func (r *Registry) List() []Definition {
	if r == nil {
		return nil
	}
	out := make([]Definition, 0, len(r.ids))
	for _, id := range r.ids {
		out = append(out, r.defs[id])
	}
	return out
}
