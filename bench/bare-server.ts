import Fastify from 'fastify';

// The baseline: a bare Fastify route answering a small envelope, no plugins, no database.
const app = Fastify({ logger: false });
app.get('/bare', async () => ({ returncode: 200, message: 'Success', result: { ok: true } }));
const port = Number(process.env.PORT ?? 0);
await app.listen({ port, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : port}\n`);
