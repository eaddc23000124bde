import { benchUser, drive, printTable, withBenchServer } from './support.js';

// Measures, in one run: a bare Fastify route, GET /api/health (the stack's cost on every call: headers,
// hooks, envelope, one trivial query), GET /api/user/getCurrentUserInfo with a session, and
// POST /api/login. Each target is driven twice: flat out for throughput, then at a steady, evenly
// paced rate of half that (at most 500 requests/s) for p50, p95 and p99. Run with `npm run bench`
// (builds first).

await withBenchServer(async ({ bareURL, baseURL, token, serverCpu, bareCpu }) => {
  const results = [
    await drive('bare Fastify GET /bare', { url: bareURL, cpuOf: bareCpu }),
    await drive('GET /api/health (no session)', { url: `${baseURL}/api/health`, cpuOf: serverCpu }),
    await drive('GET /api/user/getCurrentUserInfo (session)', { url: `${baseURL}/api/user/getCurrentUserInfo`, headers: { token }, cpuOf: serverCpu }),
    await drive('POST /api/login (argon2id)', {
      url: `${baseURL}/api/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(benchUser),
      cpuOf: serverCpu,
    }),
  ];
  printTable('Atrium session benchmark', results);
  if (results.some((r) => r.errors > 0)) process.exitCode = 1;
});
