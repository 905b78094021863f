import type { Page } from 'playwright-core';

/** A button, badge, tab or header link whose text the user cannot read in full, and why. */
export interface ClippedElement {
  kind: string;
  text: string;
  reason: string;
}

/**
 * Finds every visible button, badge, tab and header link of the page whose text is cut: the element or a part
 * of it (its label, a truncated text) is narrower or lower than its content while it hides the rest (overflow
 * other than visible, or an ellipsis); an ancestor that hides its overflow cuts the element off, or it runs out
 * of a fixed bar (the header); the text runs out of the element's box; or the element sticks out of the
 * viewport sideways without a scrolling container that would bring it into view. Also reports a page that
 * scrolls sideways as a whole. With `sidewaysScrolling: false` (a laptop's width) an element that a scrolling
 * container (a wide table) shows only after scrolling sideways counts as cut too. Runs inside the page.
 */
export async function findClipped(
  page: Page,
  options: { sidewaysScrolling: boolean },
): Promise<ClippedElement[]> {
  return page.evaluate(({ sidewaysScrolling }) => {
    // One pixel of slack: scroll sizes are rounded, and Mantine's button shine (::before) sits 1 px outside.
    const SLACK = 1;
    const found: Array<{ kind: string; text: string; reason: string }> = [];
    const viewportWidth = document.documentElement.clientWidth;

    if (document.documentElement.scrollWidth > viewportWidth + SLACK) {
      found.push({
        kind: 'page',
        text: document.title,
        reason: `page scrolls sideways (${document.documentElement.scrollWidth} px content in ${viewportWidth} px)`,
      });
    }

    const hides = (value: string) => value !== 'visible';
    const visuallyHidden = (node: Element, style: CSSStyleDeclaration) => {
      if (style.position !== 'absolute' && style.position !== 'fixed') return false;
      const box = node.getBoundingClientRect();
      return box.width <= 1 || box.height <= 1;
    };
    const kindOf = (el: Element) =>
      el.matches('[role="tab"]')
        ? 'tab'
        : el.matches('.mantine-Badge-root')
          ? 'badge'
          : el.matches('.mantine-SegmentedControl-label')
            ? 'tab'
            : el.matches('header a:not(.mantine-Button-root)')
              ? 'header link'
              : 'button';

    const targets = document.querySelectorAll(
      'button, [role="button"], a.mantine-Button-root, .mantine-Badge-root, [role="tab"], .mantine-SegmentedControl-label, header a',
    );
    for (const el of Array.from(targets)) {
      if (!(el instanceof HTMLElement)) continue;
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
      // Icon-only controls (burger, close buttons) have nothing to cut.
      if (!text) continue;
      if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      const rect = el.getBoundingClientRect();
      // Visually hidden helpers and collapsed sections are not on screen.
      if (rect.width < 2 || rect.height < 2) continue;
      const report = (reason: string) => found.push({ kind: kindOf(el), text, reason });

      // 1. The element or something inside it hides content it has no room for.
      const inner = [el, ...Array.from(el.querySelectorAll<HTMLElement>('*'))];
      for (const node of inner) {
        if (!node.checkVisibility()) continue;
        const style = getComputedStyle(node);
        // Text for screen readers only (a 1 px box) is meant to be out of sight.
        if (visuallyHidden(node, style)) continue;
        const ellipsis = style.textOverflow === 'ellipsis';
        if ((hides(style.overflowX) || ellipsis) && node.scrollWidth > node.clientWidth + SLACK) {
          report(`cut sideways (${node.scrollWidth} px content in ${node.clientWidth} px)`);
          break;
        }
        if (hides(style.overflowY) && node.scrollHeight > node.clientHeight + SLACK) {
          report(`cut at the bottom (${node.scrollHeight} px content in ${node.clientHeight} px)`);
          break;
        }
      }

      // 2. The text runs out of the element's box (drawn over its neighbours or cut by the element).
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      textNodes: for (let t = walker.nextNode(); t; t = walker.nextNode()) {
        const parent = t.parentElement;
        if (!parent?.checkVisibility() || !t.textContent?.trim()) continue;
        if (visuallyHidden(parent, getComputedStyle(parent))) continue;
        const range = document.createRange();
        range.selectNodeContents(t);
        for (const box of Array.from(range.getClientRects())) {
          if (box.width === 0) continue;
          if (box.left < rect.left - SLACK || box.right > rect.right + SLACK) {
            report('text wider than the element');
            break textNodes;
          }
        }
      }

      // 3. An ancestor that hides its overflow cuts the element off; a scrolling one can bring it into view.
      let scrollsSideways = false;
      let scrollsDown = false;
      for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (visuallyHidden(node, style)) break;
        const box = node.getBoundingClientRect();
        const clipsX = !scrollsSideways && (style.overflowX === 'hidden' || style.overflowX === 'clip');
        const clipsY = !scrollsDown && (style.overflowY === 'hidden' || style.overflowY === 'clip');
        if (style.overflowX === 'auto' || style.overflowX === 'scroll') {
          if (
            !sidewaysScrolling &&
            !scrollsSideways &&
            (rect.left < box.left - SLACK || rect.right > box.right + SLACK)
          ) {
            report('only reachable by scrolling sideways');
            scrollsSideways = true;
            break;
          }
          scrollsSideways = true;
        }
        if (style.overflowY === 'auto' || style.overflowY === 'scroll') scrollsDown = true;
        if (clipsX && (rect.left < box.left - SLACK || rect.right > box.right + SLACK)) {
          report(
            `cut off by a container (${Math.round(rect.right - rect.left)} px wide, room ${Math.round(box.width)} px)`,
          );
          break;
        }
        if (clipsY && (rect.top < box.top - SLACK || rect.bottom > box.bottom + SLACK)) {
          report('cut off at the top or bottom by a container');
          break;
        }
        // A fixed or sticky bar (the header) has a fixed size: what does not fit runs out of it.
        const bar = style.position === 'fixed' || style.position === 'sticky';
        if (
          bar &&
          (rect.left < box.left - SLACK ||
            rect.right > box.right + SLACK ||
            rect.top < box.top - SLACK ||
            rect.bottom > box.bottom + SLACK)
        ) {
          report('runs out of its bar');
          break;
        }
      }

      // 4. Outside the viewport sideways, with nothing to scroll it into view.
      if (!scrollsSideways && (rect.left < -SLACK || rect.right > viewportWidth + SLACK)) {
        report(
          `outside the viewport (${Math.round(rect.left)}…${Math.round(rect.right)} of ${viewportWidth} px)`,
        );
      }
    }
    // One report per element and reason.
    const seen = new Set<string>();
    return found.filter((f) => {
      const key = `${f.kind}|${f.text}|${f.reason}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }, options);
}
