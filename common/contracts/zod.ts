import { z } from 'zod';

// zod probes for eval (`Function('')`) to compile fast parsers whenever an object schema is
// created. A browser runs under the CSP, which forbids eval and reports each probe as a
// violation; its interpreted path is plenty for form-sized input. Every contract builds its
// schemas with this `z`, so the setting is in force before the first schema exists, whichever
// chunk loads a contract first. Node keeps compiled parsers.
if ('document' in globalThis) z.config({ jitless: true });

export { z };
