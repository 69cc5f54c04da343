import { chmodSync, existsSync, lstatSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR holds the embedded database, the generated APP_SECRET, the demo owner's password and
 * the admin socket: none of it is for other OS users on the machine.
 */

/** Files and directories this process creates from now on are its OS user's only (0600, 0700). */
export function restrictNewFiles(): void {
  process.umask(0o077);
}

/**
 * Takes the group and other permissions off DATA_DIR and everything in it: a directory made by
 * an earlier version, or files that arrive with fixed modes whatever the umask (PGlite writes
 * its initial database 0666), end up 0700 and 0600. Symbolic links inside are left alone.
 * Returns the paths whose mode could not be changed (owned by another user), for a warning.
 */
export function restrictDataDir(dataDir: string): string[] {
  if (!existsSync(dataDir)) return [];
  const unchanged: string[] = [];
  const restrict = (file: string, mode: number) => {
    if ((mode & 0o077) === 0) return;
    try {
      chmodSync(file, mode & 0o700);
    } catch {
      unchanged.push(file);
    }
  };
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isSymbolicLink()) continue;
      restrict(file, lstatSync(file).mode);
      if (entry.isDirectory()) visit(file);
    }
  };
  restrict(dataDir, statSync(dataDir).mode);
  visit(dataDir);
  return unchanged;
}
