import { createTheme, mergeThemeOverrides } from '@mantine/core';
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
 * The theme while a page the server rendered is being hydrated (ADR 036): its buttons and fields are disabled
 * until their handlers are there, so that nothing typed or clicked in the first moment is lost (a browser
 * test waits for them too). Links work as plain links meanwhile.
 */
export const hydratingTheme = mergeThemeOverrides(
  theme,
  createTheme({
    components: Object.fromEntries(
      [
        'ActionIcon',
        'Autocomplete',
        'Button',
        'Checkbox',
        'Chip',
        'CloseButton',
        'FileInput',
        'MultiSelect',
        'NativeSelect',
        'NumberInput',
        'PasswordInput',
        'PinInput',
        'Radio',
        'Rating',
        'SegmentedControl',
        'Select',
        'Slider',
        'Switch',
        'TabsTab',
        'TagsInput',
        'Textarea',
        'TextInput',
        'UnstyledButton',
      ].map((name) => [name, { defaultProps: { disabled: true } }]),
    ),
  }),
);
