// Package templates holds gpuplace's HTML components, written in templ, and
// the view models and formatting helpers they use.
package templates

//go:generate go tool templ generate
