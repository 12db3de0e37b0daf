import autocannon from 'autocannon';
import { createServer } from '../src/server/server';
import { loadEnv } from '../src/server/env';
async function main() {
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: process.env.LL ?? 'info', DATA_DIR: '/tmp/prof-data', SESSION_SECRET: 'a8f3k2l9q0w8e7r6t5y4u3i2o1p0z9x8c7v6b5n4m3', PUBLIC_URL: 'http://127.0.0.1:9998', HOST: '127.0.0.1' });
  const s = await createServer(env);
  await s.app.listen({ port: 9998, host: '127.0.0.1' });
  for (const p of ['/api/health', '/api/reference']) {
    const r = await autocannon({ url: 'http://127.0.0.1:9998' + p, connections: 50, duration: 4 });
    console.error(p, Math.round(r.requests.average), 'req/s p99', r.latency.p99);
  }
  await s.close();
}
void main();
