package cli

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"gpuplace/internal/account"
	"gpuplace/internal/store"
)

// runUser handles "user add -email E -role sales|admin", reading the
// password from the first line of stdin.
func runUser(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "add" {
		fmt.Fprintf(stderr, "gpuplace: usage: gpuplace user add -email E -role sales|admin (password on stdin)\n")
		return exitError{2}
	}
	fs := flag.NewFlagSet("user add", flag.ContinueOnError)
	fs.SetOutput(stderr)
	email := fs.String("email", "", "the user's email")
	role := fs.String("role", account.RoleSales, "sales or admin")
	db := fs.String("db", orEnv(getenv, "GPUPLACE_DB", "gpuplace.db"), "SQLite database file [GPUPLACE_DB]")
	if err := fs.Parse(args[1:]); err != nil {
		return exitError{2}
	}
	line, err := bufio.NewReader(stdin).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return fmt.Errorf("read password: %w", err)
	}
	u, err := account.NewUser(*email, *role, strings.TrimRight(line, "\r\n"))
	var invalid *account.InvalidError
	if errors.As(err, &invalid) {
		fmt.Fprintln(stderr, "gpuplace:", invalid.Reason)
		return exitError{2}
	}
	if err != nil {
		return err
	}
	s, err := store.Open(ctx, *db)
	if err != nil {
		return err
	}
	defer s.Close()
	if u, err = s.CreateUser(ctx, u); err != nil {
		if errors.Is(err, account.ErrExists) {
			fmt.Fprintf(stderr, "gpuplace: %s already has an account\n", u.Email)
			return exitError{1}
		}
		return err
	}
	fmt.Fprintf(stdout, "added %s (%s)\n", u.Email, u.Role)
	return nil
}
