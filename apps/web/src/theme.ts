import { createTheme } from '@mantine/core';
import { deShell } from './i18n/de.shell';

export const theme = createTheme({
  primaryColor: 'teal',
  defaultRadius: 'md',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji"',
  headings: {
    fontWeight: '700',
    // A long German word ('Benachrichtigungen') fits a phone's width: smaller there, full size from tablets on.
    sizes: { h1: { fontSize: 'clamp(1.625rem, 1.25rem + 1.5vw, 2.125rem)' } },
  },
  respectReducedMotion: true,
  components: {
    // Every dialog's close button (an icon) gets a German name. A plain object: importing Modal here
    // would pull it into the entry chunk.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': deShell.close.dialog } } },
    // Badges size to their content: Mantine's would shrink in a tight row or table cell and cut their text.
    Badge: { styles: { root: { flexShrink: 0, minWidth: 'max-content' } } },
    // A word longer than the line breaks instead of running out of the page.
    Title: { styles: { root: { overflowWrap: 'break-word' } } },
  },
});
