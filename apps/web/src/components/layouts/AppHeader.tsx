import { Burger, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { de } from '../../i18n/de';
import { AnchorLink } from '../links';
import classes from './SkipLink.module.css';

interface AppHeaderProps {
  /** Present when the layout has a collapsible navbar (mobile). */
  navbar?: { opened: boolean; toggle: () => void };
  /** After the navigation: the bell and the user menu (see `HeaderLayoutProps`). */
  actions: ReactNode;
}

/** Top bar of the signed-in layouts: product name, the main sections and the user menu (sign out). */
export function AppHeader({ navbar, actions }: AppHeaderProps) {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <SkipLink />
      <Group gap="sm" wrap="nowrap">
        {navbar && (
          <Burger
            opened={navbar.opened}
            onClick={navbar.toggle}
            hiddenFrom="sm"
            size="sm"
            aria-label={de.nav.toggle}
          />
        )}
        <AnchorLink to="/" fw={700} fz="lg" c="inherit" underline="never">
          {de.app.name}
        </AnchorLink>
      </Group>
      <Group gap="md" wrap="nowrap">
        <Group component="nav" aria-label={de.nav.main} gap="md" wrap="nowrap" visibleFrom="sm">
          <AnchorLink to="/classes">{de.nav.classes}</AnchorLink>
          <AnchorLink to="/subjects">{de.nav.subjects}</AnchorLink>
          {/* A tablet's header has no room for these beside the coin balance: the bell and the user menu
              lead there too. */}
          <AnchorLink to="/notifications" visibleFrom="md">
            {de.nav.notifications}
          </AnchorLink>
          <AnchorLink to="/account" visibleFrom="md">
            {de.nav.account}
          </AnchorLink>
        </Group>
        {actions}
      </Group>
    </Group>
  );
}

/**
 * Hidden until the keyboard reaches it (the first Tab on the page): moves the focus past the header and the
 * navigation to the page's main landmark, so a keyboard user does not tab through both on every page.
 */
function SkipLink() {
  return (
    <a
      href="#main"
      className={classes.skip}
      onClick={(event) => {
        event.preventDefault();
        const main = document.getElementById('main') ?? document.querySelector<HTMLElement>('main');
        if (!main) return;
        // Focusable by script only: the main landmark is no stop of its own in the tab order.
        if (!main.hasAttribute('tabindex')) main.tabIndex = -1;
        main.focus();
      }}
    >
      {de.nav.skipToContent}
    </a>
  );
}
