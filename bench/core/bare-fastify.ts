import Fastify from 'fastify';

/**
 * The HTTP benchmark's peer: a bare Fastify route that answers order/create with a fixed envelope, with no session,
 * validation, matching or write. Run in its own process like the exchange, driven by the same client, it is the
 * ceiling of per-request HTTP on this machine: the order rate divided by its rate is the share of it the exchange
 * keeps while doing the exchange's work.
 */
const app = Fastify({ logger: false });
app.post('/fe-ex-api/order/create', async () => ({ code: '0', msg: 'suc', data: { order_id: 1 } }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.send?.('ready');
