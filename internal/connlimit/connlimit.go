// Package connlimit bounds the connections a server holds open: per
// client address (an IPv6 /64 counting as one), per network (an IPv4 /24,
// an IPv6 /48) and in all, so that neither one client's nor a few
// networks' idle keep-alive connections can use up the process's file
// descriptors. At the total, a new connection takes the place of an idle
// one of the network holding the most; over a bound, with no idle
// connection to close, it is closed as soon as it is accepted.
package connlimit

import (
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/go-chi/httprate"
)

// Bounds are a listener's bounds; one of 0 or less is none.
type Bounds struct {
	// PerClient bounds one address's connections (an IPv6 /64's).
	PerClient int
	// PerNet bounds one network's: an IPv4 /24's, an IPv6 /48's.
	PerNet int
	// Total bounds all connections.
	Total int
}

// Listener wraps a net.Listener with the bounds.
type Listener struct {
	net.Listener
	b Bounds

	mu     sync.Mutex
	conns  map[*conn]struct{}
	byAddr map[string]int
	byNet  map[string]int
	// refused counts the connections closed for a bound; displaced the
	// idle ones closed to make room for a new one.
	refused, displaced int64
}

// New bounds ln to perClient connections per client address and total in
// all (a bound of 0 or less is none).
func New(ln net.Listener, perClient, total int) *Listener {
	return NewBounded(ln, Bounds{PerClient: perClient, Total: total})
}

// NewBounded bounds ln by b.
func NewBounded(ln net.Listener, b Bounds) *Listener {
	return &Listener{Listener: ln, b: b, conns: map[*conn]struct{}{}, byAddr: map[string]int{}, byNet: map[string]int{}}
}

// Accept returns the next connection within the bounds, closing those
// over them. At the total it first closes an idle connection, if there
// is one, to make room (see ConnState).
func (l *Listener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		nc := &conn{Conn: c, l: l, addr: clientKey(c.RemoteAddr()), network: netKey(c.RemoteAddr())}
		ok, victim := l.admit(nc)
		if victim != nil {
			victim.Conn.Close()
		}
		if ok {
			return nc, nil
		}
		c.Close()
	}
}

// ConnState records whether each connection is idle (between requests
// on a keep-alive connection), for http.Server.ConnState: idle ones are
// what the total makes room from.
func (l *Listener) ConnState(c net.Conn, s http.ConnState) {
	nc, ok := c.(*conn)
	if !ok {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if s == http.StateIdle {
		nc.idleSince = time.Now()
	} else {
		nc.idleSince = time.Time{}
	}
}

// Refused is how many connections were closed for a bound.
func (l *Listener) Refused() int64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.refused
}

// Displaced is how many idle connections were closed to make room for a
// new one at the total.
func (l *Listener) Displaced() int64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.displaced
}

// Open is how many connections are open.
func (l *Listener) Open() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.conns)
}

// admit takes a place for c, or reports that it is over a bound. At the
// total it frees the place of an idle connection (victim, for the caller
// to close) when there is one.
func (l *Listener) admit(c *conn) (ok bool, victim *conn) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if (l.b.PerClient > 0 && l.byAddr[c.addr] >= l.b.PerClient) || (l.b.PerNet > 0 && l.byNet[c.network] >= l.b.PerNet) {
		l.refused++
		return false, nil
	}
	if l.b.Total > 0 && len(l.conns) >= l.b.Total {
		if victim = l.idlest(); victim == nil {
			l.refused++
			return false, nil
		}
		l.releaseLocked(victim)
		l.displaced++
	}
	l.conns[c] = struct{}{}
	l.byAddr[c.addr]++
	l.byNet[c.network]++
	return true, victim
}

// idlest is the idle connection to close first (l.mu held): one of the
// network holding the most connections, the longest idle of them; nil
// when none is idle.
func (l *Listener) idlest() *conn {
	var best *conn
	for c := range l.conns {
		if c.idleSince.IsZero() || c.released {
			continue
		}
		if best == nil || l.byNet[c.network] > l.byNet[best.network] ||
			(l.byNet[c.network] == l.byNet[best.network] && c.idleSince.Before(best.idleSince)) {
			best = c
		}
	}
	return best
}

// releaseLocked gives up a connection's place, once (l.mu held).
func (l *Listener) releaseLocked(c *conn) {
	if c.released {
		return
	}
	c.released = true
	delete(l.conns, c)
	if l.byAddr[c.addr]--; l.byAddr[c.addr] <= 0 {
		delete(l.byAddr, c.addr)
	}
	if l.byNet[c.network]--; l.byNet[c.network] <= 0 {
		delete(l.byNet, c.network)
	}
}

// clientKey is the address a connection counts against: the IP, or the
// /64 of an IPv6 one.
func clientKey(a net.Addr) string {
	return httprate.CanonicalizeIP(hostOf(a))
}

// netKey is the network a connection counts against: the /24 of an IPv4
// address, the /48 of an IPv6 one.
func netKey(a net.Addr) string {
	host := hostOf(a)
	ip := net.ParseIP(host)
	switch {
	case ip == nil:
		return host
	case ip.To4() != nil:
		return ip.To4().Mask(net.CIDRMask(24, 32)).String() + "/24"
	}
	return ip.Mask(net.CIDRMask(48, 128)).String() + "/48"
}

// hostOf is a connection address's host.
func hostOf(a net.Addr) string {
	host, _, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	return host
}

// conn releases its place once, when closed.
type conn struct {
	net.Conn
	l             *Listener
	addr, network string
	// idleSince is when the connection went idle; zero while it is not
	// (l.mu guards it and released).
	idleSince time.Time
	released  bool
}

func (c *conn) Close() error {
	err := c.Conn.Close()
	c.l.mu.Lock()
	c.l.releaseLocked(c)
	c.l.mu.Unlock()
	return err
}
