import { NavLink, type NavLinkProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { AnchorElementProps } from './links';

function MantineNavLinkAnchor(props: NavLinkProps & Omit<AnchorElementProps, 'children'>) {
  const active = props['aria-current'] === 'page';
  return <NavLink component="a" active={active} {...props} />;
}

/** Mantine's NavLink as a router link, for the navigation of the teacher and admin layouts. */
export const NavLinkItem = createLink(MantineNavLinkAnchor);
