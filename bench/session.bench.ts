import { PASSWORD, drive, printTable, withBenchServer } from './support.js';

// Measures, in one run: a bare Fastify route, GET /api/user/getCurrentUserInfo with a session, and
// POST /api/login. Each target is driven twice: flat out for throughput, then at a steady, evenly
// paced rate of half that (at most 500 requests/s) for p50, p95 and p99. Run with `npm run bench`
// (builds first).

await withBenchServer(async ({ bareURL, baseURL, token }) => {
  const results = [
    await drive('bare Fastify GET /bare', { url: bareURL }),
    await drive('GET /api/user/getCurrentUserInfo (session)', { url: `${baseURL}/api/user/getCurrentUserInfo`, headers: { token } }),
    await drive('POST /api/login (argon2id)', {
      url: `${baseURL}/api/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ userName: 'admin', password: PASSWORD }),
    }),
  ];
  printTable('Atrium session benchmark', results);
  if (results.some((r) => r.errors > 0)) process.exitCode = 1;
});
