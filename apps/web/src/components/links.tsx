import {
  Anchor,
  Button,
  NavLink,
  type AnchorProps,
  type ButtonProps,
  type NavLinkProps,
} from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';

/**
 * Mantine components as type-safe router links (`to`, `params`, `search`, preloading on intent).
 * TanStack Router marks the active link with `data-status="active"` and `aria-current="page"`.
 */

type AnchorElementProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'> & {
  ref?: Ref<HTMLAnchorElement>;
};

function MantineAnchor(props: AnchorProps & AnchorElementProps) {
  return <Anchor {...props} />;
}

function MantineButtonAnchor(props: ButtonProps & AnchorElementProps) {
  return <Button component="a" {...props} />;
}

function MantineNavLinkAnchor(props: NavLinkProps & Omit<AnchorElementProps, 'children'>) {
  const active = props['aria-current'] === 'page';
  return <NavLink component="a" active={active} {...props} />;
}

export const AnchorLink = createLink(MantineAnchor);
export const ButtonLink = createLink(MantineButtonAnchor);
export const NavLinkItem = createLink(MantineNavLinkAnchor);
