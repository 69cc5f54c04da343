#!/usr/bin/env node
// Packages the WordPress plugin as an installable zip (Plugins → Add New → Upload), with no
// dependency beyond Node: the zip is written with node:zlib.
//
// Usage:
//   node scripts/wordpress/build-zip.mjs                  → wordpress-plugin/build/storefront-assistant-<version>.zip
//   node scripts/wordpress/build-zip.mjs --out <file.zip>
//   node scripts/wordpress/build-zip.mjs --unpacked <dir> → <dir>/storefront-assistant/ (what the zip would install)
import { deflateRawSync } from 'node:zlib';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const SLUG = 'storefront-assistant';
const pluginDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../wordpress-plugin');
/** What ships: everything else in wordpress-plugin/ (tests, PHPUnit config, build output) stays out. */
const SHIPPED = ['storefront-assistant.php', 'uninstall.php', 'readme.txt', 'src', 'languages'];

function pluginVersion() {
  const header = readFileSync(join(pluginDir, 'storefront-assistant.php'), 'utf8').match(/^\s*\*\s*Version:\s*(\S+)/m)?.[1];
  const constant = readFileSync(join(pluginDir, 'src/Plugin.php'), 'utf8').match(/const VERSION = '([^']+)'/)?.[1];
  const stable = readFileSync(join(pluginDir, 'readme.txt'), 'utf8').match(/^Stable tag:\s*(\S+)/m)?.[1];
  if (!header || header !== constant || header !== stable) {
    throw new Error(`Version mismatch: plugin header ${header}, Plugin::VERSION ${constant}, readme.txt stable tag ${stable}`);
  }
  return header;
}

/** Shipped files, relative to wordpress-plugin/, sorted so that the zip is reproducible. */
function shippedFiles() {
  const files = [];
  const walk = (path) => {
    if (statSync(path).isDirectory())
      readdirSync(path)
        .sort()
        .forEach((entry) => walk(join(path, entry)));
    else files.push(relative(pluginDir, path).split(sep).join('/'));
  };
  for (const entry of SHIPPED) {
    // languages/ exists only once translations are added.
    if (existsSync(join(pluginDir, entry))) walk(join(pluginDir, entry));
  }
  return files;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let crc = 0xffffffff;
  for (const byte of buffer) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

// Every entry is dated 1980-01-01 00:00 (the DOS epoch), so the same sources give the same zip.
const DOS_TIME = 0;
const DOS_DATE = (0 << 9) | (1 << 5) | 1;

/** A zip archive (deflate, no encryption, no zip64: the plugin is far below 4 GB). */
function zip(entries) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const compressed = deflateRawSync(data, { level: 9 });
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed to extract
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, nameBytes, compressed);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by: Unix, spec 2.0
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(DOS_TIME, 12);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38); // external attributes: a regular file, rw-r--r--
    central.writeUInt32LE(offset, 42);
    centrals.push(central, nameBytes);

    offset += local.length + nameBytes.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

function main(argv) {
  const option = (name) => {
    const index = argv.indexOf(name);
    return index === -1 ? undefined : argv[index + 1];
  };
  const version = pluginVersion();
  const files = shippedFiles();

  const unpacked = option('--unpacked');
  if (unpacked) {
    const target = join(resolve(unpacked), SLUG);
    rmSync(target, { recursive: true, force: true });
    for (const file of files) {
      mkdirSync(dirname(join(target, file)), { recursive: true });
      cpSync(join(pluginDir, file), join(target, file));
    }
    console.log(target);
    return;
  }

  const out = resolve(option('--out') ?? join(pluginDir, 'build', `${SLUG}-${version}.zip`));
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, zip(files.map((file) => ({ name: `${SLUG}/${file}`, data: readFileSync(join(pluginDir, file)) }))));
  console.log(`${out} (${files.length} files, version ${version})`);
}

main(process.argv.slice(2));
