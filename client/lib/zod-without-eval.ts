import { z } from 'zod';

// zod probes for eval (`Function('')`) to compile fast parsers whenever an object schema is
// created; the CSP forbids eval, and each probe is reported as a violation. Its interpreted path
// is plenty for form-sized input. This module is the entry's first import, so it runs before any
// module that creates a schema at load time.
z.config({ jitless: true });
