import { errorCatalog } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { de } from './de';

// One form for students everywhere (docs/decisions/014-wording.md): "Schüler", singular and plural, as the
// product's required texts have it. None of the other forms may come back into the web catalog or the
// contract's messages.
const OTHER_FORMS = /Schülerin|Schüler\s*[/*:_]\s*-?in(nen)?\b|SchülerIn|Schüler\(in(nen)?\)|Lernende/;

const catalogSources = import.meta.glob<string>(['./*.ts', '!./*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const contractSources = import.meta.glob<string>(
  ['../../../../packages/contract/src/**/*.ts', '!../../../../packages/contract/src/**/*.test.ts'],
  { query: '?raw', import: 'default', eager: true },
);

/** Lines of these sources that use another form, as `file:line: text`. */
function offending(sources: Record<string, string>): string[] {
  return Object.entries(sources).flatMap(([file, text]) =>
    text
      .split('\n')
      .flatMap((line, index) =>
        OTHER_FORMS.test(line) ? [`${file}:${String(index + 1)}: ${line.trim()}`] : [],
      ),
  );
}

/** Every string in a nested catalog object. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(strings);
  return [];
}

describe('Wording for students', () => {
  it('finds the catalog and contract sources it scans', () => {
    expect(Object.keys(catalogSources)).toContain('./de.ts');
    expect(Object.keys(contractSources).some((file) => file.endsWith('/errors.ts'))).toBe(true);
  });

  it('uses "Schüler" throughout the web catalog', () => {
    expect(offending(catalogSources)).toEqual([]);
    expect(strings(de).filter((text) => OTHER_FORMS.test(text))).toEqual([]);
  });

  it('uses "Schüler" throughout the contract (error messages and other texts)', () => {
    expect(offending(contractSources)).toEqual([]);
    expect(strings(errorCatalog).filter((text) => OTHER_FORMS.test(text))).toEqual([]);
  });

  it('recognises the other forms it forbids', () => {
    for (const text of [
      'Schülerinnen und Schüler',
      'Schülerin',
      'Schüler/in',
      'Schüler/-in',
      'Schüler*in',
      'Schüler:innen',
      'SchülerInnen',
      'Schüler(innen)',
      'Lernende',
    ])
      expect(OTHER_FORMS.test(text), text).toBe(true);
    for (const text of ['Schüler', 'Schülern', 'Schülerkonto', 'Schüler erstellen'])
      expect(OTHER_FORMS.test(text), text).toBe(false);
  });
});
