import { Anchor, Button, type AnchorProps, type ButtonProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';

/**
 * Mantine components as type-safe router links (`to`, `params`, `search`, preloading on intent).
 * The navigation links of the layouts are in navLinks.tsx (loaded with the layouts, not with every page).
 * TanStack Router marks the active link with `data-status="active"` and `aria-current="page"`.
 */

export type AnchorElementProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'> & {
  ref?: Ref<HTMLAnchorElement>;
};

function MantineAnchor(props: AnchorProps & AnchorElementProps) {
  return <Anchor {...props} />;
}

// A link works before the page is hydrated (a plain page load): never disabled by the hydrating theme
// (theme.ts).
function MantineButtonAnchor(props: ButtonProps & AnchorElementProps) {
  return <Button component="a" disabled={false} {...props} />;
}

export const AnchorLink = createLink(MantineAnchor);
export const ButtonLink = createLink(MantineButtonAnchor);
