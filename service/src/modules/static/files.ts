import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound, type AppError } from '../../lib/errors.js';
import { AssetCache, type Asset } from './asset-cache.js';

/**
 * The one way the service serves files as they are on disk: the widget's build, the dashboard's
 * and the Playground's scripts and styles. Each file is kept in memory with its gzip form and
 * content hash (asset-cache.ts); a URL carrying that hash (`?v=`) may be cached for good, since
 * a new build changes the URL.
 */

/** Under its current version's URL a file never changes. */
export const VERSIONED_CACHE = 'public, max-age=31536000, immutable';

const TYPES: Record<string, string> = { '.css': 'text/css; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };

export interface FileSet {
  /** The file behind a public name, or undefined when the name is none of this set's. */
  fileOf: (name: string) => string | undefined;
  /** Cache-Control for a URL without the file's current version. */
  unversionedCache: string;
  /** Whether `?v=<current version>` may be cached for good (the loader's fixed URL may not). */
  versioned?: (name: string) => boolean;
  /** Headers on every answer. */
  headers?: Record<string, string>;
  /** ETag, 304 and gzip: for files fetched by every visitor's browser. */
  conditional?: boolean;
  /** The answer for a name of the set whose file is not there; 404 otherwise. */
  missing?: (name: string) => AppError;
}

function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return (coding === 'gzip' || coding === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  return (header ?? '').split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');
}

export class StaticFiles {
  private readonly cache = new AssetCache();

  constructor(private readonly set: FileSet) {}

  /** The file as served now, or undefined when it is not there. */
  asset(name: string): Asset | undefined {
    const file = this.set.fileOf(name);
    return file === undefined ? undefined : this.cache.get(file);
  }

  /** The URL of a file under `prefix`, versioned when the file is there. */
  url(prefix: string, name: string): string {
    const found = this.asset(name);
    return `${prefix}${name}${found ? `?v=${found.version}` : ''}`;
  }

  async send(request: FastifyRequest<{ Querystring: { v?: string } }>, reply: FastifyReply, name: string) {
    const found = this.asset(name);
    if (!found) throw this.set.fileOf(name) !== undefined && this.set.missing ? this.set.missing(name) : notFound('File');
    const versioned = (this.set.versioned?.(name) ?? true) && request.query.v === found.version;
    void reply
      .type(TYPES[path.extname(name)] ?? 'application/octet-stream')
      .header('cache-control', versioned ? VERSIONED_CACHE : this.set.unversionedCache)
      .headers(this.set.headers ?? {});
    if (!this.set.conditional) return reply.send(found.body);
    void reply.header('etag', found.etag).header('vary', 'Accept-Encoding');
    if (matchesEtag(request.headers['if-none-match'], found.etag)) return reply.status(304).send();
    if (acceptsGzip(request.headers['accept-encoding'])) return reply.header('content-encoding', 'gzip').send(found.gzip);
    return reply.send(found.body);
  }

  /** GET `${prefix}:name` for every file of the set. */
  route(app: FastifyInstance, prefix: string): void {
    app.get<{ Params: { name: string }; Querystring: { v?: string } }>(`${prefix}:name`, async (request, reply) =>
      this.send(request, reply, request.params.name),
    );
  }
}
