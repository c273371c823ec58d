// Package explore owns the catalog explorer's addresses (/catalog/...):
// its query keys, how a query reads into a filter (unknown values are
// ignored and named, never an error: a mistyped link still shows
// something useful) and how a filter writes back into a link that can be
// shared, defaults left out.
package explore
