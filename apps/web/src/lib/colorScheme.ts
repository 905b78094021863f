import type { MantineColorScheme } from '@mantine/core';

type ForcedColorScheme = Exclude<MantineColorScheme, 'auto'>;

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /**
     * Forces light or dark colour mode while this route is shown (PRODUCT.md §2); unset follows the system.
     * The deepest matched route that sets it wins.
     */
    colorScheme?: ForcedColorScheme;
  }
}

/** The colour scheme the current matches force, if any (read from each route's `staticData`). */
export function forcedColorScheme(
  matches: readonly { staticData?: { colorScheme?: ForcedColorScheme } }[],
): ForcedColorScheme | undefined {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const scheme = matches[i]?.staticData?.colorScheme;
    if (scheme) return scheme;
  }
  return undefined;
}
