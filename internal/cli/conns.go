package cli

// DefaultConnsPerClient bounds the connections one client address holds
// open: a browser opens six per host, a load balancer's pool a few dozen.
const DefaultConnsPerClient = 256

// connReserve is the file descriptors kept for the database, logs and
// the metrics address when the total bound comes from the file limit.
const connReserve = 256
