import { describe, it, expect } from 'vitest';
import {
  badgeTone,
  proficiencyLabel,
  proficiencyText,
} from './proficiency';

describe('badgeTone', () => {
  it('is green at 90 and above', () => {
    expect(badgeTone(90)).toBe('green');
    expect(badgeTone(96)).toBe('green');
    expect(badgeTone(100)).toBe('green');
  });

  it('is blue from 85 up to just below 90', () => {
    expect(badgeTone(89.99)).toBe('blue');
    expect(badgeTone(89)).toBe('blue');
    expect(badgeTone(85)).toBe('blue');
  });

  it('is yellow below 85', () => {
    expect(badgeTone(84.99)).toBe('yellow');
    expect(badgeTone(84)).toBe('yellow');
    expect(badgeTone(0)).toBe('yellow');
  });

  it('treats a non-number as yellow', () => {
    expect(badgeTone(Number.NaN)).toBe('yellow');
  });
});

describe('proficiencyText / proficiencyLabel', () => {
  it('formats a whole percent, clamped to 0-100', () => {
    expect(proficiencyText(96)).toBe('96%');
    expect(proficiencyText(84.6)).toBe('85%');
    expect(proficiencyText(120)).toBe('100%');
    expect(proficiencyText(-3)).toBe('0%');
  });

  it('names the level of each tone', () => {
    expect(proficiencyLabel(96)).toBe('96% proficiency (Expert)');
    expect(proficiencyLabel(85)).toBe('85% proficiency (Advanced)');
    expect(proficiencyLabel(78)).toBe('78% proficiency (Proficient)');
  });
});
