package cli

import (
	"flag"
	"strconv"
	"time"
)

// Every flag falls back to an environment variable (GPUPLACE_…), read
// through the getenv a command is given.

// orEnv returns the environment value of key, or def when it is unset.
func orEnv(getenv func(string) string, key, def string) string {
	if v := getenv(key); v != "" {
		return v
	}
	return def
}

// envInt reads a whole number from the environment, or def.
func envInt(getenv func(string) string, key string, def int) int {
	if n, err := strconv.Atoi(getenv(key)); err == nil {
		return n
	}
	return def
}

// envBool reads true or false (1, 0, …: strconv.ParseBool) from the
// environment, or def.
func envBool(getenv func(string) string, key string, def bool) bool {
	if b, err := strconv.ParseBool(getenv(key)); err == nil {
		return b
	}
	return def
}

// envDuration reads a duration (90s, 10m) from the environment, or def.
func envDuration(getenv func(string) string, key string, def time.Duration) time.Duration {
	if d, err := time.ParseDuration(getenv(key)); err == nil {
		return d
	}
	return def
}

// parseArgs parses fs's flags wherever they stand, before or after the
// positional arguments ("catalog import FILE -db X", as the usage writes
// it; the flag package alone stops at FILE), and returns the positional
// arguments.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return pos, nil
		}
		pos, args = append(pos, fs.Arg(0)), fs.Args()[1:]
	}
}
