import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

/** A file as served: its bytes, their gzip form, and a content hash for ETag and versioning. */
export interface Asset {
  body: Buffer;
  gzip: Buffer;
  /** First 12 hex digits of the SHA-256 of `body`: the `?v=` of versioned URLs (widget/build.mjs asks panel.js for it). */
  version: string;
  etag: string;
}

interface Entry extends Asset {
  mtimeMs: number;
  size: number;
}

/**
 * Reads files once and keeps them, compressed, until they change on disk. The stat on every
 * use is what lets a rebuild (npm run build -w widget) reach visitors without a restart. The
 * files are a few small scripts and styles, so reading them synchronously costs less than the
 * promises would.
 */
export class AssetCache {
  private readonly entries = new Map<string, Entry>();

  /** The file at this absolute path, or undefined when it does not exist. */
  get(file: string): Asset | undefined {
    let info;
    try {
      info = statSync(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    const cached = this.entries.get(file);
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached;
    const body = readFileSync(file);
    const hash = createHash('sha256').update(body).digest('hex');
    const entry: Entry = {
      body,
      gzip: gzipSync(body, { level: 9 }),
      version: hash.slice(0, 12),
      etag: `"${hash.slice(0, 32)}"`,
      mtimeMs: info.mtimeMs,
      size: info.size,
    };
    this.entries.set(file, entry);
    return entry;
  }
}
