export { listNotifications, markNotificationsRead, notificationColumns, sendNotification } from './inbox';
export { notify } from './notify';
