import { COLOR_SCHEME_STORAGE_KEY, type ColorSchemePreference } from '@app/contract';

/**
 * Writes the mode where Mantine reads it on the next start, also while a page forces another one (Mantine's
 * own setter does nothing then). Storage may be unavailable (private mode): the profile still has it.
 */
export function rememberColorScheme(preference: ColorSchemePreference): void {
  try {
    window.localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, preference);
  } catch {
    // Nothing to do: the mode is applied from the profile once it has loaded.
  }
}
