//go:build !linux

package pgtest

import "syscall"

// runAs runs the server as the current user (PostgreSQL refuses root).
func runAs(string) (*syscall.SysProcAttr, error) { return &syscall.SysProcAttr{}, nil }
