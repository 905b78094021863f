import { UserMenu } from '../features/account';
import { NotificationBell } from '../features/notifications';

/** The end of the signed-in layouts' header: the notification bell and the user menu. */
export function HeaderActions() {
  return (
    <>
      <NotificationBell />
      <UserMenu />
    </>
  );
}
