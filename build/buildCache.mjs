import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The build's cache of outputs that only change with their inputs (the compressed copies, the
 * minified chunks, the icons and social images): one file per output under
 * node_modules/.cache/dc-build/<kind>/, named by a SHA-256 of everything the output is made from,
 * including the source of the code that makes it and the versions of the packages it calls. A hit
 * is therefore the bytes a fresh run would make; a changed input is a new name, never a stale
 * file. Entries are written by a rename, so an interrupted build leaves no half file; an entry
 * unused for a while is removed (prune), so the folder holds about one state of the site.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
export const CACHE_DIR = join(root, 'node_modules/.cache/dc-build');

/**
 * A hex SHA-256 of the parts, each length-prefixed so that ('ab', 'c') and ('a', 'bc') differ.
 * @param {...(string | Uint8Array)} parts
 * @returns {string}
 */
export function cacheKey(...parts) {
  const hash = createHash('sha256');
  for (const part of parts) {
    hash.update(`${typeof part === 'string' ? Buffer.byteLength(part) : part.length}:`);
    hash.update(part);
  }
  return hash.digest('hex');
}

/**
 * The source of files (relative to the repository's root): a generator's own code, for a key.
 * @param {...string} paths
 * @returns {string}
 */
export const sourceOf = (...paths) => paths.map((path) => `${path}\n${readFileSync(join(root, path), 'utf8')}`).join('\n');

/**
 * The version of an installed package, for a key.
 * @param {string} name
 * @returns {string}
 */
export const packageVersion = (name) =>
  `${name}@${/** @type {{ version: string }} */ (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8'))).version}`;

/** One kind of cached output, with its hit and miss counts. */
export class BuildCache {
  /**
   * @param {string} kind the folder under `parent`
   * @param {string} [parent] CACHE_DIR, but for tests
   */
  constructor(kind, parent = CACHE_DIR) {
    this.dir = join(parent, kind);
    this.hits = 0;
    this.misses = 0;
    mkdirSync(this.dir, { recursive: true });
  }

  /**
   * The cached bytes of `key`, or null. A hit renews the entry's time, which prune() reads.
   * @param {string} key
   * @returns {Buffer | null}
   */
  get(key) {
    const file = join(this.dir, key);
    try {
      const bytes = readFileSync(file);
      const now = new Date();
      utimesSync(file, now, now);
      this.hits++;
      return bytes;
    } catch {
      this.misses++;
      return null;
    }
  }

  /**
   * @param {string} key
   * @param {string | Uint8Array} bytes
   */
  set(key, bytes) {
    const file = join(this.dir, key);
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, bytes);
    renameSync(temporary, file);
  }

  /**
   * The cached bytes of `key`, else `make()`'s, stored.
   * @param {string} key
   * @param {() => Promise<Uint8Array> | Uint8Array} make
   * @returns {Promise<Buffer>}
   */
  async getOrMake(key, make) {
    const hit = this.get(key);
    if (hit) return hit;
    const bytes = Buffer.from(await make());
    this.set(key, bytes);
    return bytes;
  }

  /** "12 cached, 3 made" */
  summary() {
    return `${this.hits} cached, ${this.misses} made`;
  }

  /**
   * Removes the entries no build has used for `days` (and temporary files an interrupted build left).
   * @param {number} [days]
   */
  prune(days = 7) {
    const before = Date.now() - days * 24 * 3600 * 1000;
    for (const name of readdirSync(this.dir)) {
      const file = join(this.dir, name);
      if (name.endsWith('.tmp') ? statSync(file).mtimeMs < Date.now() - 3600 * 1000 : statSync(file).mtimeMs < before) rmSync(file, { force: true });
    }
  }
}
