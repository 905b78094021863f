import { describe, expect, it } from 'vitest';
import { isChildrensPage } from './childrensPages';

describe('isChildrensPage', () => {
  it('is false for the teachers’ pages and the pages before sign-in', () => {
    for (const path of ['/', '/login', '/classes', '/classes/abc/tasks/def', '/demo', '/submitted-list']) {
      expect(isChildrensPage(path), path).toBe(false);
    }
  });

  it('is true for the submit page and a feedback link', () => {
    for (const path of ['/submit', '/submit/abc', '/submit/abc/', '/feedback', '/feedback/token']) {
      expect(isChildrensPage(path), path).toBe(true);
    }
  });
});
