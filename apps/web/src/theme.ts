import { createTheme } from '@mantine/core';
import { deShell } from './i18n/de.shell';

export const theme = createTheme({
  primaryColor: 'teal',
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
