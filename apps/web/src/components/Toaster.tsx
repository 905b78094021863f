import { rem } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { CSSProperties } from 'react';
import { TOAST } from '../lib/toast';
import classes from './Toaster.module.css';

const toastVars = {
  '--toast-offset': rem(TOAST.offsetPx),
  '--toast-gap': rem(TOAST.gapPx),
} as CSSProperties;

/** Where toasts appear; mounted once beside the router. Show them with `toast` from lib/toast. */
export function Toaster() {
  return (
    <Notifications
      position="bottom-right"
      limit={TOAST.maxVisible}
      autoClose={TOAST.durationMs}
      containerWidth={TOAST.widthPx}
      classNames={{ root: classes.root, notification: classes.notification }}
      style={toastVars}
    />
  );
}
