/** The key of Mantine's default colour-scheme manager (localStorageColorSchemeManager), which the web app uses. */
export const COLOR_SCHEME_STORAGE_KEY = 'mantine-color-scheme-value';

/**
 * Runs inline in the head of every HTML page, before the first paint: it sets the colour mode Mantine sets
 * only once the app has started (the stored choice under Mantine's key, else the system's), so a dark page
 * does not start white. Inline, so the public pages wait for no extra request; the API's Content Security
 * Policy allows exactly this text by its hash (`colorSchemeScriptHash`).
 */
export const COLOR_SCHEME_SCRIPT =
  `try{var s=localStorage.getItem('${COLOR_SCHEME_STORAGE_KEY}'),` +
  "d=s==='dark'||(s!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches);" +
  "document.documentElement.setAttribute('data-mantine-color-scheme',d?'dark':'light')}catch(e){}";
