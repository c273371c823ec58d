// Command gpuplace tells people where to run a GPU workload, on which
// instance, under which pricing model, and what it will cost in total.
//
// Usage:
//
//	gpuplace [serve] [flags]              serve the web app (default)
//	gpuplace advise -f FILE|-             one advice request (JSON) → result JSON
//	gpuplace catalog validate [DIR|FILE]  validate a catalog, one problem per line
//	gpuplace catalog stats                the catalog's version, sources and counts
//	gpuplace catalog import FILE          store a bundle or price list as a new, inactive version
//	gpuplace catalog versions | activate ID
//	gpuplace user add -email E -role R    add a sales or admin user (password on stdin)
//	gpuplace backup FILE                  a consistent copy of the database, while serving
package main

import "gpuplace/internal/cli"

func main() { cli.Main() }
