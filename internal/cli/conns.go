package cli

// DefaultConnsPerClient bounds the connections one client address holds
// open: a browser opens six per host, a load balancer's pool a few dozen.
const DefaultConnsPerClient = 256

// DefaultConnsPerNet bounds the connections one network (an IPv4 /24, an
// IPv6 /48) holds open: four addresses' worth, so that an office behind a
// few addresses is served and a handful of networks cannot hold the total.
const DefaultConnsPerNet = 4 * DefaultConnsPerClient

// connReserve is the file descriptors kept for logs, the metrics address
// and the process's own files when the total bound comes from the file
// limit; the database's pool is reserved beside it (store.DB.Files).
const connReserve = 256
