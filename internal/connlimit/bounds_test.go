package connlimit

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"testing"
	"time"
)

// dialFrom connects to addr from the local IP from (any 127/8 address is
// this host's on Linux).
func dialFrom(t *testing.T, from, addr string) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(from)}, Timeout: time.Second}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Skipf("cannot dial from %s: %v", from, err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// closed reports whether the server closed c (within a short wait).
func closed(c net.Conn) bool {
	c.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
	_, err := c.Read(make([]byte, 1))
	return err == io.EOF
}

// Ensure one network (an IPv4 /24) holds at most its bound of connections
// whatever its addresses, and another network is not held back by it.
func TestPerNetBound(t *testing.T) {
	raw, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln := NewBounded(raw, Bounds{PerClient: 10, PerNet: 3, Total: 100})
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
	addr := raw.Addr().String()
	for _, from := range []string{"127.0.0.1", "127.0.0.2", "127.0.0.3"} {
		if c := dialFrom(t, from, addr); closed(c) {
			t.Errorf("a connection from %s within its network's bound was closed", from)
		}
	}
	if c := dialFrom(t, "127.0.0.4", addr); !closed(c) {
		t.Error("a fourth connection from one /24 was kept open")
	}
	if c := dialFrom(t, "127.0.1.1", addr); closed(c) {
		t.Error("a connection from another /24 was closed")
	}
}

// Ensure that at the total a new client still gets in: the idle
// keep-alive connection of the network holding the most is closed to make
// room, never one in the middle of a request; with none idle the new one
// is refused.
func TestIdleClosedFirstAtTotal(t *testing.T) {
	raw, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ln := NewBounded(raw, Bounds{PerClient: 10, PerNet: 10, Total: 3})
	busy := make(chan struct{})
	srv := &http.Server{ConnState: ln.ConnState, Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/busy" {
			<-busy
		}
		io.WriteString(w, "ok")
	})}
	go srv.Serve(ln)
	t.Cleanup(func() { close(busy); srv.Close() })
	addr := raw.Addr().String()
	get := func(c net.Conn, path string) {
		t.Helper()
		io.WriteString(c, "GET "+path+" HTTP/1.1\r\nHost: x\r\n\r\n")
		res, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
	}
	// A hog's network holds two idle connections, another client one busy.
	hog1, hog2 := dialFrom(t, "127.0.0.1", addr), dialFrom(t, "127.0.0.2", addr)
	get(hog1, "/")
	get(hog2, "/")
	worker := dialFrom(t, "127.0.2.1", addr)
	io.WriteString(worker, "GET /busy HTTP/1.1\r\nHost: x\r\n\r\n")
	time.Sleep(100 * time.Millisecond)

	newcomer := dialFrom(t, "127.0.1.1", addr)
	get(newcomer, "/")
	if !closed(hog1) && !closed(hog2) {
		t.Error("at the total no idle connection was closed for a new client")
	}
	if ln.Open() != 3 || ln.Displaced() != 1 {
		t.Errorf("open %d, displaced %d; want 3 and 1", ln.Open(), ln.Displaced())
	}
	// The newcomer goes busy; one more client takes the last idle hog's
	// place; then none is idle, and the next client is refused, the busy
	// connections left alone.
	io.WriteString(newcomer, "GET /busy HTTP/1.1\r\nHost: x\r\n\r\n")
	time.Sleep(100 * time.Millisecond)
	if c := dialFrom(t, "127.0.3.1", addr); closed(c) {
		t.Error("a new client was refused while an idle connection was open")
	}
	if c := dialFrom(t, "127.0.4.1", addr); !closed(c) {
		t.Error("a client over the total was kept open with no idle connection to close")
	}
	for name, c := range map[string]net.Conn{"worker": worker, "newcomer": newcomer} {
		if closed(c) {
			t.Errorf("the %s's connection was closed in the middle of a request", name)
		}
	}
	if ln.Displaced() != 2 || ln.Refused() != 1 {
		t.Errorf("displaced %d, refused %d; want 2 and 1", ln.Displaced(), ln.Refused())
	}
}

// Ensure an IPv4 /24 and an IPv6 /48 are one network each.
func TestNetKeys(t *testing.T) {
	key := func(ip string) string { return netKey(&net.TCPAddr{IP: net.ParseIP(ip), Port: 1}) }
	if key("198.51.100.1") != key("198.51.100.254") || key("198.51.100.1") == key("198.51.101.1") {
		t.Error("IPv4: want one /24 as one network")
	}
	if key("2001:db8:1:2::1") != key("2001:db8:1:ffff::9") || key("2001:db8:1::1") == key("2001:db8:2::1") {
		t.Error("IPv6: want one /48 as one network")
	}
}
