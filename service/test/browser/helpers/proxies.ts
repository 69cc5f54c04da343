import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { canConnect, missingService } from '../../helpers/services.js';
import { freePort } from '../../helpers/server-process.js';

/**
 * Proxies between the browser and the service, as shops put them in front of it: Debian's nginx
 * with its default proxy buffering and gzip on, and Node proxies that misbehave the ways CDNs do.
 */

export const NGINX_PATH = process.env.TEST_NGINX_PATH ?? '/usr/sbin/nginx';

export const nginxMissing = () =>
  missingService('nginx', async () => existsSync(NGINX_PATH), `apt-get install -y nginx-light, or set TEST_NGINX_PATH; tried ${NGINX_PATH}`);

export interface Proxy {
  base: string;
  close(): Promise<void>;
}

/**
 * A real nginx in front of `upstream`: proxy buffering as it comes (on), gzip on for event
 * streams and JSON too, as a site owner who "turned on compression" would have it.
 */
export async function startNginx(upstream: string): Promise<Proxy> {
  const port = await freePort();
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'sa-nginx-'));
  const conf = path.join(prefix, 'nginx.conf');
  writeFileSync(
    conf,
    `daemon off;
master_process off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  gzip on;
  gzip_proxied any;
  gzip_min_length 1;
  gzip_types text/event-stream application/json text/javascript;
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass ${upstream};
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
    }
  }
}
`,
  );
  const child: ChildProcess = spawn(NGINX_PATH, ['-p', prefix, '-c', conf], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; i < 100 && !(await canConnect('127.0.0.1', port, 200)); i++) await new Promise((r) => setTimeout(r, 50));
  return {
    base: `http://127.0.0.1:${port}`,
    async close() {
      child.kill('SIGTERM');
      await exited;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/**
 * How a Node proxy mistreats event streams: `hold` keeps every response until it is complete
 * (a buffering CDN); `compress` gzips event streams as they pass but drops the Content-Encoding
 * header, so the bytes arrive and never read as events.
 */
export type Misbehaviour = 'hold' | 'compress';

export async function startNodeProxy(upstream: string, misbehaviour: Misbehaviour): Promise<Proxy & { requests: string[] }> {
  const target = new URL(upstream);
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    // The proxy stands where the service's public address would be: the page's origin, as the
    // service sees it, is that address (the dashboard's sign-in checks it).
    const headers = { ...request.headers, host: target.host, ...(request.headers.origin ? { origin: target.origin } : {}) };
    const forwarded = http.request({ host: target.hostname, port: target.port, method: request.method, path: request.url, headers }, (upstreamResponse) => {
      const answer = { ...upstreamResponse.headers };
      const stream = String(answer['content-type'] ?? '').startsWith('text/event-stream');
      if (misbehaviour === 'compress' && stream) {
        response.writeHead(upstreamResponse.statusCode ?? 502, answer);
        upstreamResponse.on('data', (chunk: Buffer) => response.write(gzipSync(chunk)));
        upstreamResponse.on('end', () => response.end());
        return;
      }
      if (misbehaviour === 'compress') {
        response.writeHead(upstreamResponse.statusCode ?? 502, answer);
        upstreamResponse.pipe(response);
        return;
      }
      const chunks: Buffer[] = [];
      upstreamResponse.on('data', (chunk: Buffer) => chunks.push(chunk));
      upstreamResponse.on('end', () => {
        const body = Buffer.concat(chunks);
        delete answer['transfer-encoding'];
        response.writeHead(upstreamResponse.statusCode ?? 502, { ...answer, 'content-length': String(body.length) });
        response.end(body);
      });
    });
    forwarded.on('error', () => response.destroy());
    // A client that leaves is passed on, as nginx does: the service stops generating.
    response.on('close', () => {
      if (!response.writableFinished) forwarded.destroy();
    });
    request.pipe(forwarded);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
