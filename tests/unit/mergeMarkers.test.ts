import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * No file the repository holds keeps a merge's conflict markers (README.md once landed with a
 * `<<<<<<< HEAD` block in its layout section). Git's markers start a line with seven `<` or `>`
 * and a space; a line of seven `=` alone is a Markdown heading underline, so it is not checked.
 */
const MARKER = /^(<{7}|>{7}) /m;

function conflictMarkerLines(text: string): number[] {
  return text.split('\n').flatMap((line, index) => (MARKER.test(line) ? [index + 1] : []));
}

describe('merge conflict markers', () => {
  it('finds the markers of a conflict, and not an underline or a quote', () => {
    expect(conflictMarkerLines('a\n<<<<<<< HEAD\nb\n=======\nc\n>>>>>>> outbox\n')).toEqual([2, 6]);
    expect(conflictMarkerLines('Title\n=======\n> quoted\n<<<<<<<x\n')).toEqual([]);
  });

  it('no tracked file holds one', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' }).split('\0').filter(Boolean);
    const found = files.flatMap((file) => {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        return []; // listed but not in the working tree (a deletion not committed yet)
      }
      return conflictMarkerLines(text).map((line) => `${file}:${line}`);
    });
    expect(found).toEqual([]);
  });
});
