// Package question owns the placement question's wire form: one table of
// its fields (Fields), from which the query of /advice and GET
// /api/v1/advice is parsed (Parse), written back (Query), put in
// share-link form (Canonical), shown back in the form as typed (Form),
// and described to API clients (Parameters).
//
// A field is one row: its query key, the request field it sets (whose
// JSON path follows from the request's own tags), the workload kinds it
// applies to, how its text parses and prints, the form's placeholder and
// the API's description. What a value may be is the domain's to say
// (advisor.Request.Validate); this package only reads and writes it.
package question
