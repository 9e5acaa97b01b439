package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
)

// EncodeAction encodes an action as a JSON object whose "kind" field is
// a.Kind() and whose other fields are the action struct's own.
func EncodeAction(a Action) ([]byte, error) {
	if a == nil {
		return nil, fmt.Errorf("engine: nil action")
	}
	body, err := json.Marshal(a)
	if err != nil {
		return nil, err
	}
	kind, _ := json.Marshal(a.Kind())
	body = bytes.TrimSpace(body)
	if len(body) < 2 || body[0] != '{' {
		return nil, fmt.Errorf("engine: action %s is not a JSON object", a.Kind())
	}
	var buf bytes.Buffer
	buf.WriteString(`{"kind":`)
	buf.Write(kind)
	if inner := bytes.TrimSpace(body[1 : len(body)-1]); len(inner) > 0 {
		buf.WriteByte(',')
		buf.Write(inner)
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

// Codec decodes a game's closed set of actions. Each entry maps a kind to a
// value of its struct type (not a pointer), e.g. {"roll": Roll{}}.
type Codec map[string]Action

// Decode reads an action written by EncodeAction. Unknown kinds and unknown
// fields are refused with a *RuleError.
func (c Codec) Decode(data []byte) (Action, error) {
	var head struct {
		Kind string `json:"kind"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, Errf(CodeBadAction, "That action could not be read.")
	}
	proto, ok := c[head.Kind]
	if !ok {
		return nil, Errf(CodeBadAction, "Unknown action %q.", head.Kind)
	}
	ptr := reflect.New(reflect.TypeOf(proto))
	// Strip "kind" by decoding into a struct that ignores it: the action
	// structs have no "kind" field, so DisallowUnknownFields would trip on
	// it. Decode into a map first to drop it.
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		return nil, Errf(CodeBadAction, "That action could not be read.")
	}
	delete(fields, "kind")
	rest, _ := json.Marshal(fields)
	dec := json.NewDecoder(bytes.NewReader(rest))
	dec.DisallowUnknownFields()
	if err := dec.Decode(ptr.Interface()); err != nil {
		return nil, Errf(CodeBadAction, "Action %q has bad fields.", head.Kind)
	}
	return ptr.Elem().Interface().(Action), nil
}

// SameAction reports whether two actions are equal (same kind and fields).
func SameAction(a, b Action) bool {
	ea, err1 := EncodeAction(a)
	eb, err2 := EncodeAction(b)
	return err1 == nil && err2 == nil && bytes.Equal(ea, eb)
}
