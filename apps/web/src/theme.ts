import { createTheme, darken, type CSSVariablesResolver } from '@mantine/core';
import { deShell } from './i18n/de.shell';

export const theme = createTheme({
  primaryColor: 'teal',
  // The darkest shade: white text on teal buttons, teal links and light badges all reach WCAG AA (4.5:1);
  // Mantine's default shade 6 gives 2.5:1. autoContrast turns the text dark on light fills (yellow).
  primaryShade: { light: 9, dark: 9 },
  autoContrast: true,
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"',
  headings: { fontWeight: '700' },
  respectReducedMotion: true,
  components: {
    // Every dialog's close button (an icon) gets a German name. A plain object: importing Modal here
    // would pull it into the entry chunk.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': deShell.close.dialog } } },
  },
});

/**
 * Text colours that reach WCAG AA (4.5:1) on their backgrounds. Light mode: links, coloured text and the text of
 * light variants (badges, light buttons, the active nav link) a shade darker than Mantine's darkest, which
 * reaches only 2.7–4.4:1 on a tinted background; dimmed text darker grey. Dark mode: coloured text, outlines,
 * light variants' text and dimmed text lighter.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-anchor': darken(t.colors[t.primaryColor]![9], 0.3),
  };
  const dark: Record<string, string> = { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' };
  for (const [name, shades] of Object.entries(t.colors)) {
    if (name === 'dark' || name === 'gray') continue;
    light[`--mantine-color-${name}-text`] = darken(shades[9], 0.3);
    light[`--mantine-color-${name}-light-color`] = darken(shades[9], 0.3);
    dark[`--mantine-color-${name}-light-color`] = `var(--mantine-color-${name}-3)`;
    dark[`--mantine-color-${name}-text`] = `var(--mantine-color-${name}-3)`;
    dark[`--mantine-color-${name}-outline`] = `var(--mantine-color-${name}-3)`;
  }
  return { variables: {}, light, dark };
};
