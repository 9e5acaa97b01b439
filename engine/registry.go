package engine

import (
	"fmt"
	"sort"
)

// Registry holds the games a server offers. It is built once in cmd and is
// read-only afterwards, so it is safe for concurrent use.
type Registry struct {
	defs map[string]Definition
	ids  []string
}

// NewRegistry builds a registry; duplicate or empty ids are an error.
func NewRegistry(defs ...Definition) (*Registry, error) {
	r := &Registry{defs: map[string]Definition{}}
	for _, d := range defs {
		id := d.Info().ID
		if id == "" {
			return nil, fmt.Errorf("engine: game with empty id")
		}
		if _, dup := r.defs[id]; dup {
			return nil, fmt.Errorf("engine: game %q registered twice", id)
		}
		r.defs[id] = d
		r.ids = append(r.ids, id)
	}
	sort.Strings(r.ids)
	return r, nil
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
