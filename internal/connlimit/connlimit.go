// Package connlimit bounds the connections a server holds open: per
// client address (an IPv6 /64 counting as one) and in all, so that one
// client's idle keep-alive connections cannot use up the process's file
// descriptors. A connection over a bound is closed as soon as it is
// accepted.
package connlimit

import (
	"net"
	"sync"

	"github.com/go-chi/httprate"
)

// Listener wraps a net.Listener with the bounds.
type Listener struct {
	net.Listener
	perClient, total int

	mu     sync.Mutex
	open   int
	byAddr map[string]int
	// refused counts the connections closed for a bound.
	refused int64
}

// New bounds ln to perClient connections per client address and total in
// all (a bound of 0 or less is none).
func New(ln net.Listener, perClient, total int) *Listener {
	return &Listener{Listener: ln, perClient: perClient, total: total, byAddr: map[string]int{}}
}

// Accept returns the next connection within the bounds, closing those
// over them.
func (l *Listener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		key := clientKey(c.RemoteAddr())
		if l.admit(key) {
			return &conn{Conn: c, l: l, key: key}, nil
		}
		c.Close()
	}
}

// Refused is how many connections were closed for a bound.
func (l *Listener) Refused() int64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.refused
}

// Open is how many connections are open.
func (l *Listener) Open() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.open
}

func (l *Listener) admit(key string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if (l.total > 0 && l.open >= l.total) || (l.perClient > 0 && l.byAddr[key] >= l.perClient) {
		l.refused++
		return false
	}
	l.open++
	l.byAddr[key]++
	return true
}

func (l *Listener) release(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.open--
	if l.byAddr[key]--; l.byAddr[key] <= 0 {
		delete(l.byAddr, key)
	}
}

// clientKey is the address a connection counts against: the IP, or the
// /64 of an IPv6 one.
func clientKey(a net.Addr) string {
	host, _, err := net.SplitHostPort(a.String())
	if err != nil {
		host = a.String()
	}
	return httprate.CanonicalizeIP(host)
}

// conn releases its place once, when closed.
type conn struct {
	net.Conn
	l    *Listener
	key  string
	once sync.Once
}

func (c *conn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() { c.l.release(c.key) })
	return err
}
