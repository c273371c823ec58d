package connlimit

import (
	"io"
	"net"
	"testing"
	"time"
)

// Ensure a client holds at most its bound of connections open: one more
// is closed at once, and a place freed is taken again; and that the total
// bound holds whoever connects.
func TestPerClientAndTotal(t *testing.T) {
	ln, dial, closedByServer := serveBounded(t, 2, 10)
	a, b := dial(), dial()
	third := dial()
	if !closedByServer(third) {
		t.Error("a third connection from one address was kept open")
	}
	if closedByServer(a) || closedByServer(b) {
		t.Error("a connection within the bound was closed")
	}
	a.Close()
	waitFor(t, func() bool { return ln.Open() == 1 })
	again := dial()
	if closedByServer(again) {
		t.Error("a freed place was not taken again")
	}
	if ln.Refused() != 1 {
		t.Errorf("refused %d connections, want 1", ln.Refused())
	}
	b.Close()
	again.Close()

	_, dial, closedByServer = serveBounded(t, 10, 3)
	for i := range 3 {
		if c := dial(); closedByServer(c) {
			t.Errorf("connection %d within the total of 3 was closed", i+1)
		}
	}
	if c := dial(); !closedByServer(c) {
		t.Error("a fourth connection over the total of 3 was kept open")
	}
}

// serveBounded serves a bounded listener that reads and drops what each
// connection sends, and returns it with a dialer and a check that the
// server closed a connection.
func serveBounded(t *testing.T, perClient, total int) (*Listener, func() net.Conn, func(net.Conn) bool) {
	raw, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln := New(raw, perClient, total)
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() { io.Copy(io.Discard, c); c.Close() }()
		}
	}()
	dial := func() net.Conn {
		c, err := net.Dial("tcp", raw.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	closedByServer := func(c net.Conn) bool {
		c.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
		_, err := c.Read(make([]byte, 1))
		return err == io.EOF
	}
	return ln, dial, closedByServer
}

func waitFor(t *testing.T, ok func() bool) {
	t.Helper()
	for range 100 {
		if ok() {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("condition not met in time")
}

// Ensure every address of one IPv6 /64 counts as one client.
func TestIPv6PrefixIsOneClient(t *testing.T) {
	a := &net.TCPAddr{IP: net.ParseIP("2001:db8:1:2::1"), Port: 1}
	b := &net.TCPAddr{IP: net.ParseIP("2001:db8:1:2:ffff::9"), Port: 2}
	c := &net.TCPAddr{IP: net.ParseIP("2001:db8:1:3::1"), Port: 3}
	if clientKey(a) != clientKey(b) || clientKey(a) == clientKey(c) {
		t.Errorf("keys %q %q %q: want one /64 as one client", clientKey(a), clientKey(b), clientKey(c))
	}
}
