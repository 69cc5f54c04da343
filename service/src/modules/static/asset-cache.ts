import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** A built file as served: its bytes, their gzip form, and a content hash for ETag and versioning. */
export interface Asset {
  body: Buffer;
  gzip: Buffer;
  /** First 12 hex digits of the SHA-256 of `body`: the `?v=` widget.js asks panel.js for (widget/build.mjs). */
  version: string;
  etag: string;
}

interface Entry extends Asset {
  mtimeMs: number;
  size: number;
}

/**
 * Reads files of a directory once and keeps them, compressed, until they change on disk. The
 * stat on every request is what lets a rebuild of the widget (npm run build -w widget) reach
 * visitors without a restart.
 */
export class AssetCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly dir: string) {}

  /** The asset, or undefined when the file does not exist. */
  async get(name: string): Promise<Asset | undefined> {
    const file = path.join(this.dir, name);
    let info;
    try {
      info = await stat(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    const cached = this.entries.get(name);
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached;
    const body = await readFile(file);
    const hash = createHash('sha256').update(body).digest('hex');
    const entry: Entry = {
      body,
      gzip: gzipSync(body, { level: 9 }),
      version: hash.slice(0, 12),
      etag: `"${hash.slice(0, 32)}"`,
      mtimeMs: info.mtimeMs,
      size: info.size,
    };
    this.entries.set(name, entry);
    return entry;
  }
}
