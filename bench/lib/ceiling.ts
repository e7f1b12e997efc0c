// The framework ceiling: a bare Fastify server answering one constant JSON
// envelope. Run as its own process by http.ts: `tsx lib/ceiling.ts <port>`.
import Fastify from 'fastify';

const port = Number(process.argv[2]);
const app = Fastify({ logger: false });
const body = { status: true, message: 'ok', data: { overall_driver: 20000, overall_revenue: 1.5 } };
app.get('/constant', async () => body);
await app.listen({ port, host: '127.0.0.1' });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
