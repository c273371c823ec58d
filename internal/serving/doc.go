// Package serving models how GPUs serve a language model with continuous
// batching, as an inference engineer sizes it: how many requests a
// replica's memory holds, how long a decode step and a prompt take on the
// hardware, and from those the time to first token, the time per output
// token and the tokens a second at every load.
//
// The model's efficiencies are fitted per GPU architecture and engine
// family on measured serving figures (Fit) and checked on figures held
// out of the fit (Validate), so every prediction carries the error its
// method showed on measurements it was not fitted on. The package is
// pure: no I/O, no clock, no randomness; it knows no catalog, only the
// plain facts it is given (Hardware, Model, Measurement).
package serving
