import { describe, expect, it } from 'vitest';
import { ListCache } from './list-cache';

describe('ListCache', () => {
  it('serves an entry until one of its tables changes', async () => {
    const cache = new ListCache();
    cache.start();
    let loads = 0;
    const load = async () => `body ${++loads}`;
    expect(await cache.get('u1', 'k', ['classes'], load)).toBe('body 1');
    expect(await cache.get('u1', 'k', ['classes'], load)).toBe('body 1');
    cache.tableChanged('tasks');
    expect(await cache.get('u1', 'k', ['classes'], load)).toBe('body 1');
    cache.tableChanged('classes');
    expect(await cache.get('u1', 'k', ['classes'], load)).toBe('body 2');
  });

  it('never keeps a result as fresh when its table changed while it was read', async () => {
    const cache = new ListCache();
    cache.start();
    // The write commits (and is announced) while the read is running: the read may have seen either state.
    expect(
      await cache.get('u1', 'k', ['tasks'], async () => (cache.tableChanged('tasks'), 'maybe old')),
    ).toBe('maybe old');
    expect(await cache.get('u1', 'k', ['tasks'], async () => 'new')).toBe('new');
  });

  it('reads through while the change feed is not live, and forgets everything when it drops', async () => {
    const cache = new ListCache();
    let loads = 0;
    const load = async () => `body ${++loads}`;
    expect(await cache.get('u1', 'k', ['classes'], load)).toBe('body 1');
    expect(await cache.get('u1', 'k', ['classes'], load)).toBe('body 2');
    cache.start();
    expect(await cache.get('u1', 'k', ['classes'], load)).toBe('body 3');
    cache.stop();
    cache.start();
    expect(await cache.get('u1', 'k', ['classes'], load)).toBe('body 4');
  });

  it('drops a user’s entries when that user wrote, and keeps the others’', async () => {
    const cache = new ListCache();
    cache.start();
    let loads = 0;
    const load = async () => `body ${++loads}`;
    await cache.get('u1', 'a', ['classes'], load);
    await cache.get('u2', 'b', ['classes'], load);
    cache.userChanged('u1');
    expect(await cache.get('u1', 'a', ['classes'], load)).toBe('body 3');
    expect(await cache.get('u2', 'b', ['classes'], load)).toBe('body 2');
  });
});
