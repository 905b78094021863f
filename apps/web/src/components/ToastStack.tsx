import { rem } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { CSSProperties } from 'react';
import { TOAST } from '../lib/toast';
import classes from './Toaster.module.css';

const toastVars = {
  '--toast-offset': rem(TOAST.offsetPx),
  '--toast-gap': rem(TOAST.gapPx),
} as CSSProperties;

/** The toasts themselves (Mantine's Notifications), loaded by `<Toaster />` with the first toast. */
export default function ToastStack() {
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
